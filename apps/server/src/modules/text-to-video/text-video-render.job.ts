import { generationMessages, textToVideoMessages, type VideoProgressEventData } from '@reelcraft/contract';
import type { JobPlatform } from '../../platform/platform';
import { defineJob, type JobContext, type JobDefinition } from '../../platform/queue/job-registry';
import type { RenderedVideo, VideoProvider } from '../../providers';
import {
  createVideoJobOutcomes,
  decideOnFailure,
  ProgressThrottle,
  RENDER_RETRY_LIMIT,
  renderJobPolicy,
  type VideoJobOutcomes,
  type VideoJobRef,
  videoTitleFromPrompt,
} from '../video-jobs';
import { TextToVideoRepository } from './text-to-video.repository';
import type { TextVideoSessionRow, VideoJobStage } from './text-to-video.schema';

export const TEXT_TO_VIDEO_RENDER_JOB = 'text-to-video.render';

declare module '../../platform/queue/job-registry' {
  interface JobPayloads {
    /** `id`: the session row's id. */
    'text-to-video.render': { id: string };
  }
}

/** What the text screen renders (the spec offers no choice of shape or quality there). */
const TEXT_VIDEO_FORMAT = { aspect: '16:9', fps: 24, quality: 'standard' } as const;
/** The render is this share of the job; storing the files is the rest. */
const RENDER_SHARE_PERCENT = 95;

/** The text screen's progress bands (spec 001 section 4), as the event's message. */
export function textProgressLabel(progress: number): string {
  if (progress < 25) return textToVideoMessages.progressInitializing;
  if (progress < 50) return textToVideoMessages.progressProcessing;
  if (progress < 75) return textToVideoMessages.progressRendering;
  return textToVideoMessages.progressFinalizing;
}

interface Step {
  progress: number;
  stage: VideoJobStage;
}

interface RendererLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  child(bindings: object): RendererLogger;
}

/**
 * Runs one text-to-video job: reloads the session, renders from scratch (a retried job renders
 * again; the seed makes it the same video), stores the files, and records the outcome. Never takes
 * quota: the video was reserved when the job was accepted, and is given back if it fails.
 */
export class TextVideoRenderer {
  constructor(
    private readonly repository: TextToVideoRepository,
    private readonly video: VideoProvider,
    private readonly outcomes: VideoJobOutcomes,
    private readonly logger: RendererLogger,
  ) {}

  async run(id: string, context: JobContext): Promise<void> {
    const session = await this.repository.findById(id);
    // Finished by an earlier attempt, or gone with its owner: nothing to do.
    if (!session || session.status !== 'processing') return;
    const job = this.jobRef(session);
    const log = this.logger.child({ sessionId: session.sessionId, attempt: context.retryCount });
    const throttle = new ProgressThrottle<Step>(async (step) => {
      await this.repository.updateProgress(session.id, step);
      await this.outcomes.publish(session.userId, this.event(session, 'processing', step));
    }, log);

    let rendered: RenderedVideo | undefined;
    let stage: VideoJobStage = 'file_processing';
    throttle.report({ progress: 0, stage }, true);
    try {
      rendered = await this.video.fromText(
        {
          prompt: session.prompt,
          durationSeconds: session.durationSeconds,
          seed: session.seed,
          ...TEXT_VIDEO_FORMAT,
        },
        {
          signal: context.signal,
          onProgress: (report) => {
            const changed = report.stage !== stage;
            stage = report.stage as VideoJobStage;
            throttle.report({ progress: Math.floor(report.progress * RENDER_SHARE_PERCENT), stage }, changed);
          },
        },
      );
      throttle.report({ progress: RENDER_SHARE_PERCENT, stage: 'final_combination' }, true);
      await throttle.settle();
      await this.outcomes.storeVideo(job, rendered);
      await this.outcomes.completed(job);
      await this.repository.update(session.id, {
        status: 'completed',
        progress: 100,
        stage: 'completed',
        error: null,
        completedAt: new Date(),
      });
      await this.outcomes.publish(
        session.userId,
        this.event(session, 'completed', { progress: 100, stage: 'completed' }),
      );
      log.info({ seconds: rendered.durationSeconds, bytes: rendered.fileSizeBytes }, 'Text video completed');
    } catch (error) {
      await throttle.settle();
      const decision = decideOnFailure(error, context, RENDER_RETRY_LIMIT);
      if (decision.retry) throw error;
      log.warn({ err: error }, 'Text video failed');
      await this.fail(session, decision.message, stage);
    } finally {
      await rendered?.release();
    }
  }

  /** The queue gave up on the job (its last attempt's process died): fails it if still open. */
  async gaveUp(id: string): Promise<void> {
    const session = await this.repository.findById(id);
    if (!session || session.status !== 'processing') return;
    this.logger.warn({ sessionId: session.sessionId }, 'Text video given up by the queue');
    await this.fail(session, generationMessages.generationFailed, session.stage);
  }

  /** Records a failure: the library row and quota (outcomes), the session, the owner's sockets. */
  private async fail(session: TextVideoSessionRow, message: string, stage: VideoJobStage): Promise<void> {
    await this.outcomes.failed(this.jobRef(session), message);
    await this.repository.update(session.id, { status: 'failed', error: message, completedAt: new Date() });
    await this.outcomes.publish(
      session.userId,
      this.event(session, 'failed', { progress: session.progress, stage }, message),
    );
  }

  private jobRef(session: TextVideoSessionRow): VideoJobRef {
    return {
      userId: session.userId,
      sessionId: session.sessionId,
      videoId: session.videoId,
      reservationId: session.reservationId,
      title: videoTitleFromPrompt(session.prompt),
    };
  }

  private event(
    session: TextVideoSessionRow,
    status: VideoProgressEventData['status'],
    step: Step,
    error: string | null = null,
  ): VideoProgressEventData {
    return {
      session_id: session.sessionId,
      project_type: 'text-to-video',
      status,
      progress: step.progress,
      stage: step.stage,
      message: status === 'failed' ? error : textProgressLabel(step.progress),
      video_id: session.videoId,
      error,
    };
  }
}

/** The module's job kinds, with handlers built from the platform of the process that runs them. */
export function textToVideoJobs(platform: JobPlatform): JobDefinition[] {
  const renderer = new TextVideoRenderer(
    new TextToVideoRepository(platform.database.orm),
    platform.providers.video,
    createVideoJobOutcomes(platform),
    platform.logger.child({ component: 'text-to-video' }),
  );
  return [
    defineJob(
      TEXT_TO_VIDEO_RENDER_JOB,
      renderJobPolicy(platform.config),
      ({ id }, context) => renderer.run(id, context),
      ({ id }) => renderer.gaveUp(id),
    ) as JobDefinition,
  ];
}
