import crypto from 'node:crypto';
import { sharp } from '../../media/sharp';
import {
  avatarMessages,
  ENHANCER_MAX_BYTES,
  SEED_MAX,
  type Avatar,
  type AvatarPortrait,
  type CreateAvatarBody,
  type CreateAvatarPortraitsBody,
  type CreatePresenterVideoBody,
  type SessionStarted,
} from '@reelcraft/contract';
import { renderAvatarPortraits, PORTRAIT_SIDE, type RenderedPortrait } from '../../media/avatar-portraits';
import {
  DEFAULT_MAX_IMAGE_PIXELS,
  intakeImage,
  sharpFromVetted,
  type VettedImage,
} from '../../media/image-intake';
import { isMediaError } from '../../media/media-error';
import { badRequest, HttpError, notFound } from '../../platform/http/http-error';
import type { ObjectStorage } from '../../platform/storage';
import type { ImageEnhancementProvider } from '../../providers';
import type { GenerationsService } from '../generations';
import type { StoryboardsService } from '../storyboards';
import type { UploadsService } from '../uploads';
import type { VoicesService } from '../voices';
import type { AvatarsRepository } from './avatars.repository';
import type { AvatarRow } from './avatars.schema';
import type { PresenterKind } from './presenter.kind';
import { presenterStoryboard } from './presenter-storyboard';

/** Portrait candidates of a user, kept until they save one (or make new ones). */
const PORTRAITS_AREA = 'avatar-portraits';
const IMAGE_LIMITS = { maxBytes: ENHANCER_MAX_BYTES, maxPixels: DEFAULT_MAX_IMAGE_PIXELS };

export interface AvatarsServiceDeps {
  repository: AvatarsRepository;
  storage: Pick<ObjectStorage, 'put' | 'delete' | 'signedUrl' | 'uriFor' | 'keyFromUri' | 'exists'>;
  uploads: Pick<UploadsService, 'findOwnImage' | 'read' | 'storeFile'>;
  voices: Pick<VoicesService, 'assertUsable'>;
  generations: Pick<GenerationsService, 'start'>;
  presenter: PresenterKind;
  /** Inserts a presenter video's storyboard in its start's transaction. */
  storyboards: Pick<StoryboardsService, 'insertStarted'>;
  /** Makes the portraits when it is a model (Gemini); the local one is not, the offline renderer is used. */
  imageEnhancement: ImageEnhancementProvider;
  signedUrlTtlSeconds: number;
}

const portraitKeyPrefix = (userId: string) => `${PORTRAITS_AREA}/${userId}/`;

/**
 * Saved avatars (spec 001: the `/avatars` calls) and what makes them: the studio's avatar mode
 * (four portrait candidates from a reference photo) and presenter videos (an avatar speaking a
 * narration, a generation like any video). Another user's avatar or image answers 404.
 */
export class AvatarsService {
  constructor(private readonly deps: AvatarsServiceDeps) {}

  async list(userId: string): Promise<Avatar[]> {
    const rows = await this.deps.repository.listForUser(userId);
    return Promise.all(rows.map((row) => this.toAvatar(row)));
  }

  /**
   * Saves an avatar from one of the user's uploads or portrait candidates: the image is vetted and
   * copied as a square PNG into the user's upload area, so it outlives the image it came from and
   * the studio takes it as a subject reference like any upload.
   */
  async create(userId: string, body: CreateAvatarBody): Promise<Avatar> {
    const key = await this.ownImageKey(userId, body.gcs_uri);
    if (!key) throw notFound(avatarMessages.imageNotYours);
    if (body.voice_id) await this.deps.voices.assertUsable(userId, body.voice_id);
    const image = await this.vet(await this.deps.uploads.read(key));
    const png = await sharpFromVetted(image)
      .resize(PORTRAIT_SIDE, PORTRAIT_SIDE, { fit: 'cover', position: 'north' })
      .png()
      .toBuffer();
    const { key: imageKey } = await this.deps.uploads.storeFile(userId, {
      data: png,
      contentType: 'image/png',
      extension: 'png',
    });
    try {
      const row = await this.deps.repository.insert({
        userId,
        name: body.name,
        imageKey,
        imageBytes: png.length,
        voiceId: body.voice_id ?? null,
      });
      return await this.toAvatar(row);
    } catch (error) {
      await this.deps.storage.delete(imageKey);
      throw error;
    }
  }

  /** The bytes the user's avatars keep stored: their saved portraits. */
  storedBytes(userId: string): Promise<number> {
    return this.deps.repository.storedBytes(userId);
  }

  async rename(userId: string, id: string, name: string): Promise<Avatar> {
    const row = await this.deps.repository.rename(userId, id, name);
    if (!row) throw notFound(avatarMessages.avatarNotFound);
    return this.toAvatar(row);
  }

  /** Deletes the avatar and its portrait; presenter videos made with it stay in the library. */
  async delete(userId: string, id: string): Promise<{ id: string; deleted_at: string }> {
    const row = await this.deps.repository.delete(userId, id);
    if (!row) throw notFound(avatarMessages.avatarNotFound);
    await this.deps.storage.delete(row.imageKey);
    return { id: row.id, deleted_at: new Date().toISOString() };
  }

