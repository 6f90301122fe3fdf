import crypto from 'node:crypto';
import {
  RECORDED_VOICEOVER_MIME_TYPES,
  SEED_MAX,
  serverDetailMessages,
  studioMessages,
  type CreateStudioJobBody,
  type StudioJob,
  type StudioJobAsset,
  type StudioJobCreated,
  type StudioJobSummary,
  type StudioReference,
  type StudioLipsyncBody,
  type StudioStep,
  type StudioVideoAnswer,
  type StudioVoiceoverAnswer,
  type StudioVoiceoverBody,
} from '@reelcraft/contract';
import type { MediaTools } from '../../media/media-tools';
import { vetVoiceSample, VoiceSampleRefusedError } from '../../media/voice-sample-vetting';
import type { Database } from '../../platform/db/database';
import { badRequest, HttpError, notFound } from '../../platform/http/http-error';
import type { ReceivedFile } from '../../platform/http/multipart-form';
import type { JobQueue } from '../../platform/queue/job-queue';
import { ProviderError, type SpeechProvider, type VoiceoverCaption } from '../../providers';
import { videoTitleFromPrompt, type GenerationsService } from '../generations';
import type { UploadsService } from '../uploads';
import type { VoicesService } from '../voices';
import type { VideosService } from '../videos';
import type { StudioEventLog } from './studio-events';
import type { StudioExpiry } from './studio-expiry';
import type { StudioMedia } from './studio-media';
import type { VoiceoverNarration } from './studio-storyboards';
import { speakVoiceover, type SpokenVoiceover } from './studio-voiceover';
import { readyStatus, requireTurn } from './studio-transitions';
import type { StudioKind } from './studio.kind';
import type { StudioRepository } from './studio.repository';
import type { StudioJobRow, StudioStepRow } from './studio.schema';

export const STUDIO_EXTEND_JOB = 'ai-studio.extend';
export const STUDIO_LIPSYNC_JOB = 'ai-studio.lipsync';

declare module '../../platform/queue/job-registry' {
  interface JobPayloads {
    /** `id`: the studio step's id. */
    'ai-studio.extend': { id: string };
    'ai-studio.lipsync': { id: string };
  }
}

/**
 * What a voiceover step keeps: the captions of what it says (none for a recording), and for a typed
 * one whose words captions can show, those words and the voice, which narrate the export's storyboard.
 */
export interface VoiceoverStepRequest {
  captions: VoiceoverCaption[];
  narration?: VoiceoverNarration;
}

const VOICEOVER_DONE = 'Voiceover generated';
const RECORDED_VOICEOVER_DONE = 'Recorded voiceover added';
const LIPSYNC_STARTED = 'Lip-sync started';
const EXTENSION_STARTED = 'Extension started';

export interface StudioServiceDeps {
  database: Pick<Database, 'transaction'>;
  queue: Pick<JobQueue, 'send' | 'cancel'>;
  repository: StudioRepository;
  events: StudioEventLog;
  media: StudioMedia;
  expiry: Pick<StudioExpiry, 'expireIfDue' | 'expiresAt'>;
  generations: GenerationsService;
  kind: StudioKind;
  videos: Pick<VideosService, 'findById' | 'signedUrl'>;
  uploads: Pick<UploadsService, 'findOwnImage'>;
  voices: Pick<VoicesService, 'speak' | 'speakerFor' | 'assertUsable'>;
  speech: Pick<SpeechProvider, 'synthesizeLines'>;
  mediaTools: MediaTools;
  workDir: string | undefined;
}

/**
 * The AI Studio calls (spec 001 section 7): a job generates four candidates (a generation of kind
 * `ai-studio`, so its video is reserved and its library row made at the start), then the user picks
 * one, may extend it, narrates it and lip-syncs it; the lip-synced video is delivered to the
 * library. Every call is the owner's alone: another user's job is "not found".
 */
export class StudioService {
  constructor(private readonly deps: StudioServiceDeps) {}

