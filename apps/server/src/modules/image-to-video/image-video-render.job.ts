import { generationMessages, type VideoProgressEventData } from '@reelcraft/contract';
import type { JobPlatform } from '../../platform/platform';
import { defineJob, type JobContext, type JobDefinition } from '../../platform/queue/job-registry';
import { StorageObjectNotFoundError, type ObjectStorage } from '../../platform/storage';
import type { RenderedVideo, VideoProvider } from '../../providers';
import {
  createVideoJobOutcomes,
  decideOnFailure,
  ProgressThrottle,
  RENDER_RETRY_LIMIT,
  renderJobPolicy,
  VideoInputError,
  videoTitleFromPrompt,
  type VideoJobOutcomes,
  type VideoJobRef,
} from '../video-jobs';
import { stageMessage, StageTracker, type StageSnapshot } from './image-stages';
import { ImageToVideoRepository } from './image-to-video.repository';
import type { ImageVideoSessionRow } from './image-to-video.schema';

export const IMAGE_TO_VIDEO_RENDER_JOB = 'image-to-video.render';

declare module '../../platform/queue/job-registry' {
  interface JobPayloads {
    /** `id`: the session's id. */
    'image-to-video.render': { id: string };
  }
}

/** The render is this share of the job; storing the files is the rest. */
const RENDER_SHARE_PERCENT = 95;
const INPUT_GONE = 'An image or sound of this video is no longer available. Please upload it again.';

interface RendererLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  child(bindings: object): RendererLogger;
}

/**
 * Runs one image-to-video job: reloads the session, reads its inputs from storage, renders from
 * scratch (the seed makes a retry the same video), stores the files and records the outcome. Never
 * takes quota: the video was reserved when the job was accepted, and is given back if it fails.
 */
export class ImageVideoRenderer {
  constructor(
    private readonly repository: ImageToVideoRepository,
    private readonly storage: Pick<ObjectStorage, 'get' | 'keyFromUri'>,
    private readonly video: VideoProvider,
    private readonly outcomes: VideoJobOutcomes,
    private readonly logger: RendererLogger,
  ) {}

  async run(id: string, context: JobContext): Promise<void> {
    const session = await this.repository.findById(id);
    // Finished by an earlier attempt, or gone with its owner: nothing to do.
    if (!session || session.status !== 'processing') return;
    const job = this.jobRef(session);
    const log = this.logger.child({ sessionId: session.id, attempt: context.retryCount });
    const tracker = new StageTracker(RENDER_SHARE_PERCENT);
    const throttle = new ProgressThrottle<StageSnapshot>(async (snapshot) => {
      await this.repository.updateProgress(session.id, snapshot);
      await this.outcomes.publish(session.userId, this.event(session, 'processing', snapshot));
    }, log);

    let rendered: RenderedVideo | undefined;
    throttle.report(tracker.snapshot(), true);
    try {
      const [images, lastFrame, voiceSample] = await Promise.all([
        Promise.all(session.imageUris.map((uri) => this.read(uri))),
        session.lastFrameUri ? this.read(session.lastFrameUri) : undefined,
        session.voiceSampleUri ? this.read(session.voiceSampleUri) : undefined,
      ]);
      const { settings } = session;
      rendered = await this.video.fromImages(
        {
          images,
          prompt: session.prompt,
          durationSeconds: settings.duration,
          aspect: settings.aspect_ratio,
          quality: settings.quality,
          mode: settings.mode,
          seed: session.seed,
          ...(lastFrame ? { lastFrame } : {}),
          ...(voiceSample ? { voiceSample } : {}),
        },
        {
          signal: context.signal,
          onProgress: (report) => {
            const { snapshot, stageChanged } = tracker.report(report.progress, report.stage);
            throttle.report(snapshot, stageChanged);
          },
        },
      );
      throttle.report(tracker.finishing(), true);
      await throttle.settle();
      await this.outcomes.storeVideo(job, rendered);
      await this.outcomes.completed(job);
      const finished = await this.repository.update(session.id, {
        status: 'completed',
        currentStage: 'completed',
        progress: 100,
        stageProgress: {
          file_processing: 100,
          scene_generation: 100,
          video_generation: 100,
          final_combination: 100,
        },
        errorMessage: null,
        completedAt: new Date(),
      });
      await this.outcomes.publish(
        session.userId,
        this.event(finished ?? session, 'completed', {
          progress: 100,
          currentStage: 'final_combination',
          stageProgress: {},
        }),
      );
      log.info({ seconds: rendered.durationSeconds, bytes: rendered.fileSizeBytes }, 'Image video completed');
    } catch (error) {
      await throttle.settle();
      const decision = decideOnFailure(error, context, RENDER_RETRY_LIMIT);
      if (decision.retry) throw error;
      log.warn({ err: error }, 'Image video failed');
      await this.fail(session, decision.message, tracker.snapshot());
    } finally {
      await rendered?.release();
    }
  }

