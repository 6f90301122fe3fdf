import crypto from 'node:crypto';
import {
  createImageToVideoBodySchema,
  DEFAULT_IMAGE_VIDEO_SEED,
  generationMessages,
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
} from '@reelcraft/contract';
import { parseCallInput } from '../../platform/http/call-input';
import { badRequest, notFound } from '../../platform/http/http-error';
import type { MultipartForm, ReceivedFile } from '../../platform/http/multipart-form';
import type { JobQueue } from '../../platform/queue/job-queue';
import type { Providers } from '../../providers';
import type { QuotaService } from '../subscriptions';
import { ImageRefusedError, vetImage, type UploadsService, type VettedImage } from '../uploads';
import { videoTitleFromPrompt } from '../video-jobs';
import type { VideosService } from '../videos';
import { stageMessage, stageStates } from './image-stages';
import type { ImageToVideoRepository } from './image-to-video.repository';
import type { ImageVideoSessionRow } from './image-to-video.schema';
import { IMAGE_TO_VIDEO_RENDER_JOB } from './image-video-render.job';
import { vetVoiceSample, VoiceSampleRefusedError, type VettedVoiceSample } from './voice-sample-vetting';

export const SESSION_NOT_FOUND = 'Session not found';
/** How many sessions the Recent Videos list shows when the client names no limit. */
export const RECENT_SESSIONS_DEFAULT_LIMIT = 10;

export const imageVideoReservationReference = (sessionId: string) => `image-to-video:${sessionId}`;

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
 * upload area, the job and its library video recorded, and the render queued.
 */
export class ImageToVideoService {
  constructor(
    private readonly repository: ImageToVideoRepository,
    private readonly quota: Pick<QuotaService, 'reserveVideo' | 'releaseVideo'>,
    private readonly videos: VideosService,
    private readonly uploads: UploadsService,
    private readonly queue: Pick<JobQueue, 'send'>,
    private readonly media: { tools: Providers['mediaTools']; workDir?: string },
  ) {}

  async start(userId: string, form: MultipartForm): Promise<SessionStarted> {
    // The spec's server texts for the two required parts (plain details, not a field list).
    if (!form.fields.prompt?.trim()) throw badRequest(serverDetailMessages.promptRequired);
    const body = parseCallInput(createImageToVideoBodySchema, form.fields);
    const inputs = await this.vetInputs(userId, body, form.files);

    const sessionId = crypto.randomUUID();
    const reservation = await this.quota.reserveVideo(userId, {
      reference: imageVideoReservationReference(sessionId),
    });
    const storedKeys: string[] = [];
    let videoId: string | null = null;
    let session: ImageVideoSessionRow | undefined;
    try {
      const imageUris = [...inputs.storedImageUris];
      for (const image of inputs.newImages) {
        const stored = await this.uploads.store(userId, image);
        storedKeys.push(stored.key);
        imageUris.push(stored.uri);
      }
      const lastFrame = inputs.lastFrame ? await this.uploads.store(userId, inputs.lastFrame) : null;
      if (lastFrame) storedKeys.push(lastFrame.key);
      const voiceSample = inputs.voiceSample
        ? await this.uploads.storeFile(userId, inputs.voiceSample)
        : null;
      if (voiceSample) storedKeys.push(voiceSample.key);

      const video = await this.videos.create({
        userId,
        title: videoTitleFromPrompt(body.prompt),
        projectType: 'image-to-video',
        status: 'processing',
        sessionId,
      });
      videoId = video.id;
      session = await this.repository.insert({
        id: sessionId,
        userId,
        prompt: body.prompt,
        modelPlatform: body.model_platform,
        settings: body.extra_params ?? imageVideoSettingsSchema.parse({}),
        seed: body.seed ?? DEFAULT_IMAGE_VIDEO_SEED,
        imageUris,
        lastFrameUri: lastFrame?.uri ?? null,
        voiceSampleUri: voiceSample?.uri ?? null,
        videoId,
        reservationId: reservation.id,
      });
      await this.queue.send(IMAGE_TO_VIDEO_RENDER_JOB, { id: session.id });
    } catch (error) {
      // Nothing will run: give the video back and leave a failed job, not one that stays "processing".
      if (videoId) await this.videos.markFailed(videoId, generationMessages.startFailed);
      if (session) {
        await this.repository.update(session.id, {
          status: 'failed',
          errorMessage: generationMessages.startFailed,
        });
      } else {
        await Promise.all(storedKeys.map((key) => this.uploads.delete(key)));
      }
      await this.quota.releaseVideo(reservation);
      throw error;
    }
    return { session_id: session.id };
  }

  /** The whole Image job status (404 for an unknown id or another user's). */
  async get(userId: string, sessionId: string): Promise<ImageToVideoSession> {
    const session = await this.repository.findForUser(userId, sessionId);
    if (!session) throw notFound(SESSION_NOT_FOUND);
    const outputUrl = await this.outputUrl(session);
    const end = session.completedAt ?? new Date();
    return {
      session_id: session.id,
      status: session.status,
      current_stage: session.status === 'completed' ? 'completed' : session.currentStage,
      progress: session.progress,
      error_message: session.errorMessage,
      output_video_url: outputUrl,
      video_urls: outputUrl ? [outputUrl] : [],
      user_id: session.userId,
      created_at: session.createdAt.toISOString(),
      file_count: session.imageUris.length,
      stage_progress: session.stageProgress,
      stages: stageStates(session.status, session.currentStage),
      model_platform: session.modelPlatform as ImageToVideoSession['model_platform'],
      extra_params: session.settings,
      elapsed_time: Math.max(0, Math.round((end.getTime() - session.createdAt.getTime()) / 100) / 10),
      message: stageMessage(session.status, session.currentStage, session.progress, session.errorMessage),
    };
  }

  /** The user's newest sessions with their finished outputs, for the Recent Videos button. */
  async listRecent(userId: string, limit = RECENT_SESSIONS_DEFAULT_LIMIT): Promise<RecentVideoSession[]> {
    const sessions = await this.repository.listForUser(userId, limit);
    return Promise.all(
      sessions.map(async (session): Promise<RecentVideoSession> => {
        const videos: RecentVideoSession['videos'] = [];
        if (session.status === 'completed') {
          videos.push({
            status: 'completed',
            message: stageMessage('completed', 'completed', 100, null),
            error: null,
            output_video_url: await this.outputUrl(session),
          });
        } else if (session.status === 'failed') {
          videos.push({
            status: 'failed',
            message: null,
            error: session.errorMessage,
            output_video_url: null,
          });
        }
        return {
          session_id: session.id,
          created_at: session.createdAt.toISOString(),
          status: session.status,
          videos,
        };
      }),
    );
  }

  private async outputUrl(session: ImageVideoSessionRow): Promise<string | null> {
    if (session.status !== 'completed' || !session.videoId) return null;
    const video = await this.videos.findForUser(session.userId, session.videoId);
    return video?.status === 'completed' ? this.videos.signedUrl(video.videoUri) : null;
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