  async create(userId: string, body: CreateStudioJobBody): Promise<StudioJobCreated> {
    const refs = [...body.subject_refs, ...(body.style_ref ? [body.style_ref] : [])];
    for (const uri of refs) {
      // Another user's object and a missing one answer alike: nobody learns what exists.
      if (!(await this.deps.uploads.findOwnImage(userId, uri)))
        throw notFound(serverDetailMessages.imageNotFound);
    }
    // 400 `Voice not found` for another user's clone (or an unknown voice), as every call taking a voice.
    if (body.voice_id) await this.deps.voices.assertUsable(userId, body.voice_id);
    const jobId = crypto.randomUUID();
    const seed = body.seed ?? crypto.randomInt(0, SEED_MAX);
    const { sessionId } = await this.deps.generations.start(this.deps.kind, {
      userId,
      title: videoTitleFromPrompt(body.prompt),
      input: { jobId },
      alsoInTransaction: async (tx, generation) => {
        await this.deps.repository.insertJob(
          {
            id: jobId,
            userId,
            generationId: generation.id,
            prompt: body.prompt,
            fps: body.fps,
            aspect: body.aspect,
            durationSeconds: body.duration_seconds,
            seed,
            voiceId: body.voice_id ?? null,
            subjectRefs: body.subject_refs,
            styleRef: body.style_ref ?? null,
          },
          tx,
        );
      },
    });
    return { job_id: jobId, workflow_id: sessionId };
  }

  /**
   * Ends the user's studio work under way (the account was deleted): each running extension or
   * lip-sync fails with `reason` and its job is cancelled (a worker running it stops at its next
   * heartbeat), and every unfinished job fails. The candidates are the job's generation, which
   * GenerationsService.cancelAllOf ends.
   */
  async cancelAllOf(userId: string, reason: string): Promise<void> {
    for (const step of await this.deps.repository.listRunningStepsOf(userId)) {
      await this.deps.repository.updateStep(step.id, { status: 'failed', error: reason });
      await this.deps.queue.cancel(step.type === 'lipsync' ? STUDIO_LIPSYNC_JOB : STUDIO_EXTEND_JOB, step.id);
    }
    await this.deps.repository.failUnfinishedJobsOf(userId, reason);
  }

  async get(userId: string, jobId: string): Promise<StudioJob> {
    return this.answer(await this.ownJob(userId, jobId));
  }

  /** The user's jobs to resume from any device (issue 36), each expired first when it is due. */
  async list(
    userId: string,
    query: { open?: boolean | undefined; limit: number },
  ): Promise<StudioJobSummary[]> {
    const open = query.open ?? false;
    const rows = await this.deps.repository.listJobsOf(userId, { open, limit: query.limit });
    const jobs = await Promise.all(rows.map((row) => this.deps.expiry.expireIfDue(row)));
    const summaries = await Promise.all(
      jobs.filter((job) => !open || job.status !== 'FAILED').map((job) => this.summary(job)),
    );
    return summaries;
  }

  async select(userId: string, jobId: string, candidateId: string): Promise<StudioVideoAnswer> {
    const job = await this.ownJob(userId, jobId, serverDetailMessages.jobOrCandidateNotFound);
    const candidate = (await this.deps.repository.listCandidates(job.id)).find(
      (row) => row.id === candidateId,
    );
    // Before the candidates exist the client retries on the refusal's text (spec 001 section 8).
    requireTurn('select', job.status);
    if (!candidate) throw notFound(serverDetailMessages.jobOrCandidateNotFound);
    const updated = await this.deps.repository.updateJob(job.id, {
      selectedCandidateId: candidate.id,
      videoUri: candidate.uri,
      status: readyStatus(job),
      error: null,
    });
    await this.recordInstantStep(updated, 'select', candidate.uri);
    return { status: updated.status, final_video_url: await this.deps.media.signedUrl(candidate.uri) };
  }

  /** Queues the extension (once per idempotency key); `extension_complete` tells when it is done. */
  async extend(
    userId: string,
    jobId: string,
    body: { additional_seconds: number; prompt?: string | undefined },
    idempotencyKey: string | undefined,
  ): Promise<StudioVideoAnswer> {
    const job = await this.ownJob(userId, jobId);
    const repeated =
      idempotencyKey && (await this.deps.repository.findStepByKey(job.id, 'extend', idempotencyKey));
    if (repeated) return { status: job.status, final_video_url: null };
    requireTurn('extend', job.status);
    await this.queueStep(job, 'extend', STUDIO_EXTEND_JOB, idempotencyKey, {
      additionalSeconds: body.additional_seconds,
      prompt: body.prompt ?? job.prompt,
    });
    return { status: job.status, final_video_url: null };
  }

