import { resample, rmsEnvelope, toMono } from './audio-mixing';
import type { PcmAudio } from './wav';

/** What a voice sample tells about its speaker, as far as the offline voice can use it. */
export interface SpeechMeasurements {
  /** Median fundamental frequency of the voiced parts, in Hz; null when nothing was voiced. */
  medianPitchHz: number | null;
  /** Spread of the pitch (interquartile range) in semitones: a lively or a flat delivery. */
  pitchRangeSemitones: number;
  /** Syllable nuclei per second of speech (pauses excluded). */
  syllablesPerSecond: number;
  /** Seconds that contain speech. */
  speechSeconds: number;
  durationSeconds: number;
  /**
   * How bright the voice sounds, in Hz: the frequency of a pure tone that changes from sample to
   * sample as much as the speech does (the root of the signal's change energy over its energy), in
   * speech only. Measured at the audio's own rate: compare audio of the same rate.
   */
  brightness: number;
}

const ANALYSIS_RATE = 8000;
const FRAME_SECONDS = 0.04;
const HOP_SECONDS = 0.01;
const MIN_PITCH_HZ = 70;
const MAX_PITCH_HZ = 400;

const median = (values: readonly number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? null)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/**
 * Pitch of one frame by normalised autocorrelation; null when the frame is not clearly voiced. The
 * shortest lag close to the best one wins, which avoids reporting half the real pitch.
 */
function framePitch(samples: Float32Array, start: number, size: number, sampleRate: number): number | null {
  const minLag = Math.floor(sampleRate / MAX_PITCH_HZ);
  const maxLag = Math.min(Math.ceil(sampleRate / MIN_PITCH_HZ), size - 1);
  const scores = new Float32Array(maxLag + 1);
  let best = 0;
  for (let lag = minLag; lag <= maxLag; lag += 1) {
    let cross = 0;
    let energyA = 0;
    let energyB = 0;
    for (let i = 0; i + lag < size; i += 1) {
      const a = samples[start + i] ?? 0;
      const b = samples[start + i + lag] ?? 0;
      cross += a * b;
      energyA += a * a;
      energyB += b * b;
    }
    const score = energyA > 0 && energyB > 0 ? cross / Math.sqrt(energyA * energyB) : 0;
    scores[lag] = score;
    best = Math.max(best, score);
  }
  if (best < 0.55) return null;
  for (let lag = minLag; lag <= maxLag; lag += 1) {
    const score = scores[lag] ?? 0;
    const isPeak = score >= (scores[lag - 1] ?? 0) && score >= (scores[lag + 1] ?? 0);
    if (isPeak && score >= best * 0.88) {
      // Parabolic interpolation of the peak for sub-sample precision.
      const left = scores[lag - 1] ?? score;
      const right = scores[lag + 1] ?? score;
      const denominator = left - 2 * score + right;
      const shift = denominator !== 0 ? (0.5 * (left - right)) / denominator : 0;
      return sampleRate / (lag + Math.max(-0.5, Math.min(0.5, shift)));
    }
  }
  return null;
}

/** Counts syllable nuclei: peaks of the smoothed loudness that stand out from the dips around them. */
function countSyllables(envelope: Float32Array, threshold: number, hopSeconds: number): number {
  const minDistance = Math.round(0.1 / hopSeconds);
  let count = 0;
  let lastPeak = -minDistance;
  let valley = Number.POSITIVE_INFINITY;
  for (let i = 1; i < envelope.length - 1; i += 1) {
    const value = envelope[i] ?? 0;
    valley = Math.min(valley, value);
    const isPeak = value > (envelope[i - 1] ?? 0) && value >= (envelope[i + 1] ?? 0);
    if (isPeak && value > threshold && value > valley * 1.4 && i - lastPeak >= minDistance) {
      count += 1;
      lastPeak = i;
      valley = value;
    }
  }
  return count;
}

/**
 * The brightness of SpeechMeasurements, over the hops loud enough to be speech (pauses and breaths
 * do not count). Pure.
 */
export function brightnessOf(audio: PcmAudio): number {
  const mono = toMono(audio);
  const rate = audio.sampleRate;
  const envelope = rmsEnvelope(mono, rate, HOP_SECONDS);
  const hop = Math.round(HOP_SECONDS * rate);
  const loudest = envelope.reduce((max, value) => Math.max(max, value), 0);
  const threshold = Math.max(loudest * 0.12, 1e-4);
  let energy = 0;
  let change = 0;
  for (let w = 0; w < envelope.length; w += 1) {
    if ((envelope[w] ?? 0) < threshold) continue;
    for (let i = Math.max(1, w * hop); i < Math.min(mono.length, (w + 1) * hop); i += 1) {
      const value = mono[i] ?? 0;
      energy += value * value;
      change += (value - (mono[i - 1] ?? 0)) ** 2;
    }
  }
  // A tone at f changes by 2 sin(pi f / rate) of itself per sample: invert that.
  const perSample = energy > 0 ? Math.min(2, Math.sqrt(change / energy)) : 0;
  return (rate / Math.PI) * Math.asin(perSample / 2);
}

/** Measures pitch and speaking rate of speech. Pure; about 0.1 s of work per 10 s of audio. */
export function measureSpeech(audio: PcmAudio): SpeechMeasurements {
  const mono = toMono(resample({ sampleRate: audio.sampleRate, channels: [toMono(audio)] }, ANALYSIS_RATE));
  const durationSeconds = mono.length / ANALYSIS_RATE;
  const frame = Math.round(FRAME_SECONDS * ANALYSIS_RATE);
  const hop = Math.round(HOP_SECONDS * ANALYSIS_RATE);
  const envelope = rmsEnvelope(mono, ANALYSIS_RATE, HOP_SECONDS);
  const loudest = envelope.reduce((max, value) => Math.max(max, value), 0);
  const speechThreshold = Math.max(loudest * 0.12, 1e-4);

  const pitches: number[] = [];
  let speechFrames = 0;
  for (let w = 0; w < envelope.length; w += 1) {
    if ((envelope[w] ?? 0) < speechThreshold) continue;
    speechFrames += 1;
    const start = w * hop;
    if (start + frame > mono.length) break;
    const pitch = framePitch(mono, start, frame, ANALYSIS_RATE);
    if (pitch !== null) pitches.push(pitch);
  }
  // Smooth the loudness over ~50 ms so one syllable gives one peak.
  const smoothed = new Float32Array(envelope.length);
  for (let i = 0; i < envelope.length; i += 1) {
    let sum = 0;
    let n = 0;
    for (let k = -2; k <= 2; k += 1) {
      const value = envelope[i + k];
      if (value !== undefined) {
        sum += value;
        n += 1;
      }
    }
    smoothed[i] = sum / n;
  }
  const speechSeconds = speechFrames * HOP_SECONDS;
  const syllables = countSyllables(smoothed, speechThreshold * 1.5, HOP_SECONDS);
  const sorted = [...pitches].sort((a, b) => a - b);
  const range =
    sorted.length >= 4 ? 12 * Math.log2(quantile(sorted, 0.75) / Math.max(1, quantile(sorted, 0.25))) : 0;
  return {
    medianPitchHz: median(pitches),
    pitchRangeSemitones: range,
    syllablesPerSecond: speechSeconds > 0 ? syllables / speechSeconds : 0,
    speechSeconds,
    durationSeconds,
    brightness: brightnessOf(audio),
  };
}
