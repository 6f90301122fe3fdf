import { describe, expect, it } from 'vitest';
import { measureSpeech } from './speech-analysis';

/** A voiced buzz (harmonics of f0) switched on and off like syllables. */
function syllables(f0: number, perSecond: number, seconds: number, rate = 16_000) {
  const samples = new Float32Array(Math.round(seconds * rate));
  for (let i = 0; i < samples.length; i += 1) {
    const t = i / rate;
    const envelope = Math.max(0, Math.sin(Math.PI * perSecond * t)) ** 2;
    let buzz = 0;
    for (let h = 1; h <= 6; h += 1) buzz += Math.sin(2 * Math.PI * f0 * h * t) / h;
    samples[i] = 0.3 * envelope * buzz;
  }
  return { sampleRate: rate, channels: [samples] };
}

describe('speech measurements', () => {
  it('finds the pitch of low and high voices', () => {
    const low = measureSpeech(syllables(110, 4, 3));
    const high = measureSpeech(syllables(220, 4, 3));
    expect(low.medianPitchHz).toBeGreaterThan(104);
    expect(low.medianPitchHz).toBeLessThan(116);
    expect(high.medianPitchHz).toBeGreaterThan(209);
    expect(high.medianPitchHz).toBeLessThan(231);
  });

  it('counts syllables per second of speech', () => {
    const slow = measureSpeech(syllables(150, 3, 4));
    const fast = measureSpeech(syllables(150, 6, 4));
    expect(fast.syllablesPerSecond).toBeGreaterThan(slow.syllablesPerSecond * 1.5);
  });

  it('reports no pitch for silence', () => {
    const result = measureSpeech({ sampleRate: 16_000, channels: [new Float32Array(16_000)] });
    expect(result.medianPitchHz).toBeNull();
    expect(result.speechSeconds).toBe(0);
  });
});