  async voiceover(
    userId: string,
    jobId: string,
    body: StudioVoiceoverBody,
    idempotencyKey: string | undefined,
  ): Promise<StudioVoiceoverAnswer> {
    const job = await this.ownJob(userId, jobId);
    const repeated =
      idempotencyKey && (await this.deps.repository.findStepByKey(job.id, 'voiceover', idempotencyKey));
    if (repeated) return this.voiceoverAnswer(job, repeated, VOICEOVER_DONE);
    requireTurn('voiceover', job.status);
    let spoken: SpokenVoiceover;
    try {
      spoken = await speakVoiceover(this.deps, userId, body);
    } catch (error) {
      if (error instanceof ProviderError && ['invalid_input', 'not_found'].includes(error.code)) {
        throw badRequest(error.message);
      }
      throw new HttpError(502, studioMessages.voiceoverFailed);
    }
    return this.saveVoiceover(
      job,
      spoken.audio,
      spoken.contentType,
      spoken.extension,
      idempotencyKey,
      VOICEOVER_DONE,
      {
        captions: spoken.captions,
        // Words the captions cannot show are spoken whole, with none: the export burns none in either.
        ...(spoken.captions.length > 0 ? { narration: { text: body.text, voiceId: body.voice_id } } : {}),
      },
    );
  }

  async recordedVoiceover(
    userId: string,
    jobId: string,
    file: ReceivedFile | undefined,
  ): Promise<StudioVoiceoverAnswer> {
    const job = await this.ownJob(userId, jobId);
    requireTurn('recordedVoiceover', job.status);
    if (!file) throw badRequest(studioMessages.invalidRecordedAudio);
    let vetted;
    try {
      vetted = await vetVoiceSample(
        file.data,
        this.deps.mediaTools,
        this.deps.workDir,
        studioMessages.invalidRecordedAudio,
        RECORDED_VOICEOVER_MIME_TYPES,
      );
    } catch (error) {
      if (error instanceof VoiceSampleRefusedError) throw badRequest(error.message);
      throw error;
    }
    return this.saveVoiceover(
      job,
      vetted.data,
      vetted.contentType,
      vetted.extension,
      undefined,
      RECORDED_VOICEOVER_DONE,
      // A recording's words are not known: its export shows no captions rather than wrong ones.
      { captions: [] },
    );
  }

  /** Queues the lip-sync (once per idempotency key); its events tell the outcome. */
  async lipsync(
    userId: string,
    jobId: string,
    body: StudioLipsyncBody,
    idempotencyKey: string | undefined,
  ): Promise<{ status: StudioJob['status']; message: string }> {
    const job = await this.ownJob(userId, jobId);
    const repeated =
      idempotencyKey && (await this.deps.repository.findStepByKey(job.id, 'lipsync', idempotencyKey));
    if (repeated) return { status: job.status, message: LIPSYNC_STARTED };
    requireTurn('lipsync', job.status);
    const audioUri = body.audio_url ? this.ownAudio(userId, body.audio_url) : job.voiceoverUri;
    if (!audioUri || !job.videoUri) throw badRequest(serverDetailMessages.noAudioForLipsync);
    const updated = await this.queueStep(job, 'lipsync', STUDIO_LIPSYNC_JOB, idempotencyKey, {
      audioUri,
      model: body.model,
    });
    return { status: updated.status, message: LIPSYNC_STARTED };
  }

  async assets(userId: string, jobId: string): Promise<{ job_id: string; assets: StudioJobAsset[] }> {
    const job = await this.ownJob(userId, jobId);
    return { job_id: job.id, assets: await this.assetsOf(job) };
  }

  /** The owner's job, or 404 with the spec's text (the event stream checks with this too). */
  async ownJob(
    userId: string,
    jobId: string,
    missing: string = serverDetailMessages.jobNotFound,
  ): Promise<StudioJobRow> {
    const job = await this.deps.repository.findJobForUser(userId, jobId);
    if (!job) throw notFound(missing);
    // An abandoned job is expired as it is read: nobody goes on with it (decision 037).
    return this.deps.expiry.expireIfDue(job);
  }

