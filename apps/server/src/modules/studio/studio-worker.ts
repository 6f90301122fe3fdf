import {
  generationMessages,
  STUDIO_CANDIDATE_COUNT,
  studioMessages,
  type StudioJobStatus,
} from '@reelcraft/contract';
import { createTempWorkspace } from '../../media/temp-workspace';
import type { JobContext, JobDefinition, JobPolicy } from '../../platform/queue/job-registry';
import { defineJob } from '../../platform/queue/job-registry';
import type {
  CandidatesRequest,
  CaptionCue,
  LipSyncProvider,
  RenderedVideo,
  TaskOptions,
  VideoCandidate,
  VideoProvider,
  VoiceoverCaption,
} from '../../providers';
import type { NotificationsService } from '../notifications';
import { decideOnFailure, renderJobName, type Generations } from '../generations';
import type { StudioEventLog } from './studio-events';
import { STUDIO_EXPIRE_JOB, type StudioExpiry } from './studio-expiry';
import { RisingProgress } from './studio-progress';
import type { StudioMedia } from './studio-media';
import type { StoryboardVersionRef, StudioStoryboards } from './studio-storyboards';
import { readyStatus } from './studio-transitions';
import { studioJobLink, type StudioKind } from './studio.kind';
import type { StudioRepository } from './studio.repository';
import type { StudioJobRow, StudioStepRow } from './studio.schema';
import {
  STUDIO_EXTEND_JOB,
  STUDIO_LIPSYNC_JOB,
  type StudioService,
  type VoiceoverStepRequest,
} from './studio.service';

/** Attempts after the first for a studio step (a crash, a full disk); each restarts from scratch. */
const STEP_RETRY_LIMIT = 2;
/** The export's progress bar: the storyboard's render takes this part of it, the lip-sync the rest. */
const EXPORT_RENDER_SHARE = 0.6;

/** What an extension step asked for, and (once made) the clip it extended. */
interface ExtendStepRequest {
  additionalSeconds: number;
  prompt: string;
  /** Storage URI of the clip it continued: the export rebuilds the chosen clip from this chain. */
  from?: string;
  /** The storyboard version it saved (the chosen storyboard with the added scenes). */
  storyboard?: StoryboardVersionRef;
}

/**
 * What a lip-sync step asked for, and (once under way) what its export shows: the storyboard
 * version narrated with the voiceover, or else the captions it burns in.
 */
interface LipsyncStepRequest {
  audioUri: string;
  model: string;
  captions?: VoiceoverCaption[];
  storyboard?: StoryboardVersionRef;
}

interface WorkerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface StudioWorkerDeps {
  repository: StudioRepository;
  events: StudioEventLog;
  media: StudioMedia;
  service: Pick<StudioService, 'stepAnswer' | 'finalVideoUrl' | 'videoIdOf'>;
  finisher: Generations['finisher'];
  notifications: Pick<NotificationsService, 'create'>;
  video: Pick<VideoProvider, 'candidates' | 'extend' | 'captionedClips'>;
  lipSync: Pick<LipSyncProvider, 'apply'>;
  /** Offline, the candidates are storyboards; with a vendor's video provider, its own clips. */
  storyboards?: StudioStoryboards;
  expiry: Pick<StudioExpiry, 'schedule' | 'check'>;
  workDir: string | undefined;
  logger: WorkerLogger;
}

/**
 * The studio's background work: the candidates (the job's generation), an extension, a lip-sync.
 * Each reloads its rows, works from scratch, stores what it made under the job's key, and tells the
 * job's event stream as it goes. Safe to run twice.
 */
export class StudioWorker {
  constructor(private readonly deps: StudioWorkerDeps) {}

