import crypto from 'node:crypto';
import {
  createVoiceCloneBodySchema,
  FALLBACK_VOICE_IDS,
  VOICE_CLONE_MIME_TYPES,
  voiceMessages,
  type ListVoicesQuery,
  type VoiceClone,
  type VoiceListAnswer,
  type VoiceOption,
} from '@reelcraft/contract';
import type { ReceivedFile } from '../../platform/http/multipart-form';
import { badRequest, HttpError, notFound } from '../../platform/http/http-error';
import type { ObjectStorage } from '../../platform/storage';
import { vetVoiceSample, VoiceSampleRefusedError } from '../../media/voice-sample-vetting';
import type { MediaTools } from '../../media/media-tools';
import {
  ProviderError,
  type CloneVoice,
  type SpeechProvider,
  type SynthesisRequest,
  type SynthesizedSpeech,
  type Voice,
} from '../../providers';
import type { UploadsService } from '../uploads';
import type { VoicesRepository } from './voices.repository';
import type { VoiceCloneRow } from './voices.schema';

/** Where the synthesised previews of voices are kept: made once per voice, then served. */
const PREVIEWS_AREA = 'voice-previews';

interface VoicesLogger {
  warn(obj: object, msg: string): void;
}

export interface VoicesServiceDeps {
  repository: VoicesRepository;
  speech: SpeechProvider;
  storage: Pick<ObjectStorage, 'exists' | 'put' | 'delete' | 'signedUrl' | 'uriFor'>;
  uploads: Pick<UploadsService, 'storeFile' | 'delete'>;
  tools: MediaTools;
  workDir: string | undefined;
  signedUrlTtlSeconds: number;
  logger: VoicesLogger;
}

/** What a voiceover needs to speak with a voice: the request with the caller's clone resolved. */
export type SpeakRequest = Omit<SynthesisRequest, 'clone'>;

const cloneOf = (row: VoiceCloneRow): CloneVoice => ({
  providerVoiceId: row.providerVoiceId,
  profile: row.profile,
});

/**
 * Voices and voice clones (spec 001 sections 3, 7 and 8, the `/elevenlabs/...` calls): the speech
 * provider's voices, the user's own clones (kept here: a provider keeps no clone state), previews,
 * and speaking with any of them on the user's behalf. A clone is its owner's alone: every other
 * caller gets "not found".
 */
export class VoicesService {
  private readonly making = new Map<string, Promise<string | null>>();

  constructor(private readonly deps: VoicesServiceDeps) {}

  async list(userId: string, query: ListVoicesQuery): Promise<VoiceListAnswer> {
    const builtIn = query.voice_type === 'personal' ? [] : await this.deps.speech.listVoices();
    const clones = query.voice_type === 'default' ? [] : (await this.usableClones(userId)).map(cloneAsVoice);
    const all = [...builtIn.map((voice) => ({ voice, createdAt: 0 })), ...clones];
    const direction = query.sort_direction === 'desc' ? -1 : 1;
    // Built-in voices have no creation time: sorted by it, they come first, by name.
    const sorted = all.sort(
      (a, b) =>
        direction *
        (query.sort === 'created_at_unix' && a.createdAt !== b.createdAt
          ? a.createdAt - b.createdAt
          : a.voice.name.localeCompare(b.voice.name)),
    );
    const page = sorted.slice(0, query.page_size);
    return {
      voices: await Promise.all(page.map(({ voice }) => this.toOption(voice, userId))),
      total_count: sorted.length,
      has_more: sorted.length > page.length,
    };
  }

  /**
   * POST /elevenlabs/voice-clone: the sample is checked by content (422 for another format), stored
   * in the user's upload area and handed to the provider; nothing is kept when any step fails.
   */
  async clone(
    userId: string,
    fields: Record<string, string>,
    file: ReceivedFile | undefined,
  ): Promise<VoiceClone> {
    const parsed = createVoiceCloneBodySchema.safeParse(fields);
    if (!parsed.success || !file) throw badRequest(voiceMessages.cloneInvalid);
    let sample;
    try {
      sample = await vetVoiceSample(
        file.data,
        this.deps.tools,
        this.deps.workDir,
        voiceMessages.cloneUnsupportedFormat,
        VOICE_CLONE_MIME_TYPES,
      );
    } catch (error) {
      if (error instanceof VoiceSampleRefusedError) throw new HttpError(422, error.message);
      throw error;
    }
    const { name, description, labels } = parsed.data;
    const stored = await this.deps.uploads.storeFile(userId, sample);
    let made;
    try {
      made = await this.deps.speech.cloneVoice({
        ownerId: userId,
        name,
        audio: sample.data,
        ...(description ? { description } : {}),
        ...(labels ? { labels } : {}),
      });
    } catch (error) {
      await this.deps.uploads.delete(stored.key);
      throw cloneError(error);
    }
    try {
      const row = await this.deps.repository.insert({
        id: `clone-${crypto.randomUUID()}`,
        userId,
        name,
        description: description?.trim() || null,
        labels: { ...labels, ...(made.gender ? { gender: made.gender } : {}) },
        provider: this.deps.speech.kind,
        providerVoiceId: made.clone.providerVoiceId,
        profile: made.clone.profile,
        sampleKey: stored.key,
        sampleBytes: sample.data.length,
        message: made.message,
      });
      return toVoiceClone(row);
    } catch (error) {
      await Promise.allSettled([
        this.deps.uploads.delete(stored.key),
        this.deps.speech.deleteClone(made.clone),
      ]);
      throw error;
    }
  }