  /** The job as GET answers it, with fresh signed URLs. */
  async answer(job: StudioJobRow): Promise<StudioJob> {
    const [candidates, steps, assets, finalUrl, generation] = await Promise.all([
      this.deps.repository.listCandidates(job.id),
      this.deps.repository.listSteps(job.id),
      this.assetsOf(job),
      this.finalVideoUrl(job),
      this.deps.generations.load(job.generationId),
    ]);
    return {
      job_id: job.id,
      workflow_id: generation?.row.sessionId ?? job.id,
      status: job.status,
      progress: job.progress,
      candidates: await Promise.all(
        candidates.map(async (candidate) => ({
          id: candidate.id,
          preview_url: (await this.deps.media.signedUrl(candidate.uri)) ?? '',
          duration_seconds: candidate.durationSeconds,
          width: candidate.width,
          height: candidate.height,
          file_size_bytes: candidate.sizeBytes,
        })),
      ),
      selected_candidate_id: job.selectedCandidateId,
      steps: await Promise.all(steps.map((step) => this.stepAnswer(step))),
      assets,
      final_video_url: finalUrl,
      voiceover_audio_url: await this.deps.media.signedUrl(job.voiceoverUri),
      error: job.error,
      prompt: job.prompt,
      subject_refs: await Promise.all(job.subjectRefs.map((uri) => this.reference(uri))),
      style_ref: job.styleRef ? await this.reference(job.styleRef) : null,
      aspect: job.aspect,
      fps: job.fps,
      duration_seconds: job.durationSeconds,
      video_id: generation?.video.id ?? null,
      created_at: job.createdAt.toISOString(),
      expires_at: this.deps.expiry.expiresAt(job)?.toISOString() ?? null,
    };
  }

  private async reference(uri: string): Promise<StudioReference> {
    return {
      gcs_uri: uri,
      url: (await this.deps.media.signedUrl(uri)) ?? '',
      filename: uri.slice(uri.lastIndexOf('/') + 1),
    };
  }

  private async summary(job: StudioJobRow): Promise<StudioJobSummary> {
    const [candidates, generation] = await Promise.all([
      this.deps.repository.listCandidates(job.id),
      this.deps.generations.load(job.generationId),
    ]);
    const shown = job.videoUri ?? candidates[0]?.uri ?? null;
    return {
      job_id: job.id,
      status: job.status,
      prompt: job.prompt,
      candidate_count: candidates.length,
      selected_candidate_id: job.selectedCandidateId,
      preview_url: await this.deps.media.signedUrl(shown),
      video_id: generation?.video.id ?? null,
      error: job.error,
      created_at: job.createdAt.toISOString(),
      updated_at: job.updatedAt.toISOString(),
      expires_at: this.deps.expiry.expiresAt(job)?.toISOString() ?? null,
    };
  }

  async stepAnswer(step: StudioStepRow): Promise<StudioStep> {
    const url = await this.deps.media.signedUrl(step.outputUri);
    return { step_id: step.id, step_type: step.type, status: step.status, output_urls: url ? [url] : [] };
  }

  /** The delivered video once complete, otherwise the chosen clip. */
  async finalVideoUrl(job: StudioJobRow): Promise<string | null> {
    if (job.status === 'COMPLETE') {
      const generation = await this.deps.generations.load(job.generationId);
      const video = generation && (await this.deps.videos.findById(generation.video.id));
      if (video?.status === 'completed') return this.deps.videos.signedUrl(video.videoUri);
    }
    return this.deps.media.signedUrl(job.videoUri);
  }

  /** The library video the job delivers to (its generation's). */
  async videoIdOf(job: StudioJobRow): Promise<string | undefined> {
    return (await this.deps.generations.load(job.generationId))?.video.id;
  }

  private async assetsOf(job: StudioJobRow): Promise<StudioJobAsset[]> {
    const expiresAt = this.deps.media.expiresAt();
    const candidates = await this.deps.repository.listCandidates(job.id);
    const assets: StudioJobAsset[] = [];
    for (const candidate of candidates) {
      const url = await this.deps.media.signedUrl(candidate.uri);
      if (url) {
        assets.push({
          asset_type: 'video',
          url,
          metadata: { candidate_id: candidate.id, id: candidate.id },
          expires_at: expiresAt,
        });
      }
    }
    const voiceover = await this.deps.media.signedUrl(job.voiceoverUri);
    if (voiceover) assets.push({ asset_type: 'audio', url: voiceover, metadata: {}, expires_at: expiresAt });
    if (job.status === 'COMPLETE') {
      const generation = await this.deps.generations.load(job.generationId);
      const url = await this.finalVideoUrl(job);
      if (url && generation) {
        assets.push({
          asset_type: 'video',
          url,
          metadata: { video_id: generation.video.id },
          expires_at: expiresAt,
        });
      }
    }
    return assets;
  }