  /** Four candidates, each stored and announced (`asset`) as soon as it is made. */
  async generateCandidates(generationId: string, context: JobContext): Promise<void> {
    const { repository, events, media } = this.deps;
    const found = await repository.findJobByGeneration(generationId);
    if (!found || !['CREATED', 'CANDIDATES_GENERATING'].includes(found.status)) return;
    // A retried attempt (after a restart) keeps the progress shown: the bar never goes back.
    const job = await repository.updateJob(found.id, { status: 'CANDIDATES_GENERATING', error: null });
    await events.emit(job, { type: 'state', status: job.status, message: null });
    const throttle = this.progressOf(job, 'CANDIDATES_GENERATING');

    const stored = new Set<string>();
    const store = async (candidate: VideoCandidate) => {
      const uri = await media.putFile(media.keyFor(job, `${candidate.id}.mp4`), candidate.path, 'video/mp4');
      await repository.saveCandidate({
        jobId: job.id,
        id: candidate.id,
        uri,
        durationSeconds: candidate.durationSeconds,
        width: candidate.width,
        height: candidate.height,
        sizeBytes: candidate.fileSizeBytes,
      });
      stored.add(candidate.id);
      await events.emit(job, {
        type: 'asset',
        asset: {
          asset_type: 'video',
          url: (await media.signedUrl(uri)) ?? '',
          metadata: { candidate_id: candidate.id, id: candidate.id },
          expires_at: media.expiresAt(),
        },
      });
    };

    let candidates: VideoCandidate[] = [];
    try {
      if (this.deps.storyboards) {
        await this.storyboardCandidates(job, this.deps.storyboards, context, throttle, store);
      } else {
        candidates = await this.deps.video.candidates(await this.candidatesRequest(job), {
          signal: context.signal,
          onProgress: (report) => throttle.report(report.progress),
          onCandidate: store,
        });
      }
      await throttle.settle();
      // Providers that make the clips together (Veo) hand them over at the end.
      for (const candidate of candidates) if (!stored.has(candidate.id)) await store(candidate);
      const ready = await repository.updateJob(job.id, { status: 'CANDIDATES_READY', progress: 1 });
      await events.emit(ready, { type: 'progress', status: ready.status, progress: 1 });
      await events.emit(ready, { type: 'state', status: ready.status, message: null });
      const step = await repository.insertStep({ jobId: job.id, type: 'candidates', status: 'completed' });
      if (step)
        await events.emit(ready, { type: 'step_complete', step: await this.deps.service.stepAnswer(step) });
      // The link opens this job, on any device (issue 36).
      await this.deps.notifications.create(job.userId, {
        title: studioMessages.candidatesReadyTitle,
        message: `${STUDIO_CANDIDATE_COUNT} candidates for "${clip(job.prompt)}" are ready to review.`,
        status: 'completed',
        link: studioJobLink(job.id),
      });
      // From now on the job waits for the user: left alone too long, it expires (decision 037).
      await this.deps.expiry.schedule(ready);
    } catch (error) {
      await throttle.settle();
      const decision = decideOnFailure(error, context, STEP_RETRY_LIMIT);
      if (decision.retry) throw error;
      this.deps.logger.warn({ err: error, jobId: job.id }, 'Studio candidates failed');
      await this.failJob(job, decision.message);
    } finally {
      await Promise.all(candidates.map((candidate) => candidate.release()));
    }
  }

  /**
   * The candidates as storyboards of the prompt, each rendered and stored in its turn. Those stored
   * before a restart are kept: their storyboards render the same clip again.
   */
  private async storyboardCandidates(
    job: StudioJobRow,
    storyboards: StudioStoryboards,
    context: JobContext,
    throttle: RisingProgress,
    store: (candidate: VideoCandidate) => Promise<void>,
  ): Promise<void> {
    const boards = await storyboards.candidates(job);
    const made = new Set((await this.deps.repository.listCandidates(job.id)).map((row) => row.id));
    const todo = boards.filter((board) => !made.has(board.candidateId));
    const done = boards.length - todo.length;
    for (const [position, board] of todo.entries()) {
      const rendered = await storyboards.preview(job, board, {
        signal: context.signal,
        onProgress: (report) => throttle.report((done + position + report.progress) / boards.length),
      });
      try {
        await store({ ...rendered, id: board.candidateId });
      } finally {
        await rendered.release();
      }
    }
  }

  /** The queue gave up on the candidates (the last attempt's process died). */
  async candidatesGaveUp(generationId: string): Promise<void> {
    const job = await this.deps.repository.findJobByGeneration(generationId);
    if (job && ['CREATED', 'CANDIDATES_GENERATING'].includes(job.status)) {
      await this.failJob(job, generationMessages.generationFailed);
    }
  }