  /** The bytes the user's clones keep stored: their samples. */
  storedBytes(userId: string): Promise<number> {
    return this.deps.repository.storedBytes(userId);
  }

  /** GET /elevenlabs/voice-clones: every clone of the user, newest first. */
  async listClones(userId: string): Promise<VoiceClone[]> {
    return (await this.deps.repository.listForUser(userId)).map(toVoiceClone);
  }

  /** DELETE /elevenlabs/voice-clone/{id}: the row, the stored sample, its previews and the vendor voice. */
  async deleteClone(userId: string, voiceId: string): Promise<{ voice_id: string; deleted_at: string }> {
    const row = await this.deps.repository.findForUser(userId, voiceId);
    if (!row) throw notFound(voiceMessages.cloneNotFound);
    if (row.provider === this.deps.speech.kind) {
      await this.deps.speech.deleteClone(cloneOf(row));
    } else {
      this.deps.logger.warn(
        { voiceId, provider: row.provider },
        'A clone of another speech provider was deleted here; its vendor voice is left',
      );
    }
    const deleted = await this.deps.repository.deleteForUser(userId, voiceId);
    if (!deleted) throw notFound(voiceMessages.cloneNotFound);
    await Promise.allSettled([
      this.deps.uploads.delete(row.sampleKey),
      this.deps.storage.delete(this.previewKey(userId, voiceId)),
      this.deps.storage.delete(this.saidKey(userId, voiceId)),
    ]);
    return { voice_id: voiceId, deleted_at: new Date().toISOString() };
  }

  /**
   * Speaks with a built-in voice or one of the user's clones: the only way modules synthesise on a
   * user's behalf, so a clone is never spoken for anyone else. An unknown or foreign voice is the
   * provider's `not_found`.
   */
  async speak(userId: string, request: SpeakRequest): Promise<SynthesizedSpeech> {
    const clone = await this.usableClone(userId, request.voiceId);
    return this.deps.speech.synthesize({ ...request, ...(clone ? { clone } : {}) });
  }

  /** A voice saying a sentence the user typed; kept per user and voice, replaced by the next one. */
  async preview(
    userId: string,
    voiceId: string,
    text: string,
  ): Promise<{ audio_url: string; duration_seconds: number }> {
    let speech;
    try {
      speech = await this.speak(userId, { text, voiceId });
    } catch (error) {
      if (error instanceof ProviderError && error.code === 'not_found')
        throw notFound(voiceMessages.voiceNotFound);
      if (error instanceof ProviderError && error.code === 'invalid_input') throw badRequest(error.message);
      throw error;
    }
    const key = this.saidKey(userId, voiceId);
    await this.deps.storage.put(key, speech.audio, { contentType: speech.contentType });
    return {
      audio_url: await this.deps.storage.signedUrl(key, { expiresInSeconds: this.deps.signedUrlTtlSeconds }),
      duration_seconds: speech.durationSeconds,
    };
  }

  /** 400 `Voice not found` unless the user may speak with the voice (a job about to use it). */
  async assertUsable(userId: string, voiceId: string): Promise<void> {
    if (!(await this.isUsable(userId, voiceId))) throw badRequest(voiceMessages.voiceNotFound);
  }

  /** Whether the user may speak with a voice: a built-in one, or one of their clones. */
  async isUsable(userId: string, voiceId: string): Promise<boolean> {
    if (voiceId.startsWith('clone-')) {
      const row = await this.deps.repository.findForUser(userId, voiceId);
      return row !== undefined && row.provider === this.deps.speech.kind;
    }
    // The spec's eight voices are spoken by every provider (ElevenLabs maps them to its own ids).
    if ((FALLBACK_VOICE_IDS as readonly string[]).includes(voiceId)) return true;
    return (await this.deps.speech.listVoices()).some((voice) => voice.id === voiceId);
  }

