import crypto from 'node:crypto';
import {
  generationMessages,
  SEED_MAX,
  type CreateTextToVideoBody,
  type SessionStarted,
  type TextToVideoSession,
} from '@reelcraft/contract';
import { notFound } from '../../platform/http/http-error';
import type { JobQueue } from '../../platform/queue/job-queue';
import type { QuotaService } from '../subscriptions';
import { videoTitleFromPrompt } from '../video-jobs';
import type { VideosService } from '../videos';
import type { TextToVideoRepository } from './text-to-video.repository';
import { TEXT_TO_VIDEO_RENDER_JOB } from './text-video-render.job';

export const SESSION_NOT_FOUND = 'Session not found';

/** The quota reference of a session: one reserved video per session, whatever retries happen. */
export const textVideoReservationReference = (sessionId: string) => `text-to-video:${sessionId}`;

/**
 * Starting and reading text-to-video jobs. A start takes one video from the quota (atomically, or
 * 403), records the job and its library video, and queues the render; the answer comes at once.
 */
export class TextToVideoService {
  constructor(
    private readonly repository: TextToVideoRepository,
    private readonly quota: Pick<QuotaService, 'reserveVideo' | 'releaseVideo'>,
    private readonly videos: VideosService,
    private readonly queue: Pick<JobQueue, 'send'>,
  ) {}

  /**
   * Starts a job, or answers the existing one when the client repeats a start with the same
   * `session_id` (a retried request never takes a second video).
   */
  async start(userId: string, input: CreateTextToVideoBody): Promise<SessionStarted> {
    const sessionId = input.session_id ?? crypto.randomUUID();
    if (await this.repository.findForUser(userId, sessionId)) return { session_id: sessionId };

    const reservation = await this.quota.reserveVideo(userId, {
      reference: textVideoReservationReference(sessionId),
    });
    let inserted;
    try {
      inserted = await this.repository.insertOrFind({
        userId,
        sessionId,
        prompt: input.prompt,
        durationSeconds: input.duration,
        seed: input.seed ?? crypto.randomInt(0, SEED_MAX),
        reservationId: reservation.id,
      });
    } catch (error) {
      await this.quota.releaseVideo(reservation);
      throw error;
    }
    // A concurrent twin of this start won: it holds the same reservation (same reference).
    if (!inserted.created) return { session_id: sessionId };

    const session = inserted.row;
    let videoId: string | null = null;
    try {
      const video = await this.videos.create({
        userId,
        title: videoTitleFromPrompt(input.prompt),
        projectType: 'text-to-video',
        status: 'processing',
        sessionId,
      });
      videoId = video.id;
      await this.repository.update(session.id, { videoId });
      await this.queue.send(TEXT_TO_VIDEO_RENDER_JOB, { id: session.id });
    } catch (error) {
      // Nothing will run: leave a failed job behind, not a video that stays "processing".
      if (videoId) await this.videos.markFailed(videoId, generationMessages.startFailed);
      await this.repository.update(session.id, { status: 'failed', error: generationMessages.startFailed });
      await this.quota.releaseVideo(reservation);
      throw error;
    }
    return { session_id: sessionId };
  }

  /** The job's state (404 for an unknown id or another user's); the video URL once it is done. */
  async get(userId: string, sessionId: string): Promise<TextToVideoSession> {
    const session = await this.repository.findForUser(userId, sessionId);
    if (!session) throw notFound(SESSION_NOT_FOUND);
    let finalVideoUrl: string | null = null;
    if (session.status === 'completed' && session.videoId) {
      const video = await this.videos.findForUser(userId, session.videoId);
      finalVideoUrl = video?.status === 'completed' ? await this.videos.signedUrl(video.videoUri) : null;
    }
    return {
      session_id: session.sessionId,
      status: session.status,
      progress: session.progress,
      final_video_url: finalVideoUrl,
      error: session.error,
    };
  }
}
