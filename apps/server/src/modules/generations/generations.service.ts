import crypto from 'node:crypto';
import {
  generationGateMessages,
  generationMessages,
  type GenerationState,
  type Notification,
  type ProjectType,
} from '@reelcraft/contract';
import type { Database, OrmTransaction } from '../../platform/db/database';
import { forbidden, HttpError, notFound } from '../../platform/http/http-error';
import type { JobQueue } from '../../platform/queue/job-queue';
import type { NotificationsService } from '../notifications';
import type { QuotaService, ReservationAttempt } from '../subscriptions';
import type { VideoRow, VideosService } from '../videos';
import {
  generationNotices,
  projectLink,
  type GenerationOutcomes,
  type GenerationRef,
} from './generation-outcomes';
import { renderJobName, type GenerationKind } from './generation-kind';
import type { GenerationsRepository } from './generations.repository';
import type { GenerationRow } from './generations.schema';

export const SESSION_NOT_FOUND = 'Session not found';
/** More generations than one account ever has running at once. */
const OPEN_GENERATIONS_LIMIT = 1_000;
const SESSION_TAKEN = 'This session id is already used by another kind of video';

/** A generation with the video row that holds its state. */
export interface Generation<Input = unknown> {
  row: GenerationRow;
  input: Input;
  video: VideoRow;
}

export interface StartRequest<Input> {
  userId: string;
  /** A client's id makes a repeated start answer the first one; absent: a new UUID. */
  sessionId?: string;
  /** The library title of the video. */
  title: string;
  input: Input;
  /**
   * What a project search matches besides the title; absent: the input's `prompt`, when it has one
   * (text, image, studio inputs), since the title is only its first words.
   */
  searchText?: string;
  /** Writes a kind's own rows in the start's transaction (the studio's job row). */
  alsoInTransaction?: (tx: OrmTransaction, generation: GenerationRow) => Promise<void>;
  /** The video's project type, when not the kind's (a storyboard rendered for the chat). */
  projectType?: ProjectType;
  /** The storyboard version the video is rendered from. */
  storyboard?: { id: string; version: number };
  /** False: this start takes nothing from the quota (a free storyboard re-render, decision 035). */
  reserveVideo?: boolean;
}

export interface GenerationsServiceDeps {
  database: Pick<Database, 'transaction'>;
  repository: GenerationsRepository;
  videos: VideosService;
  quota: Pick<QuotaService, 'tryReserveVideo'>;
  queue: Pick<JobQueue, 'send' | 'cancel'>;
  notifications: Pick<NotificationsService, 'create' | 'listForSession'>;
  outcomes: Pick<GenerationOutcomes, 'notifyOutcome' | 'failed'>;
  kinds: readonly GenerationKind[];
}

/** What the outcomes of a generation need to know of it. */
export function generationRef(generation: Generation, kind?: Pick<GenerationKind, 'notices'>): GenerationRef {
  return {
    userId: generation.row.userId,
    sessionId: generation.row.sessionId,
    videoId: generation.video.id,
    reservationId: generation.row.reservationId,
    title: generation.video.title,
    ...(kind?.notices ? { notices: kind.notices } : {}),
  };
}

function searchTextOf(request: StartRequest<unknown>, input: unknown): { searchText?: string } {
  if (request.searchText !== undefined) return { searchText: request.searchText };
  const prompt = (input as { prompt?: unknown } | null)?.prompt;
  return typeof prompt === 'string' ? { searchText: prompt } : {};
}

/** Rolls the start back: a concurrent twin with the same session id committed first. */
class AlreadyStarted extends Error {}

/**
 * The one start path of every kind of video (DESIGN.md section 8), and the reads its screens share.
 * A start reserves one video of the quota, writes the video row and the generation and queues its
 * render job in one transaction: all of it happens, or none of it, so nothing needs undoing.
 */
export class GenerationsService {
  private readonly kinds: Map<string, GenerationKind>;

  constructor(private readonly deps: GenerationsServiceDeps) {
    this.kinds = new Map(deps.kinds.map((kind) => [kind.name, kind]));
  }

