import crypto from 'node:crypto';
import {
  SEED_MAX,
  STORYBOARD_LIMITS,
  storyboardMessages,
  type CreateStoryboardBody,
  type ProjectType,
  type SaveStoryboardBody,
  type Storyboard,
  type StoryboardContent,
  type ValidationIssue,
} from '@reelcraft/contract';
import { HttpError, notFound, unprocessable } from '../../platform/http/http-error';
import type { OrmTransaction } from '../../platform/db/database';
import { readObject, type ObjectStorage } from '../../platform/storage';
import type { TextProvider } from '../../providers';
import {
  scenePreviewPng,
  searchIllustrations,
  unknownIllustrations,
  writeStoryboardDraft,
} from '../../providers/storyboard-drafts';
import { withNarratedDurations } from '../../providers/video/storyboard-scenes';
import { videoTitleFromPrompt, type GenerationsService } from '../generations';
import type { UploadsService } from '../uploads';
import type { VideosService } from '../videos';
import type { VoicesService } from '../voices';
import { captionsFile, type CaptionsFormat } from './captions-files';
import type { StoryboardKind, StoryboardRendering } from './storyboard.kind';
import { storyboardSearchText } from './storyboard-search-text';
import type { StoryboardsRepository } from './storyboards.repository';
import type { StoryboardRow } from './storyboards.schema';

/**
 * Free re-renders a storyboard has (docs/decisions/035): a re-render that renders at most half of
 * its scenes again takes no video, this many times; anything else takes one, like a new video.
 */
export const FREE_RERENDERS_PER_STORYBOARD = 5;

/** A save that lost the race: the reason and the storyboard as it now is (answered as a 409). */
export class StoryboardConflictError extends Error {
  override name = 'StoryboardConflictError';
  constructor(
    readonly detail: string,
    readonly current: Storyboard,
  ) {
    super(detail);
  }
}

export interface StoryboardsServiceDeps {
  repository: StoryboardsRepository;
  generations: Pick<GenerationsService, 'start'>;
  kind: StoryboardKind;
  /** Every scene's clip key as the storyboard kind renders it (with who films the scenes). */
  sceneKeys: StoryboardRendering['sceneKeys'];
  /** Drafts write each scene's `visual.prompt` (a cloud video provider films the scenes from it). */
  scenePrompts: boolean;
  videos: Pick<
    VideosService,
    'findById' | 'ownVideo' | 'signedUrl' | 'linkStoryboard' | 'describeStoryboard'
  >;
  voices: Pick<VoicesService, 'isUsable'>;
  uploads: Pick<UploadsService, 'findOwnImage'>;
  /** The storage key an address of this instance's storage names (a URI or a signed URL). */
  keyOf(address: string): Promise<string | null>;
  storage: Pick<ObjectStorage, 'get' | 'uriFor'>;
  text: Pick<TextProvider, 'kind' | 'writeSceneScript'>;
  /** Finds how an older video was made, to rebuild its storyboard from its prompt. */
  findTextVideoInput(
    userId: string,
    videoId: string,
  ): Promise<{
    prompt: string;
    durationSeconds: number;
    aspect?: StoryboardContent['aspect_ratio'];
    seed: number;
  } | null>;
}

/** What starts a storyboard's render from a prompt at once (text-to-video, the chat). */
export interface PromptRenderRequest {
  prompt: string;
  durationSeconds: number;
  aspect: StoryboardContent['aspect_ratio'];
  seed?: number;
  sessionId?: string;
  projectType?: ProjectType;
}

/** Storyboards (issue 31): drafts from prompts, versioned saves, renders and their quota rule. */
export class StoryboardsService {
  constructor(private readonly deps: StoryboardsServiceDeps) {}

  /** A draft from a prompt: nothing is rendered or taken from the quota. */
  async create(userId: string, body: CreateStoryboardBody): Promise<Storyboard> {
    if (body.voice_id) await this.assertVoice(userId, body.voice_id);
    const seed = crypto.randomInt(0, SEED_MAX);
    const content = await this.draft(body.prompt, body.duration, body.aspect_ratio ?? '16:9', seed, {
      ...(body.voice_id !== undefined ? { voiceId: body.voice_id } : {}),
      language: body.language ?? 'en',
    });
    const row = await this.deps.repository.insert({ userId, prompt: body.prompt, content, seed });
    return this.answer(row);
  }

