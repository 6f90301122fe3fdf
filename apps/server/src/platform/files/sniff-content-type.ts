/**
 * The type of a file from its first bytes (its "magic number"), never from the name or the type the
 * client claimed: a file is only handled as the kind its content says it is. Pure.
 */

export type SniffedImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | 'image/bmp';
export type SniffedAudioType = 'audio/mpeg' | 'audio/wav' | 'audio/ogg' | 'audio/mp4' | 'audio/webm';

/** File name extension of each sniffed type, for the storage keys. */
export const EXTENSION_OF: Record<SniffedImageType | SniffedAudioType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/webm': 'webm',
};

const startsWith = (data: Buffer, bytes: readonly number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((byte, index) => data[offset + index] === byte);

const ascii = (data: Buffer, offset: number, text: string) =>
  data.length >= offset + text.length && data.toString('latin1', offset, offset + text.length) === text;

// Sizes of the BMP info headers in use (core, v1..v5): "BM" alone is too weak a signature.
const BMP_INFO_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

export function sniffImageType(data: Buffer): SniffedImageType | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(data, 0, 'GIF87a') || ascii(data, 0, 'GIF89a')) return 'image/gif';
  if (ascii(data, 0, 'RIFF') && ascii(data, 8, 'WEBP')) return 'image/webp';
  if (ascii(data, 0, 'BM') && data.length >= 26 && BMP_INFO_HEADER_SIZES.has(data.readUInt32LE(14))) {
    return 'image/bmp';
  }
  return null;
}

/** An MPEG audio frame header: 11 sync bits, a known version, layer I-III, a usable bitrate and rate. */
function isMpegFrame(data: Buffer, offset: number): boolean {
  if (data.length < offset + 4) return false;
  const [b0, b1, b2] = [data[offset] ?? 0, data[offset + 1] ?? 0, data[offset + 2] ?? 0];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0x03;
  const layer = (b1 >> 1) & 0x03;
  const bitrate = (b2 >> 4) & 0x0f;
  const sampleRate = (b2 >> 2) & 0x03;
  return version !== 0x01 && layer !== 0x00 && bitrate !== 0x0f && bitrate !== 0x00 && sampleRate !== 0x03;
}

export function sniffAudioType(data: Buffer): SniffedAudioType | null {
  if (ascii(data, 0, 'RIFF') && ascii(data, 8, 'WAVE')) return 'audio/wav';
  if (ascii(data, 0, 'OggS')) return 'audio/ogg';
  if (ascii(data, 4, 'ftyp')) return 'audio/mp4';
  if (startsWith(data, [0x1a, 0x45, 0xdf, 0xa3])) return 'audio/webm';
  if (ascii(data, 0, 'ID3') || isMpegFrame(data, 0)) return 'audio/mpeg';
  return null;
}
