import fs from 'node:fs/promises';
import {
  FALLBACK_VOICE_IDS,
  UPLOAD_MAX_BYTES,
  VOICES_PAGE_SIZE,
  VOICES_SORT,
  VOICES_SORT_DIRECTION,
  voiceMessages,
} from '@reelcraft/contract';
import { probeMedia } from '../../media/media-probe';
import type { MediaTools } from '../../media/media-tools';
import { withTempWorkspace } from '../../media/temp-workspace';
import { ProviderError } from '../provider-error';
import { createProgressTracker, type TaskOptions } from '../provider-task';
import type {
  ClonedVoice,
  CloneVoice,
  SpeechProvider,
  SynthesisRequest,
  SynthesizedSpeech,
  Voice,
  VoiceCloneRequest,
  VoiceGender,
} from '../speech/speech-provider';
import { BUILT_IN_VOICES, builtInVoiceOption, isBuiltInVoiceId } from '../speech/voice-catalogue';
import { completeSettings } from '../speech/voice-settings';
import { createVendorHttp, mapVendorError, VendorHttpError, type VendorLogger } from './vendor-http';
import type { ElevenLabsSettings } from '../../config';

export type { ElevenLabsSettings };

export const DEFAULT_ELEVENLABS_MODEL = 'eleven_multilingual_v2';

export interface ElevenLabsSpeechOptions {
  settings: ElevenLabsSettings;
  tools: MediaTools;
  workDir?: string;
  logger?: VendorLogger;
}

/**
 * ElevenLabs' ids of the eight premade voices the product names (spec 001 section 9), so `rachel`
 * (the default voice, and the fallback list's ids) speaks with ElevenLabs' Rachel.
 */
export const ELEVENLABS_PREMADE_IDS: Readonly<Record<(typeof FALLBACK_VOICE_IDS)[number], string>> = {
  rachel: '21m00Tcm4TlvDq8ikWAM',
  domi: 'AZnzlk1XvdvUeBnXmlld',
  bella: 'EXAVITQu4vr4xnSDxMaL',
  antoni: 'ErXwobaYiN019PkySvjV',
  josh: 'TxGEqnHWrfWFTfGW9XjX',
  arnold: 'VR6AewLTigWG4xSOukaG',
  adam: 'pNInz6obpgDQGcFmaJgB',
  sam: 'yoZ06aMxZJJ28mfd3POQ',
};

/** The label that records which user a clone belongs to (one ElevenLabs account serves everyone). */
export const OWNER_LABEL = 'reelcraft_owner';
const MAX_TEXT_CHARS = 5000;
/** Pages of the voice list read at most (50 voices each). */
const MAX_VOICE_PAGES = 10;

interface ElevenVoice {
  voice_id: string;
  name?: string;
  category?: string;
  description?: string | null;
  preview_url?: string | null;
  labels?: Record<string, string> | null;
}

function genderOf(labels: Record<string, string>): VoiceGender | null {
  const value = labels.gender?.toLowerCase();
  if (value === 'male' || value === 'female') return value;
  if (value === 'neutral' || value === 'non-binary') return 'neutral';
  return null;
}

function toVoice(voice: ElevenVoice): Voice {
  const labels = { ...(voice.labels ?? {}) };
  delete labels[OWNER_LABEL];
  return {
    id: voice.voice_id,
    name: voice.name ?? voice.voice_id,
    gender: genderOf(labels),
    accent: labels.accent ?? null,
    category: 'premade',
    // A premade voice's preview is a permanent public sample.
    previewUrl: voice.preview_url ?? null,
    description: voice.description ?? labels.description ?? null,
    labels,
  };
}

/** 401, 403 and 429 as the voices screen words them; the rest the usual way. */
function mapElevenLabsError(error: unknown, fallback: string): ProviderError {
  if (error instanceof VendorHttpError) {
    const details = `HTTP ${error.status}: ${error.body.slice(0, 300)}`;
    if (error.status === 401)
      return new ProviderError('unavailable', voiceMessages.providerUnauthorized, { cause: error, details });
    if (error.status === 403)
      return new ProviderError('failed', voiceMessages.providerForbidden, { cause: error, details });
    if (error.status === 429)
      return new ProviderError('unavailable', voiceMessages.providerRateLimited, { cause: error, details });
  }
  return mapVendorError(error, 'voice', fallback);
}

