import { generationMessages } from '@reelcraft/contract';
import {
  defineJob,
  type JobContext,
  type JobDefinition,
  type JobPolicy,
} from '../../platform/queue/job-registry';
import type { RenderedVideo } from '../../providers';
import type { VideosService } from '../videos';
import type { GenerationOutcomes } from './generation-outcomes';
import { renderJobName, type GenerationKind } from './generation-kind';
import { generationRef, type Generation, type GenerationsService } from './generations.service';
import { decideOnFailure } from './job-failure';
import { ProgressThrottle } from './progress-throttle';
import { RENDER_RETRY_LIMIT } from './render-job-policy';
import { StageTracker, type StageSnapshot } from './stage-tracker';

/** The render is this share of the job; storing the files is the rest. */
const RENDER_SHARE_PERCENT = 95;

interface RunnerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  child(bindings: object): RunnerLogger;
}

export interface GenerationRunnerDeps {
  generations: Pick<GenerationsService, 'load' | 'state' | 'kindOf'>;
  videos: Pick<VideosService, 'recordProgress' | 'markRetrying' | 'findById'>;
  outcomes: GenerationOutcomes;
  logger: RunnerLogger;
}

/**
 * Runs every kind's render job: reloads the generation, renders its input with the kind, stores
 * the files and records the outcome; progress goes to the video row and the owner's sockets on the
 * way. Never takes quota: the video was reserved at the start and is given back if it fails.
 */
export class GenerationRunner {
  constructor(private readonly deps: GenerationRunnerDeps) {}

  async run(kind: GenerationKind, id: string, context: JobContext): Promise<void> {
    const { render } = kind;
    if (!render) throw new Error(`Generation kind "${kind.name}" has no render of its own`);
    const generation = await this.deps.generations.load(id);
    // Finished by an earlier attempt, or its video deleted meanwhile: nothing to do.
    if (!generation || generation.video.status !== 'processing') return;
    const job = generationRef(generation, kind);
    const log = this.deps.logger.child({
      kind: kind.name,
      sessionId: job.sessionId,
      attempt: context.retryCount,
    });
    const tracker = new StageTracker(RENDER_SHARE_PERCENT);
    const throttle = new ProgressThrottle<StageSnapshot>(async (snapshot) => {
      await this.deps.videos.recordProgress(job.videoId, {
        progress: snapshot.progress,
        stage: snapshot.currentStage,
        stageProgress: snapshot.stageProgress,
      });
      await this.publishCurrent(generation);
    }, log);

    let rendered: RenderedVideo | undefined;
    throttle.report(tracker.snapshot(), true);
    try {
      rendered = await render(kind.input.parse(generation.row.input), {
        signal: context.signal,
        onProgress: (report) => {
          const { snapshot, stageChanged } = tracker.report(report.progress, report.stage);
          throttle.report(snapshot, stageChanged);
        },
      });
      throttle.report(tracker.finishing(), true);
      await throttle.settle();
      // Ended while it rendered (cancelled, its video deleted): nothing of it is kept.
      if ((await this.deps.videos.findById(job.videoId))?.status !== 'processing') return;
      await this.complete(generation, rendered);
      log.info({ seconds: rendered.durationSeconds, bytes: rendered.fileSizeBytes }, 'Generation completed');
    } catch (error) {
      await throttle.settle();
      const decision = decideOnFailure(error, context, RENDER_RETRY_LIMIT);
      if (decision.retry) throw error;
      log.warn({ err: error }, 'Generation failed');
      await this.fail(generation, decision.message);
    } finally {
      await rendered?.release();
    }
  }

  /** The queue gave up on the job (its last attempt's process died): fails it if still open. */
  async gaveUp(id: string): Promise<void> {
    const generation = await this.deps.generations.load(id);
    if (!generation || generation.video.status !== 'processing') return;
    this.deps.logger.warn({ sessionId: generation.row.sessionId }, 'Generation given up by the queue');
    await this.fail(generation, generationMessages.generationFailed);
  }

  /**
   * An attempt ended without an outcome and another follows (its worker died, or it threw): the
   * owner sees "retrying" until the next attempt reports progress.
   */
  async retrying(id: string): Promise<void> {
    const generation = await this.deps.generations.load(id);
    if (!generation || generation.video.status !== 'processing') return;
    await this.deps.videos.markRetrying(generation.video.id);
    await this.publishCurrent(generation);
  }

  /**
   * Ends a generation with its video, for a workflow kind whose last step made it: stores the files
   * in the library row, notifies the owner and pushes the final state. Safe to repeat.
   */
  async deliver(id: string, rendered: RenderedVideo): Promise<void> {
    const generation = await this.deps.generations.load(id);
    if (!generation || generation.video.status !== 'processing') return;
    await this.complete(generation, rendered);
  }

  /** Ends a still-open generation as failed (the reserved video is given back); safe to repeat. */
  async failById(id: string, message: string): Promise<void> {
    const generation = await this.deps.generations.load(id);
    if (!generation || generation.video.status !== 'processing') return;
    await this.fail(generation, message);
  }

  private async complete(generation: Generation, rendered: RenderedVideo): Promise<void> {
    const kind = this.deps.generations.kindOf(generation);
    const job = generationRef(generation, kind);
    await this.deps.outcomes.storeVideo(job, rendered);
    await kind?.delivered?.(kind.input.parse(generation.row.input), job.videoId, rendered);
    await this.deps.outcomes.completed(job);
    await this.publishCurrent(generation);
  }

  /** Records a failure: the video row and quota (outcomes), then the owner's sockets. */
  private async fail(generation: Generation, message: string): Promise<void> {
    await this.deps.outcomes.failed(
      generationRef(generation, this.deps.generations.kindOf(generation)),
      message,
    );
    await this.publishCurrent(generation);
  }

  /** Pushes the state as the video row now holds it: the event and the status calls agree. */
  private async publishCurrent(generation: Generation): Promise<void> {
    const video = await this.deps.videos.findById(generation.video.id);
    if (!video) return;
    await this.deps.outcomes.publish(
      generation.row.userId,
      await this.deps.generations.state({ ...generation, video }),
    );
  }
}

/** One render job per single-shot kind, all run by the one runner. */
export function generationJobs(
  kinds: readonly GenerationKind[],
  runner: GenerationRunner,
  policy: Partial<JobPolicy>,
): JobDefinition[] {
  return kinds
    .filter((kind) => kind.render)
    .map(
      (kind) =>
        defineJob(renderJobName(kind), policy, ({ id }, context) => runner.run(kind, id, context), {
          onGaveUp: ({ id }) => runner.gaveUp(id),
          onRetrying: ({ id }) => runner.retrying(id),
        }) as JobDefinition,
    );
}
