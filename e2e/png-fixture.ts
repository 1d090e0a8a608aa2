import { deflateSync } from 'node:zlib';

// Small but visible PNG fixtures (issue 12): the room shows the patient's ID and photo, and a
// 1×1 pixel draws as a blank box in the screenshots. A 64×40 card: a light ground, a block of
// the given colour at the left (the "portrait") and three darker lines at the right (the
// "text"), so a screenshot shows at a glance which image is which.

type Rgb = readonly [number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 64×40 RGB PNG: a card with a coloured block and three lines. */
export function cardPng(colour: Rgb, width = 64, height = 40): Buffer {
  const ground: Rgb = [241, 245, 249];
  const ink: Rgb = [51, 65, 85];
  const pixel = (x: number, y: number): Rgb => {
    if (x >= 4 && x < 26 && y >= 6 && y < 34) return colour;
    if (x >= 30 && x < 60 && [8, 16, 24].some((top) => y >= top && y < top + 3)) return ink;
    return ground;
  };
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0: none
    for (let x = 0; x < width; x++) Buffer.from(pixel(x, y)).copy(row, 1 + x * 3);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The block's colour by what the file stands for: blue ID, amber photo, green otherwise. */
export function colourFor(name: string): Rgb {
  if (/\bid\b|government/i.test(name.replace(/[_.-]/g, ' '))) return [37, 99, 235];
  if (/photo|portrait|face/i.test(name)) return [217, 119, 6];
  return [22, 163, 74];
}