  /** The queue gave up on the job (its last attempt's process died): fails it if still open. */
  async gaveUp(id: string): Promise<void> {
    const session = await this.repository.findById(id);
    if (!session || session.status !== 'processing') return;
    this.logger.warn({ sessionId: session.id }, 'Image video given up by the queue');
    await this.fail(session, generationMessages.generationFailed, {
      progress: session.progress,
      currentStage: session.currentStage === 'completed' ? 'final_combination' : session.currentStage,
      stageProgress: session.stageProgress,
    });
  }

  /** Records a failure: the library row and quota (outcomes), the session, the owner's sockets. */
  private async fail(session: ImageVideoSessionRow, message: string, snapshot: StageSnapshot): Promise<void> {
    await this.outcomes.failed(this.jobRef(session), message);
    await this.repository.update(session.id, {
      status: 'failed',
      errorMessage: message,
      completedAt: new Date(),
    });
    await this.outcomes.publish(session.userId, this.event(session, 'failed', snapshot, message));
  }

  private jobRef(session: ImageVideoSessionRow): VideoJobRef {
    return {
      userId: session.userId,
      sessionId: session.id,
      videoId: session.videoId,
      reservationId: session.reservationId,
      title: videoTitleFromPrompt(session.prompt),
    };
  }

  /** An input the job was accepted with; gone (deleted from the library meanwhile) fails the job. */
  private async read(uri: string): Promise<Buffer> {
    const key = this.storage.keyFromUri(uri);
    if (key === null) throw new VideoInputError(INPUT_GONE);
    try {
      const { stream } = await this.storage.get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch (error) {
      if (error instanceof StorageObjectNotFoundError) throw new VideoInputError(INPUT_GONE);
      throw error;
    }
  }

  private event(
    session: ImageVideoSessionRow,
    status: VideoProgressEventData['status'],
    snapshot: StageSnapshot,
    error: string | null = null,
  ): VideoProgressEventData {
    const stage = status === 'completed' ? 'completed' : snapshot.currentStage;
    return {
      session_id: session.id,
      project_type: 'image-to-video',
      status,
      progress: snapshot.progress,
      stage,
      message: stageMessage(status, stage, snapshot.progress, error),
      video_id: session.videoId,
      error,
    };
  }
}

/** The module's job kinds, with handlers built from the platform of the process that runs them. */
export function imageToVideoJobs(platform: JobPlatform): JobDefinition[] {
  const renderer = new ImageVideoRenderer(
    new ImageToVideoRepository(platform.database.orm),
    platform.storage,
    platform.providers.video,
    createVideoJobOutcomes(platform),
    platform.logger.child({ component: 'image-to-video' }),
  );
  return [
    defineJob(
      IMAGE_TO_VIDEO_RENDER_JOB,
      renderJobPolicy(platform.config),
      ({ id }, context) => renderer.run(id, context),
      ({ id }) => renderer.gaveUp(id),
    ) as JobDefinition,
  ];
}