  /**
   * Starts a generation and answers its session id at once; 403 when no video is left. Repeating a
   * start with the same session id answers the first one and takes nothing more.
   */
  async start<Input>(
    kind: GenerationKind<Input>,
    request: StartRequest<Input>,
  ): Promise<{ sessionId: string; generationId: string }> {
    const { userId } = request;
    const sessionId = request.sessionId ?? crypto.randomUUID();
    const existing = await this.deps.repository.findForUser(userId, sessionId);
    if (existing) return this.repeated(existing, kind, sessionId);
    const input = kind.input.parse(request.input);

    let outcome: { attempt: ReservationAttempt | null; started: string | undefined };
    try {
      outcome = await this.deps.database.transaction(async (tx) => {
        // A free start (decision 035) reserves nothing; any other takes one video or stops here.
        const attempt =
          request.reserveVideo === false
            ? null
            : await this.deps.quota.tryReserveVideo(tx.orm, userId, {
                reference: `${kind.name}:${sessionId}`,
              });
        if (attempt && !attempt.reservation) return { attempt, started: undefined };
        const video = await this.deps.videos.create(
          {
            userId,
            title: request.title,
            projectType: request.projectType ?? kind.projectType,
            ...searchTextOf(request, input),
            status: 'processing',
            sessionId,
            ...(request.storyboard ? { storyboard: request.storyboard } : {}),
          },
          tx.orm,
        );
        const row = await this.deps.repository.insertIfNew(
          {
            userId,
            kind: kind.name,
            sessionId,
            videoId: video.id,
            reservationId: attempt?.reservation?.id ?? null,
            input,
          },
          tx.orm,
        );
        if (!row) throw new AlreadyStarted();
        await request.alsoInTransaction?.(tx.orm, row);
        await this.deps.queue.send(renderJobName(kind), { id: row.id }, { transaction: tx });
        return { attempt, started: row.id };
      });
    } catch (error) {
      if (!(error instanceof AlreadyStarted)) throw error;
      const twin = await this.deps.repository.findForUser(userId, sessionId);
      if (!twin) throw error;
      return this.repeated(twin, kind, sessionId);
    }
    await outcome.attempt?.announce();
    if (!outcome.started) throw forbidden(generationGateMessages.noVideosRemaining);
    return { sessionId, generationId: outcome.started };
  }

  /** The user's generation of this kind (404 `Session not found` for an unknown or foreign id). */
  async get<Input>(
    kind: GenerationKind<Input>,
    userId: string,
    sessionId: string,
  ): Promise<Generation<Input>> {
    const row = await this.deps.repository.findForUser(userId, sessionId);
    const generation = row?.kind === kind.name ? await this.withVideo<Input>(row) : undefined;
    if (!generation) throw notFound(SESSION_NOT_FOUND);
    return generation;
  }

  /** How the user's video was made: its generation's kind and stored input, if a generation made it. */
  async madeBy(userId: string, videoId: string): Promise<{ kind: string; input: unknown } | null> {
    const [row] = await this.deps.repository.listForVideos(userId, [videoId]);
    return row ? { kind: row.kind, input: row.input } : null;
  }

  /** The user's newest generations of a kind whose video still exists. */
  async listRecent<Input>(
    kind: GenerationKind<Input>,
    userId: string,
    limit: number,
  ): Promise<Generation<Input>[]> {
    const rows = await this.deps.repository.listForUser(userId, kind.name, limit);
    const found = await Promise.all(rows.map((row) => this.withVideo<Input>(row)));
    return found.filter((generation): generation is Generation<Input> => generation !== undefined);
  }

  /** The registered kind of a generation. */
  kindOf(generation: Generation): GenerationKind | undefined {
    return this.kinds.get(generation.row.kind);
  }

  /** For the job: by row id, without an owner (the row names it). */
  async load(id: string): Promise<Generation | undefined> {
    const row = await this.deps.repository.findById(id);
    return row ? this.withVideo(row) : undefined;
  }

  /** GET /generations/{id}: one of the caller's generations, of any kind (404 otherwise). */
  async stateOf(userId: string, sessionId: string): Promise<GenerationState> {
    const row = await this.deps.repository.findForUser(userId, sessionId);
    const generation = row ? await this.withVideo(row) : undefined;
    if (!generation) throw notFound(SESSION_NOT_FOUND);
    return this.state(generation);
  }