  async extend(stepId: string, context: JobContext): Promise<void> {
    const loaded = await this.openStep(stepId);
    if (!loaded) return;
    const { job, step } = loaded;
    const request = step.request as unknown as ExtendStepRequest;
    const { additionalSeconds, prompt } = request;
    const progress = this.progressOf(job, job.status);
    await this.runStep(job, step, context, async (dir) => {
      const chosen = await this.chosenStoryboard(job);
      let storyboard: StoryboardVersionRef | undefined;
      let extended: RenderedVideo;
      if (chosen && this.deps.storyboards) {
        // The chosen storyboard with the extension's scenes after its own (saved once, whatever the retries).
        storyboard = request.storyboard ?? (await this.deps.storyboards.extend(job, chosen, request));
        if (!request.storyboard)
          await this.deps.repository.updateStep(step.id, {
            request: { ...request, storyboard } satisfies ExtendStepRequest,
          });
        extended = await this.deps.storyboards.preview(
          job,
          await this.deps.storyboards.load(job, storyboard),
          { signal: context.signal, onProgress: (report) => progress.report(report.progress) },
        );
      } else {
        const videoPath = await this.deps.media.readToFile(job.videoUri!, dir, 'chosen.mp4');
        extended = await this.deps.video.extend(
          { videoPath, additionalSeconds, prompt, seed: job.seed },
          { signal: context.signal, onProgress: (report) => progress.report(report.progress) },
        );
      }
      await progress.settle();
      try {
        const uri = await this.deps.media.putFile(
          this.deps.media.keyFor(job, `extended-${step.id}.mp4`),
          extended.path,
          'video/mp4',
        );
        const updated = await this.deps.repository.updateJob(job.id, {
          videoUri: uri,
          status: readyStatus(job),
          progress: 1,
        });
        await this.deps.repository.updateStep(step.id, {
          request: {
            ...request,
            from: job.videoUri!,
            ...(storyboard ? { storyboard } : {}),
          } satisfies ExtendStepRequest,
        });
        await this.finishStep(updated, step, uri);
        await this.deps.events.emit(updated, {
          type: 'extension_complete',
          final_video_url: (await this.deps.media.signedUrl(uri)) ?? '',
        });
      } finally {
        await extended.release();
      }
    });
  }

  /**
   * Exports the chosen clip with the voiceover, lip-synced, to the library: the job is complete.
   * A typed voiceover becomes the narration of the chosen storyboard, which is rendered (its
   * captions are the voiceover's words, said by its voice) and lip-synced to its own soundtrack; the
   * video opens in the storyboard editor. Otherwise (a recording, a vendor's clip) the clip is
   * lip-synced to the audio with the voiceover's captions burned in (none for a recording).
   */
  async lipsync(stepId: string, context: JobContext): Promise<void> {
    const loaded = await this.openStep(stepId);
    if (!loaded) return;
    const { job, step } = loaded;
    const request = step.request as unknown as LipsyncStepRequest;
    const { audioUri, model } = request;
    await this.runStep(job, step, context, async (dir) => {
      const voiceover = await this.voiceoverOf(job, audioUri);
      const chosen = await this.chosenStoryboard(job);
      const narrated =
        chosen && voiceover?.narration && this.deps.storyboards
          ? (request.storyboard ??
            (await this.deps.storyboards.narrate(job, chosen, voiceover.narration)) ??
            undefined)
          : undefined;
      if (narrated) {
        await this.deps.repository.updateStep(step.id, {
          request: { ...request, storyboard: narrated, captions: [] } satisfies LipsyncStepRequest,
        });
        await this.exportStoryboard(job, step, narrated, model, dir, context);
        return;
      }
      const captions = voiceover?.captions ?? [];
      await this.deps.repository.updateStep(step.id, {
        request: { ...request, captions } satisfies LipsyncStepRequest,
      });
      const throttle = this.progressOf(job, 'LIPSYNC_GENERATING');
      let synced: RenderedVideo | undefined;
      let clean: RenderedVideo | undefined;
      try {
        // A storyboard's clip carries no captions; an older candidate's is made again without them,
        // which takes the first part of the progress bar, the lip-sync the rest.
        const rebuild = !chosen && this.deps.video.captionedClips;
        const share = rebuild ? 0.4 : 0;
        const audio = await this.deps.media.read(audioUri);
        const clip = rebuild
          ? await this.captionFreeClip(job, dir, {
              signal: context.signal,
              onProgress: (report) => throttle.report(report.progress * share),
            })
          : { path: await this.deps.media.readToFile(job.videoUri!, dir, 'chosen.mp4') };
        clean = clip.video;
        synced = await this.deps.lipSync.apply(
          { videoPath: clip.path, audio, model, captions },
          {
            signal: context.signal,
            onProgress: (report) => throttle.report(share + report.progress * (1 - share)),
          },
        );
      } finally {
        await throttle.settle();
        await clean?.release();
      }
      // The voiceover's captions go with the video: its captions.vtt and .srt say the same.
      await this.deliverExport(
        job,
        step,
        synced,
        captions.map(({ text, start, end }) => ({ text, start, end })),
      );
    });
  }