/** ElevenLabs voices, text-to-speech and instant voice clones. */
export function createElevenLabsSpeechProvider(options: ElevenLabsSpeechOptions): SpeechProvider {
  const { settings, tools, logger } = options;
  if (!settings.apiKey) throw new Error('ElevenLabs needs an API key (ELEVENLABS_API_KEY).');
  const http = createVendorHttp({
    vendor: 'ElevenLabs',
    baseUrl: settings.baseUrl ?? 'https://api.elevenlabs.io',
    headers: () => ({ 'xi-api-key': settings.apiKey }),
    timeoutMs: settings.requestTimeoutMs ?? 60_000,
    retries: settings.retries,
    backoffMs: settings.backoffMs,
    logger,
  });
  const outputFormat = settings.outputFormat ?? 'mp3_44100_128';

  /** The vendor id to speak with: a clone's own, or one of the account's non-cloned voices. */
  function resolveVoice(voiceId: string, clone: CloneVoice | undefined): string {
    if (clone) {
      if (!clone.providerVoiceId) throw new ProviderError('not_found', voiceMessages.voiceNotFound);
      return clone.providerVoiceId;
    }
    return isBuiltInVoiceId(voiceId) ? ELEVENLABS_PREMADE_IDS[voiceId] : voiceId;
  }

  async function synthesize(request: SynthesisRequest, task: TaskOptions = {}): Promise<SynthesizedSpeech> {
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
    const vendorVoice = resolveVoice(request.voiceId, request.clone);
    const voiceSettings = completeSettings(request.settings);
    try {
      const response = await http.send({
        method: 'POST',
        path: `/v1/text-to-speech/${encodeURIComponent(vendorVoice)}`,
        query: { output_format: outputFormat },
        json: {
          text,
          model_id: settings.model,
          voice_settings: {
            stability: voiceSettings.stability,
            similarity_boost: voiceSettings.similarityBoost,
            style: voiceSettings.style,
            use_speaker_boost: voiceSettings.useSpeakerBoost,
          },
        },
        signal: task.signal,
      });
      const audio = Buffer.from(await response.arrayBuffer());
      logger?.info(
        {
          vendor: 'elevenlabs',
          requestId: response.headers.get('request-id') ?? response.headers.get('x-request-id'),
          voiceId: vendorVoice,
          characters: text.length,
          model: settings.model,
        },
        'elevenlabs speech synthesised',
      );
      if (audio.length === 0) throw new ProviderError('failed', 'The voice service returned no audio.');
      const durationSeconds = await withTempWorkspace(options.workDir, async (workspace) => {
        const file = workspace.file('speech.mp3');
        await fs.writeFile(file, audio);
        const probe = await probeMedia(tools, file, { signal: task.signal });
        if (!probe.audio) throw new ProviderError('failed', 'The voice service returned no audio.');
        return probe.durationSeconds ?? probe.audio.durationSeconds ?? 0;
      });
      progress.report('synthesis', 1, 'synthesis');
      return { audio, contentType: 'audio/mpeg', durationSeconds, voiceId: request.voiceId };
    } catch (error) {
      throw mapElevenLabsError(error, 'The voice could not be synthesised.');
    }
  }

  return {
    kind: 'elevenlabs',

    async listVoices() {
      try {
        const voices: ElevenVoice[] = [];
        let pageToken: string | undefined;
        for (let page = 0; page < MAX_VOICE_PAGES; page += 1) {
          const body = await http.json<{
            voices?: ElevenVoice[];
            has_more?: boolean;
            next_page_token?: string | null;
          }>({
            path: '/v2/voices',
            query: {
              page_size: VOICES_PAGE_SIZE,
              sort: VOICES_SORT,
              sort_direction: VOICES_SORT_DIRECTION,
              include_total_count: true,
              next_page_token: pageToken,
            },
          });
          voices.push(...(body.voices ?? []));
          if (!body.has_more || !body.next_page_token) break;
          pageToken = body.next_page_token;
        }
        // Every user's clones live in this one account: the voices module lists each user's own.
        return voices
          .filter((voice) => voice.category !== 'cloned')
          .map(toVoice)
          .sort((a, b) => a.name.localeCompare(b.name));
      } catch (error) {
        const mapped = mapElevenLabsError(error, voiceMessages.loadFailed);
        logger?.warn(
          { vendor: 'elevenlabs', error: mapped.message, details: mapped.details ?? null },
          'voice list failed: the fallback voices are shown',
        );
        return FALLBACK_VOICE_IDS.map((id) => builtInVoiceOption(BUILT_IN_VOICES[id]));
      }
    },

    synthesize,

    async synthesizeLines(request, task = {}) {
      const results: SynthesizedSpeech[] = [];
      for (const line of request.lines) {
        results.push(await synthesize({ ...request, text: line }, { signal: task.signal }));
      }
      return results;
    },

    async cloneVoice(request: VoiceCloneRequest, task: TaskOptions = {}): Promise<ClonedVoice> {
      const name = request.name.trim();
      if (!name) throw new ProviderError('invalid_input', voiceMessages.cloneInvalid);
      if (request.audio.length === 0) throw new ProviderError('invalid_input', voiceMessages.cloneInvalid);
      if (request.audio.length > UPLOAD_MAX_BYTES)
        throw new ProviderError('too_large', voiceMessages.cloneTooLarge);
      const progress = createProgressTracker(task.onProgress, { check: 1, upload: 3 });
      progress.report('check', 0, 'processing');
      const extension = await withTempWorkspace(options.workDir, async (workspace) => {
        const file = workspace.file('sample');
        await fs.writeFile(file, request.audio);
        const probe = await probeMedia(tools, file, { signal: task.signal }).catch(() => null);
        if (!probe?.audio) throw new ProviderError('unsupported_media', voiceMessages.cloneUnsupportedFormat);
        return /mp3/.test(probe.formatName)
          ? 'mp3'
          : /wav/.test(probe.formatName)
            ? 'wav'
            : /webm|matroska/.test(probe.formatName)
              ? 'webm'
              : 'audio';
      });
      const form = new FormData();
      form.append('name', name);
      form.append('files', new Blob([new Uint8Array(request.audio)]), `sample.${extension}`);
      if (request.description?.trim()) form.append('description', request.description.trim());
      form.append('labels', JSON.stringify({ ...request.labels, [OWNER_LABEL]: request.ownerId }));
      progress.report('upload', 0, 'uploading');
      try {
        const body = await http.json<{ voice_id?: string }>({
          method: 'POST',
          path: '/v1/voices/add',
          form,
          signal: task.signal,
          timeoutMs: 120_000,
        });
        if (!body.voice_id) throw new ProviderError('failed', 'The voice could not be cloned.');
        logger?.info({ vendor: 'elevenlabs', voiceId: body.voice_id }, 'elevenlabs voice cloned');
        progress.report('upload', 1, 'ready');
        return {
          clone: { providerVoiceId: body.voice_id, profile: null },
          gender: null,
          message: 'Voice cloned by ElevenLabs.',
        };
      } catch (error) {
        if (error instanceof VendorHttpError) {
          if (error.status === 400)
            throw new ProviderError('invalid_input', voiceMessages.cloneInvalid, { cause: error });
          if (error.status === 413)
            throw new ProviderError('too_large', voiceMessages.cloneTooLarge, { cause: error });
          if (error.status === 422)
            throw new ProviderError('unsupported_media', voiceMessages.cloneUnsupportedFormat, {
              cause: error,
            });
        }
        throw mapElevenLabsError(error, 'The voice could not be cloned.');
      }
    },

    async deleteClone(clone) {
      if (!clone.providerVoiceId) return;
      const path = `/v1/voices/${encodeURIComponent(clone.providerVoiceId)}`;
      try {
        await http.send({ method: 'DELETE', path });
        logger?.info({ vendor: 'elevenlabs', voiceId: clone.providerVoiceId }, 'elevenlabs voice deleted');
      } catch (error) {
        // Already gone at the vendor: nothing is left to delete.
        if (error instanceof VendorHttpError && error.status === 404) return;
        throw mapElevenLabsError(error, 'The voice could not be deleted.');
      }
    },

    close: async () => undefined,
  };
}