  async get(userId: string, id: string): Promise<Storyboard> {
    return this.answer(await this.own(userId, id));
  }

  /** Saves the whole storyboard as the next version, or 409 when `version` is no longer current. */
  async save(userId: string, id: string, body: SaveStoryboardBody): Promise<Storyboard> {
    const { version, ...edited } = body;
    const current = await this.own(userId, id);
    if (current.version !== version) {
      throw new StoryboardConflictError(storyboardMessages.staleVersion, await this.answer(current));
    }
    const content = await this.checked(userId, edited, current.content);
    const saved = await this.deps.repository.saveVersion(userId, id, version, content);
    if (!saved) {
      throw new StoryboardConflictError(
        storyboardMessages.staleVersion,
        await this.answer(await this.own(userId, id)),
      );
    }
    await this.describe(saved);
    return this.answer(saved);
  }

  async versions(userId: string, id: string) {
    const row = await this.own(userId, id);
    const versions = await this.deps.repository.listVersions(row.id);
    return {
      versions: versions.map((version) => ({
        version: version.version,
        saved_at: version.savedAt.toISOString(),
        scene_count: version.content.scenes.length,
        duration_seconds: totalSeconds(version.content),
        rendered: version.version === row.renderedVersion,
      })),
    };
  }

  /** Saves an older version again as the newest (the versions in between stay in the history). */
  async restore(userId: string, id: string, version: number): Promise<Storyboard> {
    const row = await this.own(userId, id);
    const old = await this.deps.repository.findVersion(row.id, version);
    if (!old) throw notFound(storyboardMessages.versionNotFound);
    const saved = await this.deps.repository.saveVersion(userId, id, row.version, old.content);
    if (!saved) {
      throw new StoryboardConflictError(
        storyboardMessages.staleVersion,
        await this.answer(await this.own(userId, id)),
      );
    }
    await this.describe(saved);
    return this.answer(saved);
  }

  /**
   * Renders the current version (202 with the generation to follow). The first render takes one
   * video; a re-render is free when it renders at most half of the scenes again, up to
   * FREE_RERENDERS_PER_STORYBOARD times (docs/decisions/035). The claim is atomic with the start.
   */
  async render(
    userId: string,
    id: string,
    version: number,
  ): Promise<{ session_id: string; video_id: string }> {
    const row = await this.own(userId, id);
    if (row.version !== version) throw new HttpError(409, storyboardMessages.renderStale);
    if (await this.isRendering(row)) throw new HttpError(409, storyboardMessages.alreadyRendering);
    if (row.renderedVersion === row.version) throw new HttpError(409, storyboardMessages.nothingToRender);
    const pending = this.pending(row);
    return this.startRender(row, {
      free: pending.videos_cost === 0,
      title: row.content.title,
    });
  }

  /**
   * Writes a storyboard from a prompt and renders it at once, in one transaction with the start
   * (POST /text-to-video/sessions, the chat): a repeated start with the same session id answers the
   * first and writes nothing more.
   */
  async renderFromPrompt(userId: string, request: PromptRenderRequest): Promise<{ sessionId: string }> {
    const seed = request.seed ?? crypto.randomInt(0, SEED_MAX);
    const content = await this.draft(request.prompt, request.durationSeconds, request.aspect, seed, {
      language: 'en',
    });
    const storyboardId = crypto.randomUUID();
    const started = await this.deps.generations.start(this.deps.kind, {
      userId,
      ...(request.sessionId ? { sessionId: request.sessionId } : {}),
      title: content.title,
      ...(request.projectType ? { projectType: request.projectType } : {}),
      storyboard: { id: storyboardId, version: 1 },
      input: { userId, storyboardId, version: 1, content, seed, previousKeys: [] },
      alsoInTransaction: async (tx, generation) => {
        await this.deps.repository.insert(
          { id: storyboardId, userId, prompt: request.prompt, content, seed, videoId: generation.videoId },
          tx,
        );
        await this.describe({ id: storyboardId, prompt: request.prompt, content }, tx);
      },
    });
    return { sessionId: started.sessionId };
  }

