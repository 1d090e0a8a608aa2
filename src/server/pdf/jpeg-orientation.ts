// A phone stores its photo as the sensor saw it and says in the EXIF Orientation tag how to turn
// it upright; browsers obey the tag, PDF does not. The OMMA packet (state-applications/
// packet.ts) reads the tag to place an ID card or a face upright. Only the turns (1, 3, 6, 8)
// are read: mirrored orientations do not come from cameras.

/** Degrees clockwise that turn the stored image upright: 0, 90, 180 or 270. */
export function jpegRotation(bytes: Uint8Array): 0 | 90 | 180 | 270 {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.byteLength < 4 || view.getUint16(0) !== 0xffd8) return 0;
  let at = 2;
  while (at + 4 <= view.byteLength) {
    const marker = view.getUint16(at);
    const length = view.getUint16(at + 2);
    // Start of scan: no more metadata segments.
    if (marker === 0xffda || (marker & 0xff00) !== 0xff00) return 0;
    if (marker === 0xffe1 && at + 10 <= view.byteLength && view.getUint32(at + 4) === 0x45786966)
      return rotationFromTiff(view, at + 10, at + 2 + length);
    at += 2 + length;
  }
  return 0;
}

function rotationFromTiff(view: DataView, tiff: number, end: number): 0 | 90 | 180 | 270 {
  if (tiff + 8 > end || end > view.byteLength) return 0;
  const little = view.getUint16(tiff) === 0x4949;
  const u16 = (o: number) => view.getUint16(o, little);
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > end) return 0;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return 0;
    if (u16(entry) !== 0x0112) continue;
    const orientation = u16(entry + 8);
    return orientation === 3 ? 180 : orientation === 6 ? 90 : orientation === 8 ? 270 : 0;
  }
  return 0;
}
