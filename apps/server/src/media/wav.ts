/**
 * PCM WAV reading and writing, and the float sample buffers the audio code works with. Pure: the
 * soundtrack (music bed, narration, voice sample) is mixed here, and ffmpeg only encodes the result.
 */

/** Interleaved-free audio: one Float32Array per channel, samples in -1..1. */
export interface PcmAudio {
  sampleRate: number;
  channels: Float32Array[];
}

export const pcmDuration = (audio: PcmAudio): number => (audio.channels[0]?.length ?? 0) / audio.sampleRate;

export function createSilence(sampleRate: number, channelCount: number, seconds: number): PcmAudio {
  const length = Math.max(0, Math.round(seconds * sampleRate));
  return { sampleRate, channels: Array.from({ length: channelCount }, () => new Float32Array(length)) };
}

/** 16-bit PCM WAV of the audio, with clipping to the 16-bit range. */
export function encodeWav(audio: PcmAudio): Buffer {
  const channelCount = audio.channels.length;
  const frames = audio.channels[0]?.length ?? 0;
  const dataBytes = frames * channelCount * 2;
  const buffer = Buffer.alloc(44 + dataBytes);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(channelCount, 22);
  buffer.writeUInt32LE(audio.sampleRate, 24);
  buffer.writeUInt32LE(audio.sampleRate * channelCount * 2, 28);
  buffer.writeUInt16LE(channelCount * 2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(dataBytes, 40);
  // Interleave into a typed view of the data chunk (WAV is little-endian, as every host running this).
  const samples = new Int16Array(buffer.buffer, buffer.byteOffset + 44, frames * channelCount);
  for (let channel = 0; channel < channelCount; channel += 1) {
    const source = audio.channels[channel];
    if (!source) continue;
    for (let frame = 0; frame < frames; frame += 1) {
      const clipped = Math.max(-1, Math.min(1, source[frame] ?? 0));
      samples[frame * channelCount + channel] = Math.round(clipped < 0 ? clipped * 0x8000 : clipped * 0x7fff);
    }
  }
  return buffer;
}

/** Reads a PCM WAV (8/16/24/32-bit integer or 32-bit float); throws on anything else. */
export function decodeWav(buffer: Buffer): PcmAudio {
  if (
    buffer.length < 12 ||
    buffer.toString('ascii', 0, 4) !== 'RIFF' ||
    buffer.toString('ascii', 8, 12) !== 'WAVE'
  ) {
    throw new Error('Not a WAV file');
  }
  let offset = 12;
  let format: { audioFormat: number; channelCount: number; sampleRate: number; bits: number } | null = null;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4);
    let size = buffer.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      format = {
        audioFormat: buffer.readUInt16LE(body),
        channelCount: buffer.readUInt16LE(body + 2),
        sampleRate: buffer.readUInt32LE(body + 4),
        bits: buffer.readUInt16LE(body + 14),
      };
      // WAVE_FORMAT_EXTENSIBLE keeps the real format in its sub-format GUID.
      if (format.audioFormat === 0xfffe && size >= 26) format.audioFormat = buffer.readUInt16LE(body + 24);
    } else if (id === 'data') {
      if (!format) throw new Error('WAV data before its format');
      // Streams written to a pipe carry a placeholder size: read to the end.
      if (size === 0 || size === 0xffffffff || body + size > buffer.length) size = buffer.length - body;
      return decodeSamples(buffer.subarray(body, body + size), format);
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV without data');
}

function decodeSamples(
  data: Buffer,
  format: { audioFormat: number; channelCount: number; sampleRate: number; bits: number },
): PcmAudio {
  const { audioFormat, channelCount, sampleRate, bits } = format;
  const bytes = bits / 8;
  if (channelCount < 1 || !Number.isInteger(bytes) || bytes < 1) throw new Error('Unsupported WAV format');
  const isFloat = audioFormat === 3;
  if (!isFloat && audioFormat !== 1) throw new Error('Unsupported WAV encoding');
  if (isFloat && bits !== 32) throw new Error('Unsupported WAV float size');
  const frames = Math.floor(data.length / (bytes * channelCount));
  const channels = Array.from({ length: channelCount }, () => new Float32Array(frames));
  let offset = 0;
  for (let frame = 0; frame < frames; frame += 1) {
    for (let channel = 0; channel < channelCount; channel += 1) {
      let value: number;
      if (isFloat) value = data.readFloatLE(offset);
      else if (bytes === 1) value = (data.readUInt8(offset) - 128) / 128;
      else if (bytes === 2) value = data.readInt16LE(offset) / 0x8000;
      else if (bytes === 3) value = data.readIntLE(offset, 3) / 0x800000;
      else value = data.readInt32LE(offset) / 0x80000000;
      (channels[channel] as Float32Array)[frame] = value;
      offset += bytes;
    }
  }
  return { sampleRate, channels };
}
