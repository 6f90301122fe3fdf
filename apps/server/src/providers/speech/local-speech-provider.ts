import { randomUUID } from 'node:crypto';
import { UPLOAD_MAX_BYTES } from '@reelcraft/contract';
import { normalizePeak, resample, softLimit, splitAtSilences } from '../../media/audio-mixing';
import { intakeAudio } from '../../media/audio-intake';
import type { MediaTools } from '../../media/media-tools';
import { measureSpeech } from '../../media/speech-analysis';
import { encodeWav, pcmDuration, type PcmAudio } from '../../media/wav';
import { ProviderError, toProviderError } from '../provider-error';
import { createProgressTracker, type TaskOptions } from '../provider-task';
import { LINE_BREAK_SECONDS, type EspeakEngine } from './espeak-engine';
import type {
  ClonedVoice,
  LinesSynthesisRequest,
  SpeechProvider,
  SynthesisRequest,
  SynthesizedSpeech,
  Voice,
  VoiceCloneRequest,
} from './speech-provider';
import { BUILT_IN_VOICES, builtInVoiceOption, isBuiltInVoiceId } from './voice-catalogue';
import type { VoiceProfile, VoiceProfileStore } from './voice-profile-store';
import {
  cloneParametersFromMeasurements,
  completeSettings,
  espeakParametersFor,
  languageForAccent,
} from './voice-settings';

export interface LocalSpeechOptions {
  tools: MediaTools;
  engine: EspeakEngine;
  profiles: VoiceProfileStore;
  workDir?: string;
}

/** Output of the local voice: 24-bit would be wasted on espeak, 16-bit 44.1 kHz mono WAV plays anywhere. */
const OUTPUT_RATE = 44_100;
/** Longest narration one call makes (the voiceover text is at most 5000 characters, ~6 minutes). */
const MAX_TEXT_CHARS = 5000;
/** A clone sample needs some speech to measure and is cut after this much. */
const CLONE_SAMPLE_LIMITS = { maxBytes: UPLOAD_MAX_BYTES, maxSeconds: 300, minSeconds: 1 };
const CLONE_ANALYSIS_SECONDS = 60;

function cloneOption(profile: VoiceProfile): Voice {
  return {
    id: profile.voiceId,
    name: profile.name,
    gender: profile.gender,
    accent: profile.accent,
    category: 'cloned',
    previewUrl: null,
    description: profile.description,
    labels: { ...profile.labels, gender: profile.gender, accent: profile.accent, engine: 'espeak-ng' },
  };
}