  private ownAudio(userId: string, audioUrl: string): string {
    const key = this.deps.media.ownedKey(userId, audioUrl);
    if (key === null) throw badRequest(serverDetailMessages.noAudioForLipsync);
    return audioUrl;
  }

  private async saveVoiceover(
    job: StudioJobRow,
    audio: Buffer,
    contentType: string,
    extension: string,
    idempotencyKey: string | undefined,
    message: string,
    request: VoiceoverStepRequest,
  ): Promise<StudioVoiceoverAnswer> {
    const stepId = crypto.randomUUID();
    const uri = await this.deps.media.putBytes(
      this.deps.media.keyFor(job, `voiceover-${stepId}.${extension}`),
      audio,
      contentType,
    );
    const step = await this.deps.repository.insertStep({
      id: stepId,
      jobId: job.id,
      type: 'voiceover',
      status: 'completed',
      idempotencyKey: idempotencyKey ?? null,
      outputUri: uri,
      request: { ...request } satisfies VoiceoverStepRequest,
    });
    if (!step) {
      // A concurrent twin with the same key won: keep its voiceover, not ours.
      const twin = idempotencyKey
        ? await this.deps.repository.findStepByKey(job.id, 'voiceover', idempotencyKey)
        : undefined;
      if (twin) return this.voiceoverAnswer(await this.deps.repository.updateJob(job.id, {}), twin, message);
    }
    const updated = await this.deps.repository.updateJob(job.id, {
      voiceoverUri: uri,
      status: 'VOICEOVER_READY',
      error: null,
    });
    const url = (await this.deps.media.signedUrl(uri)) ?? '';
    await this.deps.events.emit(updated, { type: 'voiceover_complete', voiceover_audio_url: url });
    await this.deps.events.emit(updated, { type: 'state', status: updated.status, message });
    if (step)
      await this.deps.events.emit(updated, { type: 'step_complete', step: await this.stepAnswer(step) });
    return { status: updated.status, message, voiceover_audio_url: url };
  }

  private async voiceoverAnswer(
    job: StudioJobRow,
    step: StudioStepRow,
    message: string,
  ): Promise<StudioVoiceoverAnswer> {
    return {
      status: job.status,
      message,
      voiceover_audio_url: await this.deps.media.signedUrl(step.outputUri),
    };
  }

  private async recordInstantStep(job: StudioJobRow, type: 'select', outputUri: string): Promise<void> {
    const step = await this.deps.repository.insertStep({
      jobId: job.id,
      type,
      status: 'completed',
      outputUri,
    });
    await this.deps.events.emit(job, { type: 'state', status: job.status, message: null });
    if (step) await this.deps.events.emit(job, { type: 'step_complete', step: await this.stepAnswer(step) });
  }

  /**
   * Records a step and queues its job in one transaction (a retried request with the same key
   * finds the step and starts nothing); lip-sync moves the job to LIPSYNC_GENERATING with it.
   */
  private async queueStep(
    job: StudioJobRow,
    type: 'extend' | 'lipsync',
    jobName: typeof STUDIO_EXTEND_JOB | typeof STUDIO_LIPSYNC_JOB,
    idempotencyKey: string | undefined,
    request: Record<string, unknown>,
  ): Promise<StudioJobRow> {
    const queued = await this.deps.database.transaction(async (tx) => {
      const step = await this.deps.repository.insertStep(
        { jobId: job.id, type, status: 'running', idempotencyKey: idempotencyKey ?? null, request },
        tx.orm,
      );
      if (!step) return undefined;
      // The job's progress is now the step's, from 0 (it rises only from there).
      const updated = await this.deps.repository.updateJob(
        job.id,
        type === 'lipsync' ? { status: 'LIPSYNC_GENERATING', error: null, progress: 0 } : { progress: 0 },
        tx.orm,
      );
      await this.deps.queue.send(jobName, { id: step.id }, { transaction: tx });
      return updated;
    });
    if (!queued) return job;
    if (type === 'lipsync') {
      await this.deps.events.emit(queued, { type: 'state', status: queued.status, message: LIPSYNC_STARTED });
    } else {
      await this.deps.events.emit(queued, {
        type: 'state',
        status: queued.status,
        message: EXTENSION_STARTED,
      });
    }
    return queued;
  }
}
