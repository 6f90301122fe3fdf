import crypto from 'node:crypto';
import {
  createImageToVideoBodySchema,
  DEFAULT_IMAGE_VIDEO_SEED,
  IMAGE_MIME_TYPES,
  imageToVideoMessages,
  imageVideoSettingsSchema,
  LAST_FRAME_MIME_TYPES,
  MAX_IMAGE_SLOTS,
  serverDetailMessages,
  type CreateImageToVideoBody,
  type ImageToVideoSession,
  type RecentVideoSession,
  type SessionStarted,
  voiceMessages,
} from '@reelcraft/contract';
import { parseCallInput } from '../../platform/http/call-input';
import { badRequest, notFound } from '../../platform/http/http-error';
import type { MultipartForm, ReceivedFile } from '../../platform/http/multipart-form';
import type { Providers } from '../../providers';
import { ImageRefusedError, vetImage, type UploadsService, type VettedImage } from '../uploads';
import { videoTitleFromPrompt, type GenerationsService } from '../generations';
import type { StoryboardsService } from '../storyboards';
import type { VoicesService } from '../voices';
import { IMAGE_STAGES, stageStates } from './image-stages';
import type { ImageToVideoKind } from './image-to-video.kind';
import {
  vetVoiceSample,
  VoiceSampleRefusedError,
  type VettedVoiceSample,
} from '../../media/voice-sample-vetting';

/** Frames a second of image videos (the offline renderer's, as before storyboards). */
const IMAGE_VIDEO_FPS = 24;

/** How many sessions the Recent Videos list shows when the client names no limit. */
export const RECENT_SESSIONS_DEFAULT_LIMIT = 10;

const ALL_STAGES_DONE = Object.fromEntries(IMAGE_STAGES.map((stage) => [stage, 100]));

/** The job's inputs, checked and ready to store. */
interface VettedInputs {
  newImages: VettedImage[];
  /** Images already in the user's upload area, in the order sent. */
  storedImageUris: string[];
  lastFrame: VettedImage | null;
  voiceSample: VettedVoiceSample | null;
}

async function vetImageFile(file: ReceivedFile, accept: readonly string[], unsupported: string) {
  try {
    return await vetImage(file, accept);
  } catch (error) {
    if (!(error instanceof ImageRefusedError)) throw error;
    throw badRequest(error.reason === 'unsupported' ? unsupported : error.message);
  }
}

/**
 * Starting and reading image-to-video jobs. Everything the job needs is checked before a video is
 * taken from the quota (so a bad form costs nothing), then the new files are stored in the user's
 * upload area and the generation started (quota, video row, job: one transaction).
 */
export class ImageToVideoService {
  constructor(
    private readonly generations: GenerationsService,
    private readonly kind: ImageToVideoKind,
    private readonly uploads: UploadsService,
    private readonly media: { tools: Providers['mediaTools']; workDir?: string },
    /** A saved clone's recording can be the voice sample; a new sample becomes a clone. */
    private readonly voices: Pick<VoicesService, 'cloneSampleUri' | 'clone' | 'deleteClone'>,
    /**
     * Set (the offline renderer): the images become a storyboard's scenes, narrated from the prompt
     * in the voice of the sample (issue 31). Unset (a cloud provider): the images go to it as they are.
     */
    private readonly storyboards?: Pick<StoryboardsService, 'draftFor' | 'insertStarted'>,
  ) {}