  /**
   * The export of a narrated storyboard: rendered through the storyboards' rendering (its scene
   * clips kept for the editor), lip-synced to its own soundtrack, and delivered linked to it.
   */
  private async exportStoryboard(
    job: StudioJobRow,
    step: StudioStepRow,
    storyboard: StoryboardVersionRef,
    model: string,
    dir: string,
    context: JobContext,
  ): Promise<void> {
    const storyboards = this.deps.storyboards!;
    // The render's share, then the lip-sync provider's: the provider starts its own count again.
    const throttle = this.progressOf(job, 'LIPSYNC_GENERATING');
    let made: Awaited<ReturnType<StudioStoryboards['render']>> | undefined;
    let synced: RenderedVideo | undefined;
    try {
      try {
        made = await storyboards.render(job, storyboard, {
          signal: context.signal,
          onProgress: (report) => throttle.report(report.progress * EXPORT_RENDER_SHARE),
        });
        // The lip-sync lays the render's own sound (its narration and music) on its pictures.
        const apart = await storyboards.soundApart(made.rendered.path, dir, context.signal);
        synced = await this.deps.lipSync.apply(
          { videoPath: apart.videoPath, audio: apart.audio, model },
          {
            signal: context.signal,
            onProgress: (report) =>
              throttle.report(EXPORT_RENDER_SHARE + report.progress * (1 - EXPORT_RENDER_SHARE)),
          },
        );
      } finally {
        await throttle.settle();
      }
      const videoId = await this.deps.service.videoIdOf(job);
      if (videoId) await storyboards.delivered(videoId, made.input, made.rendered);
      const delivered = synced;
      synced = undefined;
      // Its captions are the storyboard's narration as said: the voiceover's words.
      await this.deliverExport(job, step, delivered, made.rendered.captions);
    } finally {
      await synced?.release();
      await made?.rendered.release();
    }
  }

  /** Delivers the exported video to the library (it is released here), then completes the job. */
  private async deliverExport(
    job: StudioJobRow,
    step: StudioStepRow,
    exported: RenderedVideo,
    captions: CaptionCue[],
  ): Promise<void> {
    let synced: RenderedVideo | undefined = exported;
    try {
      const ready = await this.deps.repository.updateJob(job.id, { status: 'LIPSYNC_READY' });
      await this.deps.finisher.deliver(job.generationId, { ...exported, captions });
      await exported.release();
      synced = undefined;
      const complete = await this.deps.repository.updateJob(job.id, { status: 'COMPLETE', progress: 1 });
      const finalUrl = (await this.deps.service.finalVideoUrl(complete)) ?? '';
      await this.deps.events.emit(ready, { type: 'lipsync_complete', final_video_url: finalUrl });
      await this.finishStep(complete, step, null);
      await this.deps.events.emit(complete, { type: 'workflow_complete', final_video_url: finalUrl });
    } finally {
      await synced?.release();
    }
  }

  /** The expiry's check of a job waiting for its user (queued when the candidates were ready). */
  async expireIfAbandoned(jobId: string): Promise<void> {
    await this.deps.expiry.check(jobId);
  }

  /** The queue gave up on an extension or lip-sync: the step failed, the job stays usable. */
  async stepGaveUp(stepId: string): Promise<void> {
    const loaded = await this.openStep(stepId);
    if (loaded) await this.failStep(loaded.job, loaded.step, generationMessages.generationFailed);
  }

  /** The candidates' request, rebuilt from the job alike every time (the export renders one again). */
  private async candidatesRequest(job: StudioJobRow): Promise<CandidatesRequest> {
    const [subjectRefs, styleRef] = await Promise.all([
      Promise.all(job.subjectRefs.map((uri) => this.deps.media.read(uri))),
      job.styleRef ? this.deps.media.read(job.styleRef) : undefined,
    ]);
    return {
      prompt: job.prompt,
      durationSeconds: job.durationSeconds,
      aspect: job.aspect as '16:9' | '9:16' | '1:1',
      fps: job.fps,
      seed: job.seed,
      subjectRefs,
      ...(styleRef ? { styleRef } : {}),
      count: STUDIO_CANDIDATE_COUNT,
    };
  }

