import { describe, expect, it } from 'vitest';
import { sniffAudioType, sniffImageType } from './sniff-content-type';

const bytes = (hex: string, tail = 32) =>
  Buffer.concat([Buffer.from(hex.replace(/\s/g, ''), 'hex'), Buffer.alloc(tail)]);
const text = (value: string, tail = 32) => Buffer.concat([Buffer.from(value, 'latin1'), Buffer.alloc(tail)]);

describe('content sniffing', () => {
  it('tells images by their signatures, never by name or claim', () => {
    expect(sniffImageType(bytes('ffd8ffe0'))).toBe('image/jpeg');
    expect(sniffImageType(bytes('89504e470d0a1a0a'))).toBe('image/png');
    expect(sniffImageType(text('GIF89a'))).toBe('image/gif');
    expect(sniffImageType(text('GIF87a'))).toBe('image/gif');
    expect(sniffImageType(text('RIFF\x10\x00\x00\x00WEBPVP8 '))).toBe('image/webp');
    const bmp = Buffer.alloc(54);
    bmp.write('BM', 0, 'latin1');
    bmp.writeUInt32LE(40, 14);
    expect(sniffImageType(bmp)).toBe('image/bmp');
  });

  it('refuses look-alikes and other files', () => {
    expect(sniffImageType(text('BM hello, not a bitmap'))).toBeNull();
    expect(sniffImageType(text('RIFF\x10\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(sniffImageType(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(text('<html>'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
    expect(sniffImageType(bytes('ffd8'))).toBeNull();
  });

  it('tells audio containers apart', () => {
    expect(sniffAudioType(text('RIFF\x10\x00\x00\x00WAVEfmt '))).toBe('audio/wav');
    expect(sniffAudioType(text('OggS'))).toBe('audio/ogg');
    expect(sniffAudioType(text('\x00\x00\x00\x20ftypM4A '))).toBe('audio/mp4');
    expect(sniffAudioType(bytes('1a45dfa3'))).toBe('audio/webm');
    expect(sniffAudioType(text('ID3\x04\x00'))).toBe('audio/mpeg');
    // An MPEG-1 layer III frame at 128 kb/s, 44.1 kHz.
    expect(sniffAudioType(bytes('fffb9064'))).toBe('audio/mpeg');
    // Sync bits alone (AAC ADTS has layer 0; a "free" or bad bitrate) are not MP3.
    expect(sniffAudioType(bytes('fff15080'))).toBeNull();
    expect(sniffAudioType(bytes('fffbf064'))).toBeNull();
    expect(sniffAudioType(bytes('ffd8ffe0'))).toBeNull();
    expect(sniffAudioType(text('plain text'))).toBeNull();
  });
});
