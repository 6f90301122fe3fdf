import { describe, expect, it } from 'vitest';
import { decodeBmp, isBmp } from './bmp-decoder';

/** A bottom-up BMP with a 40-byte header. */
function bmp(
  width: number,
  height: number,
  bits: number,
  rows: number[][],
  palette: number[][] = [],
  compression = 0,
): Buffer {
  const rowBytes = Math.ceil((width * bits) / 32) * 4;
  const paletteBytes = palette.length * 4;
  const offset = 54 + paletteBytes;
  const buffer = Buffer.alloc(offset + rowBytes * height);
  buffer.write('BM', 0, 'ascii');
  buffer.writeUInt32LE(buffer.length, 2);
  buffer.writeUInt32LE(offset, 10);
  buffer.writeUInt32LE(40, 14);
  buffer.writeInt32LE(width, 18);
  buffer.writeInt32LE(height, 22);
  buffer.writeUInt16LE(1, 26);
  buffer.writeUInt16LE(bits, 28);
  buffer.writeUInt32LE(compression, 30);
  buffer.writeUInt32LE(palette.length, 46);
  palette.forEach(([r, g, b], index) => buffer.set([b ?? 0, g ?? 0, r ?? 0, 0], 54 + index * 4));
  rows.forEach((row, y) => buffer.set(row, offset + (height - 1 - y) * rowBytes));
  return buffer;
}

describe('BMP decoding', () => {
  it('reads 24-bit pixels bottom-up into RGBA', () => {
    // Top row: red, green; bottom row: blue, white (stored BGR).
    const file = bmp(2, 2, 24, [
      [0, 0, 255, 0, 255, 0],
      [255, 0, 0, 255, 255, 255],
    ]);
    expect(isBmp(file)).toBe(true);
    const image = decodeBmp(file, 100);
    expect([...image.data]).toEqual([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]);
  });

  it('reads 8-bit palette images', () => {
    const file = bmp(
      3,
      1,
      8,
      [[1, 0, 1]],
      [
        [10, 20, 30],
        [200, 100, 50],
      ],
    );
    expect([...decodeBmp(file, 100).data]).toEqual([200, 100, 50, 255, 10, 20, 30, 255, 200, 100, 50, 255]);
  });

  it('refuses compressed files, oversized images and truncated data', () => {
    expect(() =>
      decodeBmp(
        bmp(
          2,
          2,
          8,
          [
            [0, 0],
            [0, 0],
          ],
          [[0, 0, 0]],
          1,
        ),
        100,
      ),
    ).toThrow(/not supported/);
    expect(() => decodeBmp(bmp(20, 20, 24, []), 100)).toThrow(/too many pixels/);
    expect(() => decodeBmp(bmp(2, 2, 24, []).subarray(0, 60), 100)).toThrow(/damaged/);
  });
});