  /** The studio's avatar mode: four portraits of the person in the user's reference photo. */
  async portraits(userId: string, body: CreateAvatarPortraitsBody): Promise<{ portraits: AvatarPortrait[] }> {
    const [subject, style] = await Promise.all([
      this.deps.uploads.findOwnImage(userId, body.subject_ref),
      body.style_ref ? this.deps.uploads.findOwnImage(userId, body.style_ref) : null,
    ]);
    if (!subject || (body.style_ref && !style)) throw notFound(avatarMessages.imageNotYours);
    const reference = await this.vet(await this.deps.uploads.read(subject.key));
    const styleImage = style ? await this.vet(await this.deps.uploads.read(style.key)) : undefined;
    let made: RenderedPortrait[];
    try {
      made = await renderAvatarPortraits({
        reference,
        ...(styleImage ? { style: styleImage } : {}),
        prompt: body.prompt,
        seed: body.seed ?? crypto.randomInt(0, 2 ** 31 - 1),
      });
      if (this.deps.imageEnhancement.kind !== 'local')
        made = await this.byModel(reference, body.prompt, made);
    } catch (error) {
      if (isMediaError(error)) throw badRequest(error.message);
      throw new HttpError(502, avatarMessages.portraitsFailed);
    }
    const portraits = await Promise.all(
      made.map(async (portrait) => {
        const id = crypto.randomUUID();
        const key = `${portraitKeyPrefix(userId)}${id}.png`;
        const stored = await this.deps.storage.put(key, portrait.png, { contentType: 'image/png' });
        return {
          id,
          image_url: await this.signedUrl(key),
          gcs_uri: stored.uri,
          style: portrait.style,
        };
      }),
    );
    return { portraits };
  }

  /**
   * Starts a presenter video of the avatar: one video of the quota. Its text becomes a storyboard
   * (issue 31), inserted in the start's transaction and rendered by the job, so the video opens in
   * the storyboard editor afterwards.
   */
  async startPresenter(
    userId: string,
    avatarId: string,
    body: CreatePresenterVideoBody,
  ): Promise<SessionStarted> {
    const avatar = await this.deps.repository.findForUser(userId, avatarId);
    if (!avatar) throw notFound(avatarMessages.avatarNotFound);
    await this.deps.voices.assertUsable(userId, body.voice_id);
    const title = avatarMessages.presenterTitle(avatar.name);
    const content = presenterStoryboard(
      title,
      { name: avatar.name, portraitUri: this.deps.storage.uriFor(avatar.imageKey) },
      body,
    );
    const storyboardId = crypto.randomUUID();
    const seed = crypto.randomInt(0, SEED_MAX);
    const { sessionId } = await this.deps.generations.start(this.deps.presenter, {
      userId,
      ...(body.session_id ? { sessionId: body.session_id } : {}),
      title,
      storyboard: { id: storyboardId, version: 1 },
      input: {
        userId,
        avatarId: avatar.id,
        imageKey: avatar.imageKey,
        storyboard: { userId, storyboardId, version: 1, content, seed, previousKeys: [] },
      },
      alsoInTransaction: (tx, generation) =>
        this.deps.storyboards.insertStarted(tx, {
          id: storyboardId,
          userId,
          prompt: body.text,
          content,
          seed,
          videoId: generation.videoId,
        }),
    });
    return { session_id: sessionId };
  }

  /** With an image model configured, it redraws each offline portrait in that look. */
  private async byModel(reference: VettedImage, prompt: string, offline: RenderedPortrait[]) {
    const photo = await sharpFromVetted(reference).png().toBuffer();
    return Promise.all(
      offline.map(async (portrait) => {
        const enhanced = await this.deps.imageEnhancement.enhance({
          image: photo,
          instruction:
            `Make a head-and-shoulders portrait avatar of this person, facing the camera, mouth closed, ` +
            `look: ${portrait.style}. ${prompt}`.trim(),
        });
        return { style: portrait.style, png: await sharp(enhanced.data).png().toBuffer() };
      }),
    );
  }

  /** The key of the user's own upload or portrait candidate named by `uri`, or null. */
  private async ownImageKey(userId: string, uri: string): Promise<string | null> {
    const upload = await this.deps.uploads.findOwnImage(userId, uri);
    if (upload) return upload.key;
    const key = this.deps.storage.keyFromUri(uri);
    if (key === null || !key.startsWith(portraitKeyPrefix(userId))) return null;
    return (await this.deps.storage.exists(key)) ? key : null;
  }

  private async vet(data: Buffer): Promise<VettedImage> {
    try {
      return await intakeImage(data, IMAGE_LIMITS, { maxLongSide: 2048 });
    } catch (error) {
      if (isMediaError(error)) throw badRequest(error.message);
      throw error;
    }
  }

  private signedUrl(key: string): Promise<string> {
    return this.deps.storage.signedUrl(key, { expiresInSeconds: this.deps.signedUrlTtlSeconds });
  }

  private async toAvatar(row: AvatarRow): Promise<Avatar> {
    return {
      id: row.id,
      name: row.name,
      image_url: await this.signedUrl(row.imageKey),
      gcs_uri: this.deps.storage.uriFor(row.imageKey),
      voice_id: row.voiceId,
      created_at: row.createdAt.toISOString(),
    };
  }
}
