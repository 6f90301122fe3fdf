import { VOICE_SETTINGS_DEFAULTS } from '@reelcraft/contract';
import type { SpeechMeasurements } from '../../media/speech-analysis';
import type { EspeakParameters } from './espeak-engine';
import type { VoiceSettings } from './speech-provider';

export const DEFAULT_VOICE_SETTINGS: VoiceSettings = {
  stability: VOICE_SETTINGS_DEFAULTS.stability,
  similarityBoost: VOICE_SETTINGS_DEFAULTS.similarity_boost,
  style: VOICE_SETTINGS_DEFAULTS.style,
  useSpeakerBoost: VOICE_SETTINGS_DEFAULTS.use_speaker_boost,
};

/** espeak's neutral voice, which a low similarity drifts towards. */
const NEUTRAL = { pitch: 50, rate: 170, pitchRange: 50 };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const unit = (value: number | undefined, fallback: number) =>
  value === undefined || !Number.isFinite(value) ? fallback : clamp(value, 0, 1);

export function completeSettings(settings: Partial<VoiceSettings> = {}): VoiceSettings {
  return {
    stability: unit(settings.stability, DEFAULT_VOICE_SETTINGS.stability),
    similarityBoost: unit(settings.similarityBoost, DEFAULT_VOICE_SETTINGS.similarityBoost),
    style: unit(settings.style, DEFAULT_VOICE_SETTINGS.style),
    useSpeakerBoost: settings.useSpeakerBoost ?? DEFAULT_VOICE_SETTINGS.useSpeakerBoost,
  };
}

/**
 * Maps the four cloud-style settings onto espeak (pure):
 * - stability narrows the intonation (pitch range): 1 is steady, 0 is lively;
 * - similarity_boost below 0.5 lets pitch, rate and range drift towards a neutral voice; at 0.5 and
 *   above the voice (or clone profile) is followed exactly;
 * - style exaggerates the delivery: a little faster, higher and with more intonation;
 * - speaker boost raises the level (the output is also normalised louder, see the provider).
 */
export function espeakParametersFor(
  base: Pick<EspeakParameters, 'voice' | 'pitch' | 'rate' | 'pitchRange'>,
  settings: VoiceSettings,
): EspeakParameters {
  const similarity = clamp(0.4 + 1.2 * settings.similarityBoost, 0.4, 1);
  const toward = (value: number, neutral: number) => neutral + (value - neutral) * similarity;
  const pitch = toward(base.pitch, NEUTRAL.pitch) + 6 * settings.style;
  const rate = toward(base.rate, NEUTRAL.rate) * (1 + 0.12 * settings.style);
  const stabilityFactor = 1.6 - 1.2 * settings.stability;
  const pitchRange = toward(base.pitchRange, NEUTRAL.pitchRange) * stabilityFactor + 25 * settings.style;
  return {
    voice: base.voice,
    pitch: Math.round(clamp(pitch, 0, 99)),
    rate: Math.round(clamp(rate, 90, 320)),
    pitchRange: Math.round(clamp(pitchRange, 5, 100)),
    amplitude: settings.useSpeakerBoost ? 140 : 100,
    wordGap: 0,
  };
}

/*
 * Calibration of espeak itself, measured with measureSpeech on espeak's output: the median pitch (Hz)
 * produced at espeak pitch 0, 25, 50, 75, 99 by a male and a female variant, and the syllables per
 * second at 120, 175 and 250 words per minute. A clone inverts these to sound like its sample.
 */
const PITCH_STEPS = [0, 25, 50, 75, 99] as const;
const PITCH_HZ = { male: [77, 84, 103, 132, 171], female: [146, 173, 211, 265, 335] } as const;
const RATE_STEPS = [120, 175, 250] as const;
const SYLLABLES_PER_SECOND = [5.3, 7.5, 8.8] as const;

/** Piecewise-linear inverse of a rising table. */
function invert(table: readonly number[], steps: readonly number[], value: number): number {
  if (value <= (table[0] ?? 0)) return steps[0] ?? 0;
  for (let i = 1; i < table.length; i += 1) {
    const high = table[i] ?? 0;
    const low = table[i - 1] ?? 0;
    if (value <= high) {
      const fraction = (value - low) / (high - low);
      return (steps[i - 1] ?? 0) + fraction * ((steps[i] ?? 0) - (steps[i - 1] ?? 0));
    }
  }
  return steps[steps.length - 1] ?? 0;
}

/** Below this median pitch a sample is taken as a male voice (a common split at ~165 Hz). */
export const MALE_PITCH_LIMIT_HZ = 165;

export interface CloneVoiceParameters {
  gender: 'male' | 'female';
  espeakVoice: string;
  pitch: number;
  rate: number;
  pitchRange: number;
}

/** espeak settings that reproduce a sample's pitch, pace and liveliness; the accent picks the language. */
export function cloneParametersFromMeasurements(
  measurements: SpeechMeasurements,
  accentLanguage = 'en-us',
): CloneVoiceParameters {
  const pitchHz = measurements.medianPitchHz ?? 120;
  const gender = pitchHz < MALE_PITCH_LIMIT_HZ ? 'male' : 'female';
  const pitch = invert(PITCH_HZ[gender], PITCH_STEPS, pitchHz);
  // Natural speech measures slower than espeak at the same words per minute; keep it intelligible.
  const rate = clamp(invert(SYLLABLES_PER_SECOND, RATE_STEPS, measurements.syllablesPerSecond), 130, 220);
  // ~2.5 semitones of spread is espeak's default range of 50.
  const pitchRange = clamp((measurements.pitchRangeSemitones / 2.5) * 50, 15, 95);
  return {
    gender,
    espeakVoice: `${accentLanguage}+${gender === 'male' ? 'm3' : 'f3'}`,
    pitch: Math.round(clamp(pitch, 0, 99)),
    rate: Math.round(rate),
    pitchRange: Math.round(pitchRange),
  };
}

/** espeak's language for an accent label of a clone ("british", "scottish"...), American by default. */
export function languageForAccent(accent: string | undefined): string {
  const key = (accent ?? '').toLowerCase();
  if (/scot/.test(key)) return 'en-gb-scotland';
  if (/brit|english|uk|england/.test(key)) return 'en-gb-x-rp';
  if (/carib|jamaic/.test(key)) return 'en-029';
  return 'en-us';
}
