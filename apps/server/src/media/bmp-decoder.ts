import { MediaError } from './media-error';

/** Raw RGBA pixels of a decoded BMP, for sharp's `raw` input (libvips cannot read BMP). */
export interface RawRgbaImage {
  width: number;
  height: number;
  data: Buffer;
}

export const isBmp = (data: Buffer) => data.length >= 26 && data[0] === 0x42 && data[1] === 0x4d;

const unsupported = (detail: string) =>
  new MediaError('unsupported_media', 'This BMP variant is not supported; please use PNG or JPEG.', {
    details: detail,
  });
const invalid = (detail: string) =>
  new MediaError('invalid_media', 'The image file is damaged.', { details: detail });

function maskShift(mask: number): { shift: number; max: number } {
  if (mask === 0) return { shift: 0, max: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift += 1;
  return { shift, max: mask >>> shift };
}

/**
 * Decodes uncompressed BMPs (1, 4, 8-bit palette; 16, 24, 32-bit, with or without bit fields),
 * top-down or bottom-up. Compressed (RLE, embedded JPEG/PNG) files are refused. Pure; the pixel
 * limit is checked before anything is allocated.
 */
export function decodeBmp(data: Buffer, maxPixels: number): RawRgbaImage {
  if (!isBmp(data)) throw invalid('missing BM signature');
  const pixelOffset = data.readUInt32LE(10);
  const headerSize = data.readUInt32LE(14);
  if (headerSize < 40 || 14 + headerSize > data.length) throw unsupported(`header size ${headerSize}`);
  const width = data.readInt32LE(18);
  const rawHeight = data.readInt32LE(22);
  const bits = data.readUInt16LE(28);
  const compression = data.readUInt32LE(30);
  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight);
  if (width <= 0 || height <= 0) throw invalid('empty image');
  if (width * height > maxPixels) {
    throw new MediaError('media_too_large', 'The image has too many pixels.', {
      details: `${width}x${height}`,
    });
  }
  if (compression !== 0 && compression !== 3 && compression !== 6)
    throw unsupported(`compression ${compression}`);
  if (![1, 4, 8, 16, 24, 32].includes(bits)) throw unsupported(`${bits} bits`);

  let masks = { r: 0x7c00, g: 0x03e0, b: 0x001f, a: 0 };
  if (bits === 32) masks = { r: 0x00ff0000, g: 0x0000ff00, b: 0x000000ff, a: 0 };
  if (compression === 3 || compression === 6) {
    // Masks follow a 40-byte header, or sit inside V4/V5 headers at the same place.
    const at = 14 + 40;
    if (at + 12 > data.length) throw invalid('missing bit masks');
    masks = {
      r: data.readUInt32LE(at),
      g: data.readUInt32LE(at + 4),
      b: data.readUInt32LE(at + 8),
      a: headerSize >= 56 || compression === 6 ? data.readUInt32LE(at + 12) : 0,
    };
  } else if (bits === 32 && headerSize >= 56) {
    masks.a = data.readUInt32LE(14 + 52);
  }

  const paletteEntries = bits <= 8 ? data.readUInt32LE(46) || 1 << bits : 0;
  const paletteStart = 14 + headerSize;
  const palette: number[][] = [];
  for (let i = 0; i < paletteEntries; i += 1) {
    const at = paletteStart + i * 4;
    if (at + 3 >= data.length) break;
    palette.push([data[at + 2] ?? 0, data[at + 1] ?? 0, data[at] ?? 0]);
  }
  const rowBytes = Math.ceil((width * bits) / 32) * 4;
  if (pixelOffset + rowBytes * height > data.length) throw invalid('truncated pixel data');

  const out = Buffer.alloc(width * height * 4);
  const channels = {
    r: maskShift(masks.r),
    g: maskShift(masks.g),
    b: maskShift(masks.b),
    a: maskShift(masks.a),
  };
  const scale = (value: number, channel: { shift: number; max: number }, mask: number) =>
    channel.max === 0 ? 255 : Math.round((((value & mask) >>> channel.shift) * 255) / channel.max);

  for (let row = 0; row < height; row += 1) {
    const source = pixelOffset + (topDown ? row : height - 1 - row) * rowBytes;
    for (let x = 0; x < width; x += 1) {
      const target = (row * width + x) * 4;
      let rgba: [number, number, number, number];
      if (bits <= 8) {
        const bitIndex = x * bits;
        const byte = data[source + (bitIndex >> 3)] ?? 0;
        const index = (byte >> (8 - bits - (bitIndex & 7))) & ((1 << bits) - 1);
        const color = palette[index] ?? [0, 0, 0];
        rgba = [color[0] ?? 0, color[1] ?? 0, color[2] ?? 0, 255];
      } else if (bits === 24) {
        const at = source + x * 3;
        rgba = [data[at + 2] ?? 0, data[at + 1] ?? 0, data[at] ?? 0, 255];
      } else {
        const value = bits === 16 ? data.readUInt16LE(source + x * 2) : data.readUInt32LE(source + x * 4);
        rgba = [
          scale(value, channels.r, masks.r),
          scale(value, channels.g, masks.g),
          scale(value, channels.b, masks.b),
          masks.a ? scale(value, channels.a, masks.a) : 255,
        ];
      }
      out[target] = rgba[0];
      out[target + 1] = rgba[1];
      out[target + 2] = rgba[2];
      out[target + 3] = rgba[3];
    }
  }
  return { width, height, data: out };
}