  /**
   * A draft written for another flow's start (image to video: its images become the scenes), and
   * the row it is kept in, inserted in that start's transaction.
   */
  draftFor(request: {
    prompt: string;
    durationSeconds: number;
    aspect: StoryboardContent['aspect_ratio'];
    seed: number;
    voiceId?: string | null;
    imageUris?: readonly string[];
  }): Promise<StoryboardContent> {
    return this.draft(request.prompt, request.durationSeconds, request.aspect, request.seed, {
      ...(request.voiceId !== undefined ? { voiceId: request.voiceId } : {}),
      language: 'en',
      ...(request.imageUris ? { imageUris: request.imageUris } : {}),
    });
  }

  async insertStarted(
    tx: OrmTransaction,
    row: {
      id: string;
      userId: string;
      prompt: string;
      content: StoryboardContent;
      seed: number;
      /** Absent: nothing renders it yet (the studio's candidates render it themselves). */
      videoId?: string;
    },
  ): Promise<void> {
    await this.deps.repository.insert(row, tx);
    if (row.videoId) await this.describe(row, tx);
  }

  /**
   * What a flow that renders the user's storyboard itself needs (the studio): one version's content
   * (the current one by default), the seed its scenes draw with, the current version and the clip
   * keys of its newest render. Undefined when it is not the user's or that version is gone.
   */
  async renderable(
    userId: string,
    id: string,
    version?: number,
  ): Promise<
    { content: StoryboardContent; seed: number; version: number; renderedSceneKeys: string[] } | undefined
  > {
    const row = await this.deps.repository.findForUser(userId, id);
    if (!row) return undefined;
    const content =
      version === undefined || version === row.version
        ? row.content
        : (await this.deps.repository.findVersion(row.id, version))?.content;
    if (!content) return undefined;
    return { content, seed: row.seed, version: row.version, renderedSceneKeys: row.renderedSceneKeys };
  }

  /** A still of a saved scene, drawn as its clip starts. */
  async preview(userId: string, id: string, sceneId: string): Promise<Buffer> {
    const row = await this.own(userId, id);
    const scene = row.content.scenes.find((candidate) => candidate.id === sceneId);
    if (!scene) throw notFound(storyboardMessages.sceneNotFound);
    const image = scene.visual.subjects.find((subject) => subject.kind === 'image');
    const key = image?.kind === 'image' ? await this.deps.keyOf(image.image_url) : null;
    return scenePreviewPng({
      scene,
      seed: row.seed,
      aspect: row.content.aspect_ratio,
      ...(key ? { image: await readObject(this.deps.storage, key) } : {}),
    });
  }

  /** The bytes the user's storyboards keep as cached scene clips (the storage allowance). */
  storedBytes(userId: string): Promise<number> {
    return this.deps.repository.storedBytes(userId);
  }

  illustrations(query: string) {
    return searchIllustrations(query);
  }

  /** Captions of the user's video as WebVTT or SubRip (404 when it has none). */
  async captions(userId: string, videoId: string, format: CaptionsFormat): Promise<string> {
    const video = await this.deps.videos.ownVideo(userId, videoId);
    if (video.status !== 'completed' || !video.captions || video.captions.length === 0) {
      throw notFound(storyboardMessages.noCaptions);
    }
    return captionsFile(video.captions, format);
  }

  /**
   * The storyboard a video was rendered from; for a text video made before storyboards, one
   * rebuilt from its prompt, length and shape (a new draft, linked to nothing until rendered).
   */
  async ofVideo(userId: string, videoId: string): Promise<Storyboard> {
    const video = await this.deps.videos.ownVideo(userId, videoId);
    if (video.storyboardId) {
      const row = await this.deps.repository.findForUser(userId, video.storyboardId);
      if (row) return this.answer(row);
    }
    const made = await this.deps.findTextVideoInput(userId, videoId);
    if (!made) throw new HttpError(409, storyboardMessages.notEditable);
    const content = await this.draft(made.prompt, made.durationSeconds, made.aspect ?? '16:9', made.seed, {
      language: 'en',
    });
    const row = await this.deps.repository.insert({ userId, prompt: made.prompt, content, seed: made.seed });
    // The next Edit of this video opens the same storyboard instead of rebuilding another.
    await this.deps.videos.linkStoryboard(videoId, row.id);
    await this.describe(row);
    return this.answer(row);
  }

