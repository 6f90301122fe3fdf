import { UPLOAD_MAX_BYTES, VOICE_CLONE_MIN_SPEECH_SECONDS, voiceMessages } from '@reelcraft/contract';
import { z } from 'zod';
import { intakeAudio } from '../../media/audio-intake';
import { runAudioTask } from '../../media/audio-work';
import type { EncodedSpeech } from '../../media/audio-worker';
import type { MediaTools } from '../../media/media-tools';
import type { SpeechFinish } from '../../media/speech-finishing';
import type { PcmAudio } from '../../media/wav';
import { ProviderError, toProviderError } from '../provider-error';
import { createProgressTracker, type TaskOptions } from '../provider-task';
import { LINE_BREAK_SECONDS, type EspeakEngine } from './espeak-engine';
import type {
  ClonedVoice,
  CloneVoice,
  LinesSynthesisRequest,
  SpeechProvider,
  SynthesisRequest,
  SynthesizedSpeech,
  VoiceCloneRequest,
} from './speech-provider';
import { BUILT_IN_VOICES, builtInVoiceOption, isBuiltInVoiceId } from './voice-catalogue';
import {
  cloneParametersFromMeasurements,
  completeSettings,
  espeakParametersFor,
  languageForAccent,
} from './voice-settings';

export interface LocalSpeechOptions {
  tools: MediaTools;
  engine: EspeakEngine;
  workDir?: string;
}

/** Output of the local voice: 24-bit would be wasted on espeak, 16-bit 44.1 kHz mono WAV plays anywhere. */
const OUTPUT_RATE = 44_100;
/** What espeak-ng speaks at. */
const ESPEAK_RATE = 22_050;
/** Longest narration one call makes (the voiceover text is at most 5000 characters, ~6 minutes). */
const MAX_TEXT_CHARS = 5000;
/** A clone sample needs some speech to measure and is cut after this much. */
const CLONE_SAMPLE_LIMITS = { maxBytes: UPLOAD_MAX_BYTES, maxSeconds: 300, minSeconds: 1 };
const CLONE_ANALYSIS_SECONDS = 60;

/**
 * What the local engine keeps of a clone: espeak's settings derived from the sample's measurements,
 * and the measurements themselves (so a better mapping later can recompute the settings).
 */
const localCloneProfileSchema = z.object({
  espeakVoice: z.string().min(1),
  pitch: z.number(),
  rate: z.number(),
  pitchRange: z.number(),
  measurements: z.object({
    medianPitchHz: z.number().nullable(),
    pitchRangeSemitones: z.number(),
    syllablesPerSecond: z.number(),
    speechSeconds: z.number(),
    durationSeconds: z.number(),
    /** Absent in clones made before brightness was measured: those keep espeak's own. */
    brightness: z.number().optional(),
  }),
});
export type LocalCloneProfile = z.infer<typeof localCloneProfileSchema>;