  /** The typed voiceover step whose audio this is; none for a recording or any other audio. */
  private async voiceoverOf(
    job: StudioJobRow,
    audioUri: string,
  ): Promise<Partial<VoiceoverStepRequest> | undefined> {
    const steps = await this.deps.repository.listSteps(job.id);
    const voiceover = steps.find((step) => step.type === 'voiceover' && step.outputUri === audioUri);
    return voiceover?.request as Partial<VoiceoverStepRequest> | undefined;
  }

  /** The storyboard version the chosen clip shows; null for a vendor's clip or a job from before. */
  private async chosenStoryboard(job: StudioJobRow): Promise<StoryboardVersionRef | null> {
    if (!this.deps.storyboards || !job.videoUri) return null;
    const [candidates, steps] = await Promise.all([
      this.deps.repository.listCandidates(job.id),
      this.deps.repository.listSteps(job.id),
    ]);
    return this.deps.storyboards.clipStoryboard(job, job.videoUri, {
      candidates,
      extensions: steps
        .filter((step) => step.type === 'extend' && step.status === 'completed')
        .map((step) => {
          const { storyboard } = step.request as Partial<ExtendStepRequest>;
          return { outputUri: step.outputUri, ...(storyboard ? { storyboard } : {}) };
        }),
    });
  }

  /**
   * The chosen clip without caption cards: when the provider burns them in, its candidate rendered
   * again without them, then each extension made again from that. A clip whose making is not known
   * (extended before extensions recorded what they continued) is used as it is.
   */
  private async captionFreeClip(
    job: StudioJobRow,
    dir: string,
    task: TaskOptions,
  ): Promise<{ path: string; video?: RenderedVideo }> {
    const stored = async () => ({ path: await this.deps.media.readToFile(job.videoUri!, dir, 'chosen.mp4') });
    if (!this.deps.video.captionedClips) return stored();
    const [candidates, steps] = await Promise.all([
      this.deps.repository.listCandidates(job.id),
      this.deps.repository.listSteps(job.id),
    ]);
    // Back from the chosen clip through the extensions that made it to its candidate.
    const extensions: ExtendStepRequest[] = [];
    let uri = job.videoUri;
    let candidate = candidates.find((row) => row.uri === uri);
    while (!candidate && extensions.length < steps.length) {
      const made = steps.find(
        (step) => step.type === 'extend' && step.status === 'completed' && step.outputUri === uri,
      );
      const request = made?.request as ExtendStepRequest | undefined;
      if (!request?.from) break;
      extensions.unshift(request);
      uri = request.from;
      candidate = candidates.find((row) => row.uri === uri);
    }
    if (!candidate) {
      this.deps.logger.warn({ jobId: job.id }, 'Studio export: the chosen clip cannot be rebuilt');
      return stored();
    }
    const rendered = await this.deps.video.candidates(
      { ...(await this.candidatesRequest(job)), ids: [candidate.id], captions: false },
      {
        signal: task.signal,
        onProgress: (report) =>
          task.onProgress?.({ ...report, progress: report.progress / (extensions.length + 1) }),
      },
    );
    const chosenId = candidate.id;
    await Promise.all(rendered.filter((item) => item.id !== chosenId).map((item) => item.release()));
    const first = rendered.find((item) => item.id === chosenId);
    if (!first) throw new Error(`The provider did not render ${chosenId} again`);
    let video: RenderedVideo = first;
    try {
      for (const [index, extension] of extensions.entries()) {
        const longer = await this.deps.video.extend(
          {
            videoPath: video.path,
            additionalSeconds: extension.additionalSeconds,
            prompt: extension.prompt,
            seed: job.seed,
            captions: false,
          },
          {
            signal: task.signal,
            onProgress: (report) =>
              task.onProgress?.({
                ...report,
                progress: (index + 1 + report.progress) / (extensions.length + 1),
              }),
          },
        );
        await video.release();
        video = longer;
      }
    } catch (error) {
      await video.release();
      throw error;
    }
    return { path: video.path, video };
  }