  private async startRender(
    row: StoryboardRow,
    options: { free: boolean; title: string },
  ): Promise<{ session_id: string; video_id: string }> {
    let videoId = '';
    // An edit of a presenter, slides or studio video is still one: its project keeps its type (a
    // studio storyboard's first video is its export, recorded as rendered, never started here).
    const previousId = row.videoId ?? row.renderedVideoId;
    const previous = previousId ? await this.deps.videos.findById(previousId) : undefined;
    const { sessionId } = await this.deps.generations.start(this.deps.kind, {
      userId: row.userId,
      title: options.title,
      ...(previous ? { projectType: previous.projectType } : {}),
      storyboard: { id: row.id, version: row.version },
      reserveVideo: !options.free,
      input: {
        userId: row.userId,
        storyboardId: row.id,
        version: row.version,
        content: row.content,
        seed: row.seed,
        previousKeys: row.renderedSceneKeys,
        // The format its clips were made in, so they are reused.
        ...(row.renderFormat ? { format: row.renderFormat } : {}),
      },
      alsoInTransaction: async (tx: OrmTransaction, generation) => {
        videoId = generation.videoId;
        const claimed = await this.deps.repository.claimRender(tx, {
          id: row.id,
          version: row.version,
          videoId: generation.videoId,
          previousVideoId: row.videoId,
          free: options.free
            ? { renderedKeys: row.renderedSceneKeys, maxFree: FREE_RERENDERS_PER_STORYBOARD }
            : null,
        });
        // Another tab saved or started a render meanwhile: nothing of this start is kept.
        if (!claimed) throw new HttpError(409, storyboardMessages.renderStale);
        await this.describe(row, tx);
      },
    });
    return { session_id: sessionId, video_id: videoId };
  }

  /** Keeps what a project search finds the storyboard's videos by in step with its words. */
  private describe(
    row: Pick<StoryboardRow, 'id' | 'prompt' | 'content'>,
    tx?: OrmTransaction,
  ): Promise<void> {
    return this.deps.videos.describeStoryboard(row.id, storyboardSearchText(row.prompt, row.content), tx);
  }

  private async draft(
    prompt: string,
    durationSeconds: number,
    aspect: StoryboardContent['aspect_ratio'],
    seed: number,
    options: { voiceId?: string | null; language: string; imageUris?: readonly string[] },
  ): Promise<StoryboardContent> {
    return writeStoryboardDraft(
      {
        prompt,
        durationSeconds,
        aspect,
        ...(options.voiceId !== undefined ? { voiceId: options.voiceId } : {}),
        ...(options.imageUris ? { imageUris: options.imageUris } : {}),
        language: options.language,
        title: videoTitleFromPrompt(prompt),
        seed,
      },
      this.deps.text,
      { scenePrompts: this.deps.scenePrompts },
    );
  }

  /**
   * The rules a schema cannot check alone: the video's length, unique scene ids, illustrations of
   * the set, the user's own images (kept as storage URIs, so a scene's key does not change with a
   * signed URL), a voice the user may use. Scenes that follow their narration take its length.
   */
  private async checked(
    userId: string,
    content: StoryboardContent,
    current: StoryboardContent,
  ): Promise<StoryboardContent> {
    // Images the storyboard already shows were checked when they came in (a flow's own, such as a
    // deck's slides, or the user's uploads): they may stay.
    const kept = new Set(
      current.scenes.flatMap((scene) =>
        scene.visual.subjects.flatMap((subject) => (subject.kind === 'image' ? [subject.image_url] : [])),
      ),
    );
    const issues: ValidationIssue[] = [];
    const issue = (loc: (string | number)[], msg: string) =>
      issues.push({ loc: ['body', ...loc], msg, type: 'value_error' });
    const ids = new Set<string>();
    content.scenes.forEach((scene, index) => {
      if (ids.has(scene.id)) issue(['scenes', index, 'id'], storyboardMessages.duplicateSceneId);
      ids.add(scene.id);
      // A speaking scene films its image subject talking (talking-portrait-footage.ts).
      if (
        scene.visual.action === 'speak' &&
        !scene.visual.subjects.some((subject) => subject.kind === 'image')
      )
        issue(['scenes', index, 'visual', 'action'], storyboardMessages.speakNeedsImage);
    });
    const unknown = new Set(await unknownIllustrations(content.scenes));
    const scenes = await Promise.all(
      content.scenes.map(async (scene, index) => ({
        ...scene,
        visual: {
          ...scene.visual,
          subjects: await Promise.all(
            scene.visual.subjects.map(async (subject, position) => {
              const at = ['scenes', index, 'visual', 'subjects', position];
              if (subject.kind === 'illustration') {
                if (unknown.has(subject.id)) issue([...at, 'id'], storyboardMessages.unknownIllustration);
                return subject;
              }
              if (kept.has(subject.image_url)) return subject;
              const key = await this.deps.keyOf(subject.image_url);
              const own = key
                ? await this.deps.uploads.findOwnImage(userId, this.deps.storage.uriFor(key))
                : null;
              if (!own) {
                issue([...at, 'image_url'], storyboardMessages.imageNotYours);
                return subject;
              }
              return { ...subject, image_url: own.uri };
            }),
          ),
        },
      })),
    );
    if (content.voice_id && !(await this.deps.voices.isUsable(userId, content.voice_id))) {
      issue(['voice_id'], storyboardMessages.unknownVoice);
    }
    const normalized = withNarratedDurations({
      ...content,
      title: content.title.trim(),
      scenes: scenes.map((scene) => ({ ...scene, narration: scene.narration.trim() })),
    });
    if (totalSeconds(normalized) > STORYBOARD_LIMITS.maxTotalSeconds)
      issue(['scenes'], storyboardMessages.videoTooLong);
    if (issues.length > 0) throw unprocessable(issues);
    return normalized;
  }