  /** The caller's newest running generation of a project type (a reloaded screen resumes it). */
  async active(userId: string, projectType: ProjectType): Promise<GenerationState | null> {
    const video = await this.deps.videos.newestProcessing(userId, projectType);
    const row = video?.sessionId
      ? await this.deps.repository.findForUser(userId, video.sessionId)
      : undefined;
    return row && video ? this.state({ row, input: row.input, video }) : null;
  }

  /**
   * "Send to background and notify me": a pending notification of the session, which the job turns
   * into its outcome. Asked again, or after the job ended, it answers the session's notification.
   */
  async sendToBackground(userId: string, sessionId: string): Promise<Notification> {
    const row = await this.deps.repository.findForUser(userId, sessionId);
    const generation = row ? await this.withVideo(row) : undefined;
    if (!generation) throw notFound(SESSION_NOT_FOUND);
    const [existing] = await this.deps.notifications.listForSession(userId, sessionId);
    if (existing) return existing;
    const pending = await this.deps.notifications.create(userId, {
      title: generationNotices.pendingTitle,
      message: generationNotices.pendingMessage(generation.video.title),
      status: 'pending',
      // The job turns it into its outcome, which opens the video (or, failed, its kind's place).
      link: projectLink(generation.video.id),
      video_id: generation.video.id,
      session_id: sessionId,
    });
    // The job may have ended between the read and the insert; its outcome then replaces the pending one.
    const now = await this.withVideo(generation.row);
    if (!now || now.video.status === 'processing') return pending;
    const [updated] = await this.deps.outcomes.notifyOutcome(
      generationRef(now, this.kinds.get(now.row.kind)),
      now.video.status === 'completed'
        ? { status: 'completed' }
        : { status: 'failed', reason: now.video.error ?? generationMessages.generationFailed },
    );
    return updated ?? pending;
  }

  /**
   * Ends every generation of the user still being made (the account was deleted): each fails with
   * `reason` (its reserved video given back) and its render job is cancelled, so a waiting one never
   * starts and a worker running one stops it at its next heartbeat. Answers how many it ended.
   */
  async cancelAllOf(userId: string, reason: string): Promise<number> {
    const open = await this.deps.videos.latest(userId, {
      status: 'processing',
      limit: OPEN_GENERATIONS_LIMIT,
    });
    const rows = await this.deps.repository.listForVideos(
      userId,
      open.map((video) => video.id),
    );
    let ended = 0;
    for (const row of rows) {
      const generation = await this.withVideo(row);
      const kind = this.kinds.get(row.kind);
      if (!generation || generation.video.status !== 'processing') continue;
      // Failed first: an attempt starting meanwhile finds it ended and does nothing.
      await this.deps.outcomes.failed(generationRef(generation, kind), reason);
      if (kind) await this.deps.queue.cancel(renderJobName(kind), row.id);
      ended += 1;
    }
    return ended;
  }

  /** A signed address of the generation's video thumbnail, or null while it has none. */
  async thumbnailUrl(generation: Generation): Promise<string | null> {
    return this.deps.videos.signedUrl(generation.video.thumbnailUri);
  }

  /** The state the API answers and the socket pushes, with the video's URL once it is done. */
  async state(generation: Generation): Promise<GenerationState> {
    const { row, video } = generation;
    const status = video.status === 'pending' ? 'processing' : video.status;
    const step = { status, stage: video.stage, progress: video.progress, error: video.error };
    return {
      session_id: row.sessionId,
      project_type: video.projectType,
      status,
      progress: video.progress,
      stage: video.stage,
      message:
        status === 'processing' && video.retrying
          ? generationMessages.retrying
          : (this.kinds.get(row.kind)?.message(step) ?? null),
      retrying: status === 'processing' && video.retrying,
      video_id: video.id,
      video_url: status === 'completed' ? await this.deps.videos.signedUrl(video.videoUri) : null,
      error: status === 'failed' ? video.error : null,
      storyboard_id: video.storyboardId,
    };
  }

  private repeated(
    row: GenerationRow,
    kind: GenerationKind,
    sessionId: string,
  ): { sessionId: string; generationId: string } {
    if (row.kind !== kind.name) throw new HttpError(409, SESSION_TAKEN);
    return { sessionId, generationId: row.id };
  }

  private async withVideo<Input>(row: GenerationRow): Promise<Generation<Input> | undefined> {
    const video = await this.deps.videos.findById(row.videoId);
    return video && { row, input: row.input as Input, video };
  }
}