/** Offline voices: the eight built-in ones and clones measured from a sample, spoken by espeak-ng. */
export function createLocalSpeechProvider(options: LocalSpeechOptions): SpeechProvider {
  const { tools, engine, profiles } = options;

  async function voiceBase(voiceId: string, ownerId: string | undefined) {
    if (isBuiltInVoiceId(voiceId)) return BUILT_IN_VOICES[voiceId].base;
    const profile = await profiles.get(voiceId);
    if (!profile || profile.ownerId !== ownerId) {
      throw new ProviderError('not_found', 'Voice not found.');
    }
    return {
      voice: profile.espeakVoice,
      pitch: profile.pitch,
      rate: profile.rate,
      pitchRange: profile.pitchRange,
    };
  }

  return {
    kind: 'local',

    async listVoices({ ownerId } = {}) {
      const builtIn = Object.values(BUILT_IN_VOICES).map(builtInVoiceOption);
      const clones = ownerId ? (await profiles.listByOwner(ownerId)).map(cloneOption) : [];
      return [...builtIn, ...clones].sort((a, b) => a.name.localeCompare(b.name));
    },

    async synthesize(request: SynthesisRequest, task: TaskOptions = {}): Promise<SynthesizedSpeech> {
      const text = request.text.trim();
      if (!text) throw new ProviderError('invalid_input', 'There is no text to speak.');
      if (text.length > MAX_TEXT_CHARS) {
        throw new ProviderError(
          'invalid_input',
          `The text is too long (at most ${MAX_TEXT_CHARS} characters).`,
        );
      }
      const progress = createProgressTracker(task.onProgress, { synthesis: 1 });
      progress.report('synthesis', 0, 'synthesis');
      const settings = completeSettings(request.settings);
      const parameters = espeakParametersFor(await voiceBase(request.voiceId, request.ownerId), settings);
      try {
        const speech = resample(await engine.synthesize(text, parameters, task.signal), OUTPUT_RATE);
        finishLevels(speech, settings.useSpeakerBoost);
        progress.report('synthesis', 1, 'synthesis');
        return {
          audio: encodeWav(speech),
          contentType: 'audio/wav',
          durationSeconds: pcmDuration(speech),
          voiceId: request.voiceId,
        };
      } catch (error) {
        throw toProviderError(error, 'The voice could not be synthesised.');
      }
    },

    async synthesizeLines(
      request: LinesSynthesisRequest,
      task: TaskOptions = {},
    ): Promise<SynthesizedSpeech[]> {
      const lines = request.lines.map((line) => line.trim());
      if (lines.length === 0) return [];
      if (lines.some((line) => !line)) throw new ProviderError('invalid_input', 'There is no text to speak.');
      if (lines.join(' ').length > MAX_TEXT_CHARS) {
        throw new ProviderError(
          'invalid_input',
          `The text is too long (at most ${MAX_TEXT_CHARS} characters).`,
        );
      }
      const settings = completeSettings(request.settings);
      const parameters = espeakParametersFor(await voiceBase(request.voiceId, request.ownerId), settings);
      try {
        const spoken = await engine.synthesize(lines, parameters, task.signal);
        // The inserted pauses are the longest silences; shorter ones are pauses inside a line.
        const parts =
          lines.length === 1 ? [spoken] : splitAtSilences(spoken, lines.length, LINE_BREAK_SECONDS * 0.75);
        const perLine =
          parts ?? (await Promise.all(lines.map((line) => engine.synthesize(line, parameters, task.signal))));
        return perLine.map((part) => {
          const speech = resample(part, OUTPUT_RATE);
          finishLevels(speech, settings.useSpeakerBoost);
          return {
            audio: encodeWav(speech),
            contentType: 'audio/wav',
            durationSeconds: pcmDuration(speech),
            voiceId: request.voiceId,
          };
        });
      } catch (error) {
        throw toProviderError(error, 'The voice could not be synthesised.');
      }
    },

    async cloneVoice(request: VoiceCloneRequest, task: TaskOptions = {}): Promise<ClonedVoice> {
      const name = request.name.trim();
      if (!name) throw new ProviderError('invalid_input', 'The voice needs a name.');
      const progress = createProgressTracker(task.onProgress, { decode: 2, analyse: 1 });
      progress.report('decode', 0, 'processing');
      let sample: PcmAudio;
      try {
        sample = await intakeAudio(tools, request.audio, CLONE_SAMPLE_LIMITS, {
          sampleRate: 16_000,
          channels: 1,
          workDir: options.workDir,
          signal: task.signal,
        });
      } catch (error) {
        throw toProviderError(error, 'The voice sample could not be read.');
      }
      progress.report('analyse', 0, 'analysing');
      const analysed = {
        sampleRate: sample.sampleRate,
        channels: sample.channels.map((channel) =>
          channel.subarray(0, CLONE_ANALYSIS_SECONDS * sample.sampleRate),
        ),
      };
      const measurements = measureSpeech(analysed);
      if (measurements.medianPitchHz === null || measurements.speechSeconds < 0.8) {
        throw new ProviderError('invalid_input', 'No clear speech was found in the voice sample.');
      }
      const accent = request.labels?.accent ?? 'american';
      const parameters = cloneParametersFromMeasurements(measurements, languageForAccent(accent));
      const profile: VoiceProfile = {
        voiceId: `clone-${randomUUID()}`,
        ownerId: request.ownerId,
        name,
        description: request.description?.trim() || null,
        labels: { ...request.labels },
        createdAt: new Date(),
        gender: parameters.gender,
        accent,
        espeakVoice: parameters.espeakVoice,
        pitch: parameters.pitch,
        rate: parameters.rate,
        pitchRange: parameters.pitchRange,
        measurements,
      };
      await profiles.save(profile);
      progress.report('analyse', 1, 'ready');
      return {
        voiceId: profile.voiceId,
        name: profile.name,
        status: 'ready',
        message: `Voice cloned: ${Math.round(measurements.medianPitchHz)} Hz average pitch, ${measurements.syllablesPerSecond.toFixed(1)} syllables per second.`,
        createdAt: profile.createdAt,
      };
    },

    async deleteClone(voiceId, { ownerId }) {
      const profile = await profiles.get(voiceId);
      if (!profile || profile.ownerId !== ownerId) throw new ProviderError('not_found', 'Voice not found.');
      await profiles.delete(voiceId);
    },

    close: () => engine.close(),
  };
}

/** Speaker boost: louder and a touch denser; without it, a quieter, untouched level. */
function finishLevels(speech: PcmAudio, speakerBoost: boolean): void {
  if (speakerBoost) {
    normalizePeak(speech, 1.15);
    softLimit(speech, 0.97);
  } else {
    normalizePeak(speech, 0.7);
  }
}
