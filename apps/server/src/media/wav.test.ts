import { describe, expect, it } from 'vitest';
import {
  duckUnder,
  fitDuration,
  mixInto,
  peakLevel,
  resample,
  splitAtSilences,
  toStereo,
} from './audio-mixing';
import { createSilence, decodeWav, encodeWav, pcmDuration, type PcmAudio } from './wav';

const tone = (seconds: number, hz: number, rate = 8000, level = 0.5): PcmAudio => ({
  sampleRate: rate,
  channels: [
    Float32Array.from(
      { length: Math.round(seconds * rate) },
      (_, i) => level * Math.sin((2 * Math.PI * hz * i) / rate),
    ),
  ],
});

describe('WAV and mixing', () => {
  it('writes and reads back 16-bit PCM', () => {
    const audio = toStereo(tone(0.5, 440));
    const decoded = decodeWav(encodeWav(audio));
    expect(decoded.sampleRate).toBe(8000);
    expect(decoded.channels).toHaveLength(2);
    expect(pcmDuration(decoded)).toBe(0.5);
    expect(Math.abs((decoded.channels[1]?.[100] ?? 0) - (audio.channels[1]?.[100] ?? 0))).toBeLessThan(1e-4);
    expect(() => decodeWav(Buffer.from('not a wav file at all'))).toThrow('Not a WAV file');
  });

  it('resamples and fits to an exact length', () => {
    expect(pcmDuration(resample(tone(1, 100), 44_100))).toBeCloseTo(1, 3);
    const fitted = fitDuration(tone(1, 100), 0.25);
    expect(fitted.channels[0]).toHaveLength(2000);
    // A cut end fades to silence instead of clicking.
    expect(Math.abs(fitted.channels[0]?.[1999] ?? 1)).toBeLessThan(0.01);
    expect(fitDuration(tone(0.1, 100), 0.5).channels[0]).toHaveLength(4000);
  });

  it('mixes at an offset and ducks music under a voice', () => {
    const bed = toStereo(tone(2, 220));
    const voice = createSilence(8000, 2, 2);
    mixInto(voice, toStereo(tone(0.5, 300, 8000, 0.8)), 1);
    duckUnder(bed, voice, 0.3);
    const level = (audio: PcmAudio, from: number, to: number) =>
      peakLevel({
        sampleRate: 8000,
        channels: audio.channels.map((c) => c.subarray(from * 8000, to * 8000)),
      });
    expect(level(bed, 0.2, 0.8)).toBeGreaterThan(0.45);
    expect(level(bed, 1.2, 1.45)).toBeLessThan(0.2);
  });

  it('splits speech at its longest pauses', () => {
    const line = tone(0.4, 200);
    const gap = (seconds: number) => new Float32Array(Math.round(seconds * 8000));
    const parts = [
      line.channels[0],
      gap(0.2),
      line.channels[0],
      gap(1.2),
      line.channels[0],
      gap(1.3),
      line.channels[0],
    ];
    const joined = new Float32Array(parts.reduce((sum, part) => sum + (part?.length ?? 0), 0));
    let offset = 0;
    for (const part of parts) {
      joined.set(part ?? [], offset);
      offset += part?.length ?? 0;
    }
    const split = splitAtSilences({ sampleRate: 8000, channels: [joined] }, 3, 0.9);
    // Each part keeps 30 ms of silence either side.
    const durations = split?.map(pcmDuration) ?? [];
    expect(durations).toHaveLength(3);
    [1, 0.4, 0.4].forEach((expected, index) =>
      expect(Math.abs((durations[index] ?? 0) - expected)).toBeLessThan(0.08),
    );
    expect(splitAtSilences({ sampleRate: 8000, channels: [joined] }, 4, 0.9)).toBeNull();
  });
});