  /**
   * The progress of the job's work under way, kept on the job (what GET and a poll read) and
   * streamed; rising only from what the job already shows (a retried attempt starts from it).
   */
  private progressOf(job: StudioJobRow, status: StudioJobStatus): RisingProgress {
    return new RisingProgress(
      async (progress) => {
        await this.deps.repository.updateJob(job.id, { progress });
        await this.deps.events.emit(job, { type: 'progress', status, progress });
      },
      this.deps.logger,
      job.progress,
    );
  }

  private async openStep(stepId: string): Promise<{ job: StudioJobRow; step: StudioStepRow } | undefined> {
    const step = await this.deps.repository.findStep(stepId);
    if (!step || step.status !== 'running') return undefined;
    const job = await this.deps.repository.findJobById(step.jobId);
    return job ? { job, step } : undefined;
  }

  /** Runs a step's work in a scratch folder; a failure for good fails the step, not the job. */
  private async runStep(
    job: StudioJobRow,
    step: StudioStepRow,
    context: JobContext,
    work: (dir: string) => Promise<void>,
  ): Promise<void> {
    const workspace = await createTempWorkspace(this.deps.workDir, `studio-${step.type}`);
    try {
      await work(workspace.dir);
    } catch (error) {
      const decision = decideOnFailure(error, context, STEP_RETRY_LIMIT);
      if (decision.retry) throw error;
      this.deps.logger.warn({ err: error, jobId: job.id, step: step.type }, 'Studio step failed');
      await this.failStep(job, step, decision.message);
    } finally {
      await workspace.remove();
    }
  }

  private async finishStep(job: StudioJobRow, step: StudioStepRow, outputUri: string | null): Promise<void> {
    await this.deps.repository.updateStep(step.id, { status: 'completed', outputUri, error: null });
    await this.deps.events.emit(job, { type: 'state', status: job.status, message: null });
    const done = await this.deps.repository.findStep(step.id);
    if (done)
      await this.deps.events.emit(job, {
        type: 'step_complete',
        step: await this.deps.service.stepAnswer(done),
      });
  }

  private async failStep(job: StudioJobRow, step: StudioStepRow, message: string): Promise<void> {
    await this.deps.repository.updateStep(step.id, { status: 'failed', error: message });
    // A failed lip-sync leaves the narrated video as it was: the user may try again.
    const current = (await this.deps.repository.findJobById(job.id)) ?? job;
    const updated = await this.deps.repository.updateJob(job.id, {
      status:
        current.status === 'LIPSYNC_GENERATING' || current.status === 'LIPSYNC_READY'
          ? readyStatus(current)
          : current.status,
      error: message,
    });
    await this.deps.events.emit(
      updated,
      step.type === 'lipsync' ? { type: 'lipsync_failed', message } : { type: 'error', message },
    );
    await this.deps.events.emit(updated, { type: 'state', status: updated.status, message });
  }

  /** Candidate generation failed for good: the job is FAILED and its reserved video given back. */
  private async failJob(job: StudioJobRow, message: string): Promise<void> {
    const failed = await this.deps.repository.updateJob(job.id, { status: 'FAILED', error: message });
    await this.deps.finisher.failById(job.generationId, message);
    await this.deps.events.emit(failed, { type: 'error', message });
    await this.deps.events.emit(failed, { type: 'state', status: 'FAILED', message });
  }
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}

/** The studio's job kinds: the candidates (its generation's render job), extension and lip-sync. */
export function studioJobs(
  kind: StudioKind,
  worker: StudioWorker,
  policy: Partial<JobPolicy>,
): JobDefinition[] {
  return [
    defineJob(renderJobName(kind), policy, ({ id }, context) => worker.generateCandidates(id, context), {
      onGaveUp: ({ id }) => worker.candidatesGaveUp(id),
    }) as JobDefinition,
    defineJob(STUDIO_EXTEND_JOB, policy, ({ id }, context) => worker.extend(id, context), {
      onGaveUp: ({ id }) => worker.stepGaveUp(id),
    }) as JobDefinition,
    defineJob(STUDIO_LIPSYNC_JOB, policy, ({ id }, context) => worker.lipsync(id, context), {
      onGaveUp: ({ id }) => worker.stepGaveUp(id),
    }) as JobDefinition,
    defineJob(STUDIO_EXPIRE_JOB, {}, ({ id }) => worker.expireIfAbandoned(id)) as JobDefinition,
  ];
}
