import { describe, expect, it } from 'vitest';
import { peakLevel } from './audio-mixing';
import { synthesizeMusicBed, type MusicMood } from './music-bed';

const mood: MusicMood = {
  tempo: 120,
  scale: 'minor',
  progression: [0, 5, 2, 6],
  arpeggio: 'sixteenths',
  drums: 'driving',
  brightness: 0.8,
};

describe('music bed', () => {
  it('is exactly as long as asked, stereo, and within its peak', () => {
    const bed = synthesizeMusicBed({ durationSeconds: 3.5, sampleRate: 22_050, mood, seed: 1, peak: 0.4 });
    expect(bed.channels).toHaveLength(2);
    expect(bed.channels[0]).toHaveLength(77_175);
    expect(peakLevel(bed)).toBeLessThanOrEqual(0.4 + 1e-6);
    expect(peakLevel(bed)).toBeGreaterThan(0.2);
  });

  it('is the same for the same seed and differs for another', () => {
    const a = synthesizeMusicBed({ durationSeconds: 2, sampleRate: 8000, mood, seed: 7 });
    const b = synthesizeMusicBed({ durationSeconds: 2, sampleRate: 8000, mood, seed: 7 });
    const c = synthesizeMusicBed({ durationSeconds: 2, sampleRate: 8000, mood, seed: 8 });
    expect(Buffer.from(a.channels[0]?.buffer ?? new ArrayBuffer(0))).toEqual(
      Buffer.from(b.channels[0]?.buffer ?? new ArrayBuffer(0)),
    );
    expect(Buffer.from(a.channels[0]?.buffer ?? new ArrayBuffer(0))).not.toEqual(
      Buffer.from(c.channels[0]?.buffer ?? new ArrayBuffer(0)),
    );
  });
});
