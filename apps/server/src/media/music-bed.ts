import { applyFades, fitDuration, normalizePeak, resample } from './audio-mixing';
import { createRandom } from './seeded-random';
import type { PcmAudio } from './wav';

/** The character of a generated music bed; the scene planner picks one per look. */
export interface MusicMood {
  tempo: number;
  scale: 'major' | 'minor';
  /** Scale degrees (0-based) of the chord of each bar, repeated. */
  progression: readonly number[];
  arpeggio: 'none' | 'eighths' | 'sixteenths';
  drums: 'none' | 'soft' | 'driving';
  /** 0..1: more upper harmonics in the pad. */
  brightness: number;
}

export interface MusicBedRequest {
  durationSeconds: number;
  sampleRate: number;
  mood: MusicMood;
  seed: number;
  /** Peak level of the finished bed, 0..1. */
  peak?: number;
}

const SCALES = { major: [0, 2, 4, 5, 7, 9, 11], minor: [0, 2, 3, 5, 7, 8, 10] } as const;
const TABLE_SIZE = 4096;

/** One period of a waveform with the given harmonic amplitudes, for cheap oscillators. */
function wavetable(harmonics: readonly number[]): Float32Array {
  const table = new Float32Array(TABLE_SIZE + 1);
  for (let i = 0; i <= TABLE_SIZE; i += 1) {
    const phase = (i / TABLE_SIZE) * Math.PI * 2;
    table[i] = harmonics.reduce(
      (sum, amplitude, index) => sum + amplitude * Math.sin(phase * (index + 1)),
      0,
    );
  }
  return table;
}

const midiToHz = (note: number) => 440 * 2 ** ((note - 69) / 12);

/** The MIDI note of a scale degree (may exceed the octave) above `root`. */
function degreeNote(root: number, scale: readonly number[], degree: number): number {
  const octave = Math.floor(degree / scale.length);
  const step = ((degree % scale.length) + scale.length) % scale.length;
  return root + octave * 12 + (scale[step] ?? 0);
}

/** Envelope shapes: a slow pad swell, a plucked decay, a bass thump, a drum hit. */
type EnvelopeKind = 'pad' | 'pluck' | 'bass' | 'kick' | 'tom';

function envelopeAt(kind: EnvelopeKind, t: number, length: number): number {
  switch (kind) {
    case 'pad': {
      const edge = Math.min(0.6, length / 3);
      return Math.min(1, t / edge, (length - t) / Math.min(0.8, length / 3));
    }
    case 'pluck':
      return Math.min(1, t / 0.005) * Math.exp(-t * 9);
    case 'bass':
      return Math.min(1, t / 0.01, (length - t) / 0.05) * Math.exp(-t * 2.2);
    case 'kick':
      return Math.exp(-t * 18);
    case 'tom':
      return Math.exp(-t * 10);
  }
}

/** Adds one enveloped wavetable note into a stereo pair (hot loop: kept free of closures). */
function addNote(
  left: Float32Array,
  right: Float32Array,
  sampleRate: number,
  table: Float32Array,
  frequency: number,
  start: number,
  length: number,
  envelope: EnvelopeKind,
  gainLeft: number,
  gainRight: number,
): void {
  const first = Math.max(0, Math.round(start * sampleRate));
  const count = Math.min(Math.round(length * sampleRate), left.length - first);
  const step = (frequency * TABLE_SIZE) / sampleRate;
  // The envelope changes slowly: evaluate it every 32 samples and interpolate in between.
  const block = 32;
  let phase = 0;
  for (let i = 0; i < count; i += block) {
    const from = envelopeAt(envelope, i / sampleRate, length);
    const to = envelopeAt(envelope, Math.min(count, i + block) / sampleRate, length);
    const end = Math.min(count, i + block);
    for (let k = i; k < end; k += 1) {
      const index = phase | 0;
      const a = table[index] as number;
      const value =
        (a + ((table[index + 1] as number) - a) * (phase - index)) * (from + ((to - from) * (k - i)) / block);
      left[first + k] = (left[first + k] as number) + value * gainLeft;
      right[first + k] = (right[first + k] as number) + value * gainRight;
      phase += step;
      if (phase >= TABLE_SIZE) phase -= TABLE_SIZE;
    }
  }
}

/**
 * A deterministic stereo music bed: a chord pad, a bass, an optional arpeggio and light percussion,
 * in a key chosen by the seed. Pure (no randomness beyond the seed).
 */