  /** The storage URI of a clone's sample, for a job that mixes the sample itself (image-to-video). */
  async cloneSampleUri(userId: string, voiceId: string): Promise<string | null> {
    const row = await this.deps.repository.findForUser(userId, voiceId);
    return row ? this.deps.storage.uriFor(row.sampleKey) : null;
  }

  /**
   * What speaks with a voice in a render: a built-in voice by its id, a clone with what the provider
   * needs of it. Throws the provider's `not_found` for a voice the user may not use.
   */
  async speakerFor(userId: string, voiceId: string): Promise<{ voiceId: string; clone?: CloneVoice }> {
    const clone = await this.usableClone(userId, voiceId);
    return clone ? { voiceId, clone } : { voiceId };
  }

  /** The user's clones the configured provider can speak with. */
  private async usableClones(userId: string): Promise<VoiceCloneRow[]> {
    return (await this.deps.repository.listForUser(userId)).filter(
      (row) => row.provider === this.deps.speech.kind,
    );
  }

  private async usableClone(userId: string, voiceId: string): Promise<CloneVoice | undefined> {
    if (!voiceId.startsWith('clone-')) return undefined;
    const row = await this.deps.repository.findForUser(userId, voiceId);
    if (!row || row.provider !== this.deps.speech.kind) {
      throw new ProviderError('not_found', voiceMessages.voiceNotFound);
    }
    return cloneOf(row);
  }

  private async toOption(voice: Voice, userId: string): Promise<VoiceOption> {
    return {
      id: voice.id,
      name: voice.name,
      gender: voice.gender,
      accent: voice.accent,
      category: voice.category,
      preview_url: voice.previewUrl ?? (await this.previewUrl(voice, userId)),
      description: voice.description,
      labels: voice.labels,
    };
  }

  private previewKey(userId: string, voiceId: string): string {
    return voiceId.startsWith('clone-')
      ? `${PREVIEWS_AREA}/${userId}/${voiceId}.wav`
      : `${PREVIEWS_AREA}/${voiceId}.wav`;
  }

  private saidKey(userId: string, voiceId: string): string {
    return `${PREVIEWS_AREA}/${userId}/said-${voiceId}`;
  }

  /** A signed URL of the voice's sample, synthesising it the first time (a clone's is its owner's). */
  private async previewUrl(voice: Voice, userId: string): Promise<string | null> {
    const key = this.previewKey(userId, voice.id);
    let made = this.making.get(key);
    if (!made) {
      made = this.makePreview(key, voice, userId).finally(() => this.making.delete(key));
      this.making.set(key, made);
    }
    const stored = await made;
    return stored && this.deps.storage.signedUrl(stored, { expiresInSeconds: this.deps.signedUrlTtlSeconds });
  }

  private async makePreview(key: string, voice: Voice, userId: string): Promise<string | null> {
    if (await this.deps.storage.exists(key)) return key;
    try {
      const speech = await this.speak(userId, {
        text: `Hi, I'm ${voice.name}. I can narrate your next video.`,
        voiceId: voice.id,
      });
      await this.deps.storage.put(key, speech.audio, { contentType: speech.contentType });
      return key;
    } catch (error) {
      // A voice without a preview still works: the list shows it without the play button.
      this.deps.logger.warn({ err: error, voiceId: voice.id }, 'Could not make a voice preview');
      return null;
    }
  }
}

function cloneAsVoice(row: VoiceCloneRow): { voice: Voice; createdAt: number } {
  const gender = row.labels.gender;
  return {
    createdAt: row.createdAt.getTime(),
    voice: {
      id: row.id,
      name: row.name,
      gender: gender === 'male' || gender === 'female' ? gender : null,
      accent: row.labels.accent ?? null,
      category: 'cloned',
      previewUrl: null,
      description: row.description,
      labels: row.labels,
    },
  };
}

function toVoiceClone(row: VoiceCloneRow): VoiceClone {
  return {
    voice_id: row.id,
    name: row.name,
    status: 'ready',
    message: row.message,
    created_at: row.createdAt.toISOString(),
  };
}

/** The provider's refusal in the clone call's own words (spec 001 section 8). */
function cloneError(error: unknown): unknown {
  if (!(error instanceof ProviderError)) return error;
  switch (error.code) {
    case 'invalid_input':
      return badRequest(
        error.message === voiceMessages.cloneInvalid
          ? error.message
          : `${voiceMessages.cloneInvalid}: ${error.message}`,
      );
    case 'too_large':
      return new HttpError(413, voiceMessages.cloneTooLarge);
    case 'unsupported_media':
      return new HttpError(422, voiceMessages.cloneUnsupportedFormat);
    default:
      return new HttpError(502, error.message);
  }
}
