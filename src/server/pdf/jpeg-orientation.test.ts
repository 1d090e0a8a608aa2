import { describe, expect, it } from 'vitest';
import { TINY_JPEG } from '../test/files.js';
import { jpegRotation } from './jpeg-orientation.js';

/** TINY_JPEG with an EXIF segment carrying `orientation`, in either byte order. */
function withOrientation(orientation: number, little: boolean): Uint8Array {
  const tiff = Buffer.alloc(26);
  tiff.write(little ? 'II' : 'MM', 0, 'latin1');
  const u16 = (v: number, o: number) =>
    little ? tiff.writeUInt16LE(v, o) : tiff.writeUInt16BE(v, o);
  const u32 = (v: number, o: number) =>
    little ? tiff.writeUInt32LE(v, o) : tiff.writeUInt32BE(v, o);
  u16(42, 2);
  u32(8, 4); // the first IFD
  u16(1, 8); // one entry
  u16(0x0112, 10); // Orientation
  u16(3, 12); // SHORT
  u32(1, 14);
  u16(orientation, 18);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const app1 = Buffer.alloc(4);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([TINY_JPEG.subarray(0, 2), app1, body, TINY_JPEG.subarray(2)]);
}

describe('jpegRotation', () => {
  it.each([
    [1, 0],
    [3, 180],
    [6, 90],
    [8, 270],
  ] as const)('orientation %i turns %i degrees, in both byte orders', (tag, degrees) => {
    expect(jpegRotation(withOrientation(tag, true))).toBe(degrees);
    expect(jpegRotation(withOrientation(tag, false))).toBe(degrees);
  });

  it('reads no turn from a JPEG without EXIF, nor from what is not a JPEG', () => {
    expect(jpegRotation(TINY_JPEG)).toBe(0);
    expect(jpegRotation(Buffer.from('%PDF-1.4'))).toBe(0);
    expect(jpegRotation(new Uint8Array(0))).toBe(0);
  });
});