export function synthesizeMusicBed(request: MusicBedRequest): PcmAudio {
  const { mood, durationSeconds } = request;
  // A pad, a bass and plucks have nothing above 11 kHz worth the cost: synthesise at half rate.
  const sampleRate = request.sampleRate >= 32_000 ? Math.round(request.sampleRate / 2) : request.sampleRate;
  const random = createRandom(request.seed).fork('music');
  const length = Math.max(0, Math.round(durationSeconds * sampleRate));
  const left = new Float32Array(length);
  const right = new Float32Array(length);
  const scale = SCALES[mood.scale];
  const root = 45 + random.int(0, 9);
  const beat = 60 / mood.tempo;
  const bar = beat * 4;
  const bars = Math.ceil(durationSeconds / bar) + 1;
  const offset = random.int(0, Math.max(0, mood.progression.length - 1));

  const pad = wavetable([1, 0.35 * mood.brightness + 0.1, 0.18 * mood.brightness, 0.08 * mood.brightness]);
  const bass = wavetable([1, 0.5, 0.25, 0.12]);
  const pluck = wavetable([1, 0.45, 0.2, 0.1, 0.05]);
  const sine = wavetable([1]);

  for (let barIndex = 0; barIndex < bars; barIndex += 1) {
    const degree = mood.progression[(barIndex + offset) % mood.progression.length] ?? 0;
    const start = barIndex * bar;
    const chord = [0, 2, 4].map((step) => degreeNote(root + 12, scale, degree + step));
    // Pad: each chord tone twice, slightly detuned left and right, overlapping into the next bar.
    for (const note of chord) {
      const hz = midiToHz(note);
      addNote(left, right, sampleRate, pad, hz * 0.997, start, bar + 0.6, 'pad', 0.16, 0.06);
      addNote(left, right, sampleRate, pad, hz * 1.003, start, bar + 0.6, 'pad', 0.06, 0.16);
    }
    const bassNote = midiToHz(degreeNote(root - 12, scale, degree));
    for (const beatIndex of [0, 2]) {
      addNote(
        left,
        right,
        sampleRate,
        bass,
        bassNote,
        start + beatIndex * beat,
        beat * 2,
        'bass',
        0.22,
        0.22,
      );
    }
    if (mood.arpeggio !== 'none') {
      const perBeat = mood.arpeggio === 'eighths' ? 2 : 4;
      const pattern = [0, 1, 2, 1, 2, 3, 2, 1].map((index) =>
        index === 3 ? (chord[0] ?? root) + 12 : (chord[index] ?? root) + 12,
      );
      for (let step = 0; step < 4 * perBeat; step += 1) {
        const note = pattern[step % pattern.length] ?? root;
        const [panLeft, panRight] = step % 2 === 0 ? [0.12, 0.06] : [0.06, 0.12];
        addNote(
          left,
          right,
          sampleRate,
          pluck,
          midiToHz(note),
          start + (step * beat) / perBeat,
          0.5,
          'pluck',
          panLeft,
          panRight,
        );
      }
    }
    if (mood.drums !== 'none') {
      const kickGain = mood.drums === 'driving' ? 0.5 : 0.3;
      for (let beatIndex = 0; beatIndex < 4; beatIndex += 1) {
        if (mood.drums === 'soft' && beatIndex % 2 === 1) continue;
        // A kick is a fast downward pitch sweep: approximate with two short sines.
        addNote(
          left,
          right,
          sampleRate,
          sine,
          110,
          start + beatIndex * beat,
          0.08,
          'kick',
          kickGain,
          kickGain,
        );
        addNote(left, right, sampleRate, sine, 55, start + beatIndex * beat, 0.3, 'tom', kickGain, kickGain);
      }
      // Hats: seeded noise bursts on the off-beats, high-passed by a first difference.
      const hatGain = mood.drums === 'driving' ? 0.09 : 0.05;
      const noise = random.fork(`hats${barIndex}`);
      for (let beatIndex = 0; beatIndex < 4; beatIndex += 1) {
        const first = Math.round((start + beatIndex * beat + beat / 2) * sampleRate);
        const count = Math.round(0.045 * sampleRate);
        let previous = 0;
        for (let i = 0; i < count && first + i < length; i += 1) {
          const value = noise.next() * 2 - 1;
          const high = (value - previous) * Math.exp((-i / sampleRate) * 60) * hatGain;
          previous = value;
          left[first + i] = (left[first + i] ?? 0) + high * 0.8;
          right[first + i] = (right[first + i] ?? 0) + high;
        }
      }
    }
  }
  const synthesized: PcmAudio = { sampleRate, channels: [left, right] };
  const bed =
    sampleRate === request.sampleRate
      ? synthesized
      : fitDuration(resample(synthesized, request.sampleRate), durationSeconds, 0);
  normalizePeak(bed, request.peak ?? 0.5);
  applyFades(bed, Math.min(1, durationSeconds / 6), Math.min(2, durationSeconds / 4));
  return bed;
}