  async start(userId: string, form: MultipartForm): Promise<SessionStarted> {
    // The spec's server texts for the two required parts (plain details, not a field list).
    if (!form.fields.prompt?.trim()) throw badRequest(serverDetailMessages.promptRequired);
    const body = parseCallInput(createImageToVideoBodySchema, form.fields);
    const inputs = await this.vetInputs(userId, body, form.files);
    // An uploaded sample wins over a saved clone's; the clone's is already vetted and stored.
    const cloneSampleUri =
      body.voice_clone_id && !inputs.voiceSample
        ? await this.voices.cloneSampleUri(userId, body.voice_clone_id)
        : null;
    if (body.voice_clone_id && !inputs.voiceSample && !cloneSampleUri) {
      throw badRequest(voiceMessages.cloneNotFound);
    }
    if (this.storyboards) return this.startStoryboard(userId, body, inputs, form.files, this.storyboards);

    // Files cannot join the start's transaction: they are stored first and removed if it fails.
    const storedKeys: string[] = [];
    try {
      const { imageUris, lastFrame } = await this.storeImages(userId, inputs, storedKeys);
      const voiceSample = inputs.voiceSample
        ? await this.uploads.storeFile(userId, inputs.voiceSample)
        : null;
      if (voiceSample) storedKeys.push(voiceSample.key);

      const { sessionId } = await this.generations.start(this.kind, {
        userId,
        title: videoTitleFromPrompt(body.prompt),
        input: {
          prompt: body.prompt,
          modelPlatform: body.model_platform,
          settings: body.extra_params ?? imageVideoSettingsSchema.parse({}),
          seed: body.seed ?? DEFAULT_IMAGE_VIDEO_SEED,
          imageUris,
          lastFrameUri: lastFrame?.uri ?? null,
          voiceSampleUri: voiceSample?.uri ?? cloneSampleUri,
        },
      });
      return { session_id: sessionId };
    } catch (error) {
      await Promise.all(storedKeys.map((key) => this.uploads.delete(key)));
      throw error;
    }
  }