  private async assertVoice(userId: string, voiceId: string): Promise<void> {
    if (!(await this.deps.voices.isUsable(userId, voiceId))) {
      throw unprocessable([
        { loc: ['body', 'voice_id'], msg: storyboardMessages.unknownVoice, type: 'value_error' },
      ]);
    }
  }

  private async own(userId: string, id: string): Promise<StoryboardRow> {
    const row = await this.deps.repository.findForUser(userId, id);
    if (!row) throw notFound(storyboardMessages.notFound);
    return row;
  }

  private async isRendering(row: StoryboardRow): Promise<boolean> {
    return (await this.renderingVideo(row)) !== null;
  }

  /** The video of the render under way, if one is. */
  private async renderingVideo(row: StoryboardRow) {
    const video = row.videoId ? await this.deps.videos.findById(row.videoId) : undefined;
    return video?.status === 'processing' ? video : null;
  }

  /** Which scenes "Render" renders again and what it takes from the quota (decision 035). */
  private pending(row: StoryboardRow): Storyboard['pending_render'] {
    const keys = this.deps.sceneKeys(row.content, row.seed, row.renderFormat ?? undefined);
    const rendered = new Set(row.renderedSceneKeys);
    const sceneIds = row.content.scenes
      .filter((_, index) => !rendered.has(keys[index] as string))
      .map((scene) => scene.id);
    if (row.renderedVersion === null) return { scene_ids: sceneIds, videos_cost: 1 };
    if (row.renderedVersion === row.version) return { scene_ids: [], videos_cost: 0 };
    const free =
      sceneIds.length * 2 <= row.content.scenes.length &&
      row.freeRerendersUsed < FREE_RERENDERS_PER_STORYBOARD;
    return { scene_ids: sceneIds, videos_cost: free ? 0 : 1 };
  }

  private async answer(row: StoryboardRow): Promise<Storyboard> {
    const [rendering, rendered] = await Promise.all([
      this.renderingVideo(row),
      row.renderedVideoId ? this.deps.videos.findById(row.renderedVideoId) : undefined,
    ]);
    return {
      ...row.content,
      id: row.id,
      version: row.version,
      status: rendering ? 'rendering' : row.renderedVersion !== null ? 'rendered' : 'draft',
      prompt: row.prompt,
      duration_seconds: totalSeconds(row.content),
      video_id: row.renderedVideoId,
      video_url:
        rendered?.status === 'completed' ? await this.deps.videos.signedUrl(rendered.videoUri) : null,
      rendered_version: row.renderedVersion,
      video_captions_in_picture: rendered?.captionsInPicture ?? false,
      render_session_id: rendering?.sessionId ?? null,
      pending_render: this.pending(row),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }
}

const totalSeconds = (content: StoryboardContent) =>
  Math.round(content.scenes.reduce((sum, scene) => sum + scene.duration_seconds, 0) * 10) / 10;