/** Offline voices: the eight built-in ones and clones measured from a sample, spoken by espeak-ng. */
export function createLocalSpeechProvider(options: LocalSpeechOptions): SpeechProvider {
  const { tools, engine } = options;

  function voiceBase(voiceId: string, clone: CloneVoice | undefined) {
    if (!clone) {
      if (isBuiltInVoiceId(voiceId)) return BUILT_IN_VOICES[voiceId].base;
      throw new ProviderError('not_found', voiceMessages.voiceNotFound);
    }
    const profile = localCloneProfileSchema.safeParse(clone.profile);
    // A clone made by another provider has no local profile to speak with.
    if (!profile.success) throw new ProviderError('not_found', voiceMessages.voiceNotFound);
    const { espeakVoice, pitch, rate, pitchRange } = profile.data;
    return { voice: espeakVoice, pitch, rate, pitchRange };
  }

  /** The output rate and levels, and for a clone its measured brightness the speech is filtered towards. */
  function finishFor(clone: CloneVoice | undefined, speakerBoost: boolean): SpeechFinish {
    const profile = clone && localCloneProfileSchema.safeParse(clone.profile);
    const brightness = profile?.success ? profile.data.measurements.brightness : undefined;
    return { sampleRate: OUTPUT_RATE, speakerBoost, ...(brightness !== undefined ? { brightness } : {}) };
  }

  const buffersOf = (audio: PcmAudio) => audio.channels.map((channel) => channel.buffer);
  const finishOne = (spoken: PcmAudio, finish: SpeechFinish) =>
    runAudioTask('finishSpeech', { spoken, finish }, { transfer: buffersOf(spoken) });

  const answer = (speech: EncodedSpeech, voiceId: string): SynthesizedSpeech => ({
    audio: Buffer.from(speech.wav.buffer, speech.wav.byteOffset, speech.wav.byteLength),
    contentType: 'audio/wav',
    durationSeconds: speech.durationSeconds,
    voiceId,
  });

  return {
    kind: 'local',

    async listVoices() {
      return Object.values(BUILT_IN_VOICES)
        .map(builtInVoiceOption)
        .sort((a, b) => a.name.localeCompare(b.name));
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
      const parameters = espeakParametersFor(voiceBase(request.voiceId, request.clone), settings);
      try {
        const spoken = await engine.synthesize(text, parameters, task.signal);
        const speech = await finishOne(spoken, finishFor(request.clone, settings.useSpeakerBoost));
        progress.report('synthesis', 1, 'synthesis');
        return answer(speech, request.voiceId);
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
      const parameters = espeakParametersFor(voiceBase(request.voiceId, request.clone), settings);
      try {
        const finish = finishFor(request.clone, settings.useSpeakerBoost);
        const spoken = await engine.synthesize(lines, parameters, task.signal);
        // The inserted pauses are the longest silences; shorter ones are pauses inside a line.
        const together = await runAudioTask(
          'finishSpeechLines',
          { spoken, lineCount: lines.length, minGapSeconds: LINE_BREAK_SECONDS * 0.75, finish },
          { transfer: buffersOf(spoken) },
        );
        const perLine =
          together ??
          (await Promise.all(
            lines.map(async (line) =>
              finishOne(await engine.synthesize(line, parameters, task.signal), finish),
            ),
          ));
        return perLine.map((speech) => answer(speech, request.voiceId));
      } catch (error) {
        throw toProviderError(error, 'The voice could not be synthesised.');
      }
    },

    async cloneVoice(request: VoiceCloneRequest, task: TaskOptions = {}): Promise<ClonedVoice> {
      if (!request.name.trim()) throw new ProviderError('invalid_input', voiceMessages.cloneInvalid);
      const progress = createProgressTracker(task.onProgress, { decode: 2, analyse: 1 });
      progress.report('decode', 0, 'processing');
      let sample: PcmAudio;
      try {
        // At espeak's own rate, so the sample's brightness compares with the engine's output.
        sample = await intakeAudio(tools, request.audio, CLONE_SAMPLE_LIMITS, {
          sampleRate: ESPEAK_RATE,
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
      const measurements = await runAudioTask('measureSpeech', analysed, { transfer: buffersOf(sample) });
      if (
        measurements.medianPitchHz === null ||
        measurements.speechSeconds < VOICE_CLONE_MIN_SPEECH_SECONDS
      ) {
        throw new ProviderError('invalid_input', voiceMessages.cloneNoSpeech);
      }
      const accent = request.labels?.accent ?? 'american';
      const parameters = cloneParametersFromMeasurements(measurements, languageForAccent(accent));
      const profile: LocalCloneProfile = {
        espeakVoice: parameters.espeakVoice,
        pitch: parameters.pitch,
        rate: parameters.rate,
        pitchRange: parameters.pitchRange,
        measurements,
      };
      progress.report('analyse', 1, 'ready');
      return {
        clone: { providerVoiceId: null, profile },
        gender: parameters.gender,
        message: `Voice cloned: ${Math.round(measurements.medianPitchHz)} Hz average pitch, ${measurements.syllablesPerSecond.toFixed(1)} syllables per second.`,
      };
    },

    // The clone is all in its profile, which the voices module deletes with its row.
    deleteClone: async () => undefined,

    close: () => engine.close(),
  };
}
