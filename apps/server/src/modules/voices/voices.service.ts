import type { ListVoicesQuery, VoiceListAnswer, VoiceOption } from '@reelcraft/contract';
import type { ObjectStorage } from '../../platform/storage';
import type { SpeechProvider, Voice } from '../../providers';

/** Where the synthesised previews of voices are kept: made once per voice, then served. */
const PREVIEWS_AREA = 'voice-previews';

interface VoicesLogger {
  warn(obj: object, msg: string): void;
}

/**
 * The voice list (spec 001 section 7, `GET /elevenlabs/voices`): the speech provider's voices and
 * the caller's own clones, sorted and paged as the provider's own list call is, each with a
 * playable preview. A provider without previews (the local one) gets a short sample synthesised
 * once and cached in storage.
 */
export class VoicesService {
  private readonly making = new Map<string, Promise<string | null>>();

  constructor(
    private readonly speech: Pick<SpeechProvider, 'listVoices' | 'synthesize'>,
    private readonly storage: Pick<ObjectStorage, 'exists' | 'put' | 'signedUrl'>,
    private readonly signedUrlTtlSeconds: number,
    private readonly logger: VoicesLogger,
  ) {}

  async list(userId: string, query: ListVoicesQuery): Promise<VoiceListAnswer> {
    let voices = await this.speech.listVoices({ ownerId: userId });
    if (query.voice_type === 'personal') voices = voices.filter((voice) => voice.category === 'cloned');
    if (query.voice_type === 'default') voices = voices.filter((voice) => voice.category !== 'cloned');
    // The local voices have no creation time: both sorts order them by name.
    const direction = query.sort_direction === 'desc' ? -1 : 1;
    const sorted = [...voices].sort((a, b) => direction * a.name.localeCompare(b.name));
    const page = sorted.slice(0, query.page_size);
    return {
      voices: await Promise.all(page.map((voice) => this.toOption(voice, userId))),
      total_count: sorted.length,
      has_more: sorted.length > page.length,
    };
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

  /** A signed URL of the voice's sample, synthesising it the first time (a clone's is its owner's). */
  private async previewUrl(voice: Voice, userId: string): Promise<string | null> {
    const key =
      voice.category === 'cloned'
        ? `${PREVIEWS_AREA}/${userId}/${voice.id}.wav`
        : `${PREVIEWS_AREA}/${voice.id}.wav`;
    let made = this.making.get(key);
    if (!made) {
      made = this.makePreview(key, voice, userId).finally(() => this.making.delete(key));
      this.making.set(key, made);
    }
    const stored = await made;
    return stored && this.storage.signedUrl(stored, { expiresInSeconds: this.signedUrlTtlSeconds });
  }

  private async makePreview(key: string, voice: Voice, userId: string): Promise<string | null> {
    if (await this.storage.exists(key)) return key;
    try {
      const speech = await this.speech.synthesize({
        text: `Hi, I'm ${voice.name}. I can narrate your next video.`,
        voiceId: voice.id,
        ownerId: userId,
      });
      await this.storage.put(key, speech.audio, { contentType: speech.contentType });
      return key;
    } catch (error) {
      // A voice without a preview still works: the list shows it without the play button.
      this.logger.warn({ err: error, voiceId: voice.id }, 'Could not make a voice preview');
      return null;
    }
  }
}
