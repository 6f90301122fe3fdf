import { FALLBACK_VOICE_IDS } from '@reelcraft/contract';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_VOICES } from './voice-catalogue';
import {
  cloneParametersFromMeasurements,
  completeSettings,
  espeakParametersFor,
  languageForAccent,
} from './voice-settings';

const base = BUILT_IN_VOICES.rachel.base;

describe('voice settings', () => {
  it('has the eight voices of the spec, each with its own gender, accent and pitch', () => {
    expect(Object.keys(BUILT_IN_VOICES).sort()).toEqual([...FALLBACK_VOICE_IDS].sort());
    const identities = Object.values(BUILT_IN_VOICES).map(
      (voice) => `${voice.gender}/${voice.accent}/${voice.base.pitch}/${voice.base.voice}`,
    );
    expect(new Set(identities).size).toBe(8);
    expect(new Set(Object.values(BUILT_IN_VOICES).map((voice) => voice.accent)).size).toBeGreaterThanOrEqual(
      4,
    );
  });

  it('fills missing settings with the spec defaults', () => {
    expect(completeSettings({})).toEqual({
      stability: 0.5,
      similarityBoost: 0.5,
      style: 0,
      useSpeakerBoost: true,
    });
    expect(completeSettings({ stability: 7 }).stability).toBe(1);
  });

  it('maps stability onto intonation, style onto pace and pitch, boost onto level', () => {
    const settings = completeSettings({});
    const steady = espeakParametersFor(base, { ...settings, stability: 1 });
    const lively = espeakParametersFor(base, { ...settings, stability: 0 });
    expect(lively.pitchRange).toBeGreaterThan(steady.pitchRange);
    const styled = espeakParametersFor(base, { ...settings, style: 1 });
    const plain = espeakParametersFor(base, settings);
    expect(styled.rate).toBeGreaterThan(plain.rate);
    expect(styled.pitch).toBeGreaterThan(plain.pitch);
    expect(plain).toMatchObject({ voice: base.voice, pitch: base.pitch, rate: base.rate, amplitude: 140 });
    expect(espeakParametersFor(base, { ...settings, useSpeakerBoost: false }).amplitude).toBe(100);
    // Low similarity drifts towards a neutral voice.
    const loose = espeakParametersFor(BUILT_IN_VOICES.adam.base, { ...settings, similarityBoost: 0 });
    expect(loose.pitch).toBeGreaterThan(BUILT_IN_VOICES.adam.base.pitch);
  });

  it('turns a sample’s measurements into a matching voice', () => {
    const deep = cloneParametersFromMeasurements({
      medianPitchHz: 95,
      pitchRangeSemitones: 2,
      syllablesPerSecond: 5.3,
      speechSeconds: 5,
      durationSeconds: 6,
      brightness: 0.3,
    });
    const high = cloneParametersFromMeasurements({
      medianPitchHz: 240,
      pitchRangeSemitones: 4,
      syllablesPerSecond: 8,
      speechSeconds: 5,
      durationSeconds: 6,
      brightness: 0.3,
    });
    expect(deep).toMatchObject({ gender: 'male', espeakVoice: 'en-us+m3' });
    expect(high).toMatchObject({ gender: 'female', espeakVoice: 'en-us+f3' });
    expect(deep.pitch).toBeLessThan(50);
    expect(high.pitch).toBeGreaterThan(50);
    expect(high.rate).toBeGreaterThan(deep.rate);
    expect(high.pitchRange).toBeGreaterThan(deep.pitchRange);
    expect(languageForAccent('British')).toBe('en-gb-x-rp');
    expect(languageForAccent(undefined)).toBe('en-us');
  });
});
