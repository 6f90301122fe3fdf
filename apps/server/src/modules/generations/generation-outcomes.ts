import fs from 'node:fs';
import {
  generationMessages,
  VIDEO_EVENT_TYPES,
  type GenerationState,
  type Notification,
} from '@reelcraft/contract';
import type { ObjectStorage } from '../../platform/storage';
import type { GenerationNotices } from './generation-kind';
import type { RenderedVideo } from '../../providers';
import type { NotificationsService } from '../notifications';
import type { QuotaService } from '../subscriptions';
import type { CompletedVideoMedia, VideosService } from '../videos';

/** The parts of a generation every outcome needs. */
export interface GenerationRef {
  userId: string;
  /** The id the client follows the job by (and the notifications name). */
  sessionId: string;
  videoId: string;
  reservationId: string | null;
  title: string;
  /** The kind's own link and titles for the outcome notification. */
  notices?: GenerationNotices;
}

interface EventPublisher {
  publish(userId: string, event: { type: string; data: unknown }): Promise<void>;
}

interface OutcomeLogger {
  warn(obj: object, msg: string): void;
}

/**
 * A video's own page: the projects screen with its viewer open (spec 001 section 4: outcome
 * notifications link to /projects; `open={projectId}` opens that project), so "View" shows the video
 * the notification announces instead of the whole list.
 */
export const projectLink = (videoId: string) => `/projects?open=${encodeURIComponent(videoId)}`;

export const generationNotices = {
  pendingTitle: 'Video generation in progress',
  pendingMessage: (title: string) => `"${title}" is being created. We will notify you when it is ready.`,
  completedTitle: 'Your video is ready',
  completedMessage: (title: string) => `"${title}" is ready to watch in My Projects.`,
  failedTitle: generationMessages.creationFailed,
  failedMessage: (reason: string) => `${reason} The video was not counted against your plan.`,
} as const;

/**
 * The side effects every generation shares: its files stored, its library row, the reserved video,
 * the outcome notification (background mode) and the live progress events. Each step is safe to
 * repeat, so a retried job may run them again.
 */
export class GenerationOutcomes {
  constructor(
    private readonly storage: Pick<ObjectStorage, 'put' | 'delete'>,
    private readonly videos: VideosService,
    private readonly quota: QuotaService,
    private readonly notifications: NotificationsService,
    private readonly events: EventPublisher,
    private readonly logger: OutcomeLogger,
  ) {}

  /**
   * Moves a render's files to `videos/<userId>/<videoId>.*` (the same keys on every attempt, so a
   * retry overwrites instead of leaving copies) and marks the library row completed.
   */
  async storeVideo(job: GenerationRef, rendered: RenderedVideo): Promise<CompletedVideoMedia> {
    const base = `videos/${job.userId}/${job.videoId}`;
    const [video, thumbnail] = await Promise.all([
      this.storage.put(`${base}.mp4`, fs.createReadStream(rendered.path), {
        contentType: rendered.contentType,
      }),
      this.storage.put(`${base}.jpg`, fs.createReadStream(rendered.thumbnailPath), {
        contentType: 'image/jpeg',
      }),
    ]);
    const media: CompletedVideoMedia = {
      videoUri: video.uri,
      thumbnailUri: thumbnail.uri,
      durationSeconds: rendered.durationSeconds,
      width: rendered.width,
      height: rendered.height,
      sizeBytes: video.size,
    };
    const row = await this.videos.markCompleted(job.videoId, media);
    if (row && rendered.captions) {
      await this.videos.recordCaptions(job.videoId, rendered.captions, rendered.captionsInPicture ?? false);
    }
    if (!row) {
      // The owner deleted the video while it was made: keep nothing of it.
      await Promise.all([this.storage.delete(video.key), this.storage.delete(thumbnail.key)]);
    }
    return media;
  }

  /** The success notification (it replaces the pending one of a job sent to the background). */
  completed(job: GenerationRef): Promise<Notification[]> {
    return this.notifyOutcome(job, { status: 'completed' });
  }

  /** Fails the library row, gives the reserved video back and tells the user why. */
  async failed(job: GenerationRef, reason: string): Promise<void> {
    await this.videos.markFailed(job.videoId, reason);
    if (job.reservationId) await this.quota.releaseVideo(job.reservationId);
    await this.notifyOutcome(job, { status: 'failed', reason });
  }

  /**
   * The outcome notification of the session: turns its pending one (sent to the background) into
   * the outcome, or creates one. Safe to repeat.
   */
  notifyOutcome(
    job: GenerationRef,
    outcome: { status: 'completed' } | { status: 'failed'; reason: string },
  ): Promise<Notification[]> {
    return this.notifications.recordSessionOutcome(job.userId, job.sessionId, {
      ...(outcome.status === 'completed'
        ? {
            title: job.notices?.completedTitle ?? generationNotices.completedTitle,
            message: generationNotices.completedMessage(job.title),
          }
        : {
            title: job.notices?.failedTitle ?? generationNotices.failedTitle,
            message: generationNotices.failedMessage(outcome.reason),
          }),
      status: outcome.status,
      link: (outcome.status === 'failed' ? job.notices?.failedLink : undefined) ?? projectLink(job.videoId),
      video_id: job.videoId,
    });
  }

  /** Pushes a state to the owner's sockets; a lost event only costs a live update (the client polls). */
  async publish(userId: string, data: GenerationState): Promise<void> {
    try {
      await this.events.publish(userId, { type: VIDEO_EVENT_TYPES.progress, data });
    } catch (error) {
      this.logger.warn({ err: error, sessionId: data.session_id }, 'Could not push a generation event');
    }
  }
}