  /**
   * The images as a storyboard (issue 31): one scene each (the closing frame last), narrated from the
   * prompt. A voice sample is not played back: it becomes one of the user's clones, which speaks the
   * narration (a saved clone is used as it is). Nothing is kept when the start fails.
   */
  private async startStoryboard(
    userId: string,
    body: CreateImageToVideoBody,
    inputs: VettedInputs,
    files: readonly ReceivedFile[],
    storyboards: Pick<StoryboardsService, 'draftFor' | 'insertStarted'>,
  ): Promise<SessionStarted> {
    const title = videoTitleFromPrompt(body.prompt);
    const settings = body.extra_params ?? imageVideoSettingsSchema.parse({});
    const seed = body.seed ?? DEFAULT_IMAGE_VIDEO_SEED;
    const storedKeys: string[] = [];
    let madeClone: string | null = null;
    try {
      const { imageUris, lastFrame } = await this.storeImages(userId, inputs, storedKeys);
      const sampleFile = files.find((file) => file.field === 'voice_sample_file');
      // A saved clone (checked to be the user's) or a new one made from the sample narrates.
      let voiceId: string | undefined = body.voice_clone_id;
      if (sampleFile) {
        madeClone = (await this.voices.clone(userId, { name: `Voice of ${title}`.slice(0, 100) }, sampleFile))
          .voice_id;
        voiceId = madeClone;
      }
      const content = await storyboards.draftFor({
        prompt: body.prompt,
        durationSeconds: settings.duration,
        aspect: settings.aspect_ratio,
        seed,
        ...(voiceId ? { voiceId } : {}),
        imageUris: lastFrame ? [...imageUris, lastFrame.uri] : imageUris,
      });
      const storyboardId = crypto.randomUUID();
      const { sessionId } = await this.generations.start(this.kind, {
        userId,
        title,
        storyboard: { id: storyboardId, version: 1 },
        input: {
          prompt: body.prompt,
          modelPlatform: body.model_platform,
          settings,
          seed,
          imageUris,
          lastFrameUri: lastFrame?.uri ?? null,
          voiceSampleUri: null,
          storyboard: {
            userId,
            storyboardId,
            version: 1,
            content,
            seed,
            previousKeys: [],
            format: { quality: settings.quality, fps: IMAGE_VIDEO_FPS },
          },
        },
        alsoInTransaction: (tx, generation) =>
          storyboards.insertStarted(tx, {
            id: storyboardId,
            userId,
            prompt: body.prompt,
            content,
            seed,
            videoId: generation.videoId,
          }),
      });
      return { session_id: sessionId };
    } catch (error) {
      await Promise.all(storedKeys.map((key) => this.uploads.delete(key)));
      if (madeClone) await this.voices.deleteClone(userId, madeClone).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Stores the new images and the closing frame in the user's upload area; answers every image's
   * URI in slot order. Each key stored is added to `storedKeys`, for the caller to remove on failure.
   */
  private async storeImages(userId: string, inputs: VettedInputs, storedKeys: string[]) {
    const imageUris = [...inputs.storedImageUris];
    for (const image of inputs.newImages) {
      const stored = await this.uploads.store(userId, image);
      storedKeys.push(stored.key);
      imageUris.push(stored.uri);
    }
    const lastFrame = inputs.lastFrame ? await this.uploads.store(userId, inputs.lastFrame) : null;
    if (lastFrame) storedKeys.push(lastFrame.key);
    return { imageUris, lastFrame };
  }

  /** The whole Image job status (404 for an unknown id or another user's). */
  async get(userId: string, sessionId: string): Promise<ImageToVideoSession> {
    const generation = await this.generations.get(this.kind, userId, sessionId);
    const { row, input, video } = generation;
    const state = await this.generations.state(generation);
    const end = video.completedAt ?? new Date();
    return {
      session_id: state.session_id,
      status: state.status,
      current_stage: state.stage,
      progress: state.progress,
      error_message: state.error,
      output_video_url: state.video_url,
      video_urls: state.video_url ? [state.video_url] : [],
      user_id: row.userId,
      created_at: row.createdAt.toISOString(),
      file_count: input.imageUris.length,
      stage_progress: state.status === 'completed' ? ALL_STAGES_DONE : video.stageProgress,
      stages: stageStates(state.status, state.stage),
      model_platform: input.modelPlatform as ImageToVideoSession['model_platform'],
      extra_params: input.settings,
      elapsed_time: Math.max(0, Math.round((end.getTime() - row.createdAt.getTime()) / 100) / 10),
      message: state.message,
      retrying: state.retrying,
    };
  }

  /** The user's newest sessions with their videos' titles and finished outputs, for Recent Videos. */
  async listRecent(userId: string, limit = RECENT_SESSIONS_DEFAULT_LIMIT): Promise<RecentVideoSession[]> {
    const generations = await this.generations.listRecent(this.kind, userId, limit);
    return Promise.all(
      generations.map(async (generation): Promise<RecentVideoSession> => {
        const state = await this.generations.state(generation);
        const videos: RecentVideoSession['videos'] =
          state.status === 'processing'
            ? []
            : [
                {
                  status: state.status,
                  message: state.status === 'completed' ? state.message : null,
                  error: state.error,
                  output_video_url: state.video_url,
                },
              ];
        return {
          session_id: state.session_id,
          created_at: generation.row.createdAt.toISOString(),
          status: state.status,
          videos,
          video_id: generation.video.id,
          title: generation.video.title,
          thumbnail_url: await this.generations.thumbnailUrl(generation),
        };
      }),
    );
  }

  private async vetInputs(
    userId: string,
    body: CreateImageToVideoBody,
    files: readonly ReceivedFile[],
  ): Promise<VettedInputs> {
    const storedImageUris = [
      ...new Set([
        ...(body.existing_gcs_uris ?? []),
        ...(body.gcs_uris ?? []),
        ...(body.existing_uris ?? []),
      ]),
    ];
    const imageFiles = files.filter((file) => file.field === 'files');
    const total = imageFiles.length + storedImageUris.length;
    if (total === 0) throw badRequest(serverDetailMessages.filesRequired);
    if (total > MAX_IMAGE_SLOTS) throw badRequest(imageToVideoMessages.maxImagesAllowed(MAX_IMAGE_SLOTS));

    const newImages: VettedImage[] = [];
    for (const file of imageFiles) {
      newImages.push(await vetImageFile(file, IMAGE_MIME_TYPES, imageToVideoMessages.invalidImageFiles));
    }
    const resolved: string[] = [];
    for (const uri of storedImageUris) {
      // Another user's object and a missing one answer alike: nobody learns what exists.
      const image = await this.uploads.findOwnImage(userId, uri);
      if (!image) throw notFound(serverDetailMessages.imageNotFound);
      resolved.push(image.uri);
    }

    const lastFrameFile = files.find((file) => file.field === 'last_frame_image');
    const lastFrame = lastFrameFile
      ? await vetImageFile(lastFrameFile, LAST_FRAME_MIME_TYPES, imageToVideoMessages.invalidLastFrame)
      : null;

    const voiceFile = files.find((file) => file.field === 'voice_sample_file');
    let voiceSample: VettedVoiceSample | null = null;
    if (voiceFile) {
      try {
        voiceSample = await vetVoiceSample(
          voiceFile.data,
          this.media.tools,
          this.media.workDir,
          imageToVideoMessages.invalidVoiceSample,
        );
      } catch (error) {
        if (error instanceof VoiceSampleRefusedError) throw badRequest(error.message);
        throw error;
      }
    }
    return { newImages, storedImageUris: resolved, lastFrame, voiceSample };
  }
}
