import fs from 'node:fs';
import { generationMessages, VIDEO_EVENT_TYPES, type VideoProgressEventData } from '@reelcraft/contract';
import type { ObjectStorage } from '../../platform/storage';
import type { RenderedVideo } from '../../providers';
import type { NotificationsService } from '../notifications';
import type { QuotaService } from '../subscriptions';
import type { CompletedVideoMedia, VideosService } from '../videos';

/** The parts of a text or image job every outcome needs. */
export interface VideoJobRef {
  userId: string;
  /** The id the client follows the job by (and the notifications name). */
  sessionId: string;
  videoId: string | null;
  reservationId: string | null;
  title: string;
}

interface EventPublisher {
  publish(userId: string, event: { type: string; data: unknown }): Promise<void>;
}

interface OutcomeLogger {
  warn(obj: object, msg: string): void;
}

/** Where the projects screen is: completion notifications link there (spec 001 section 4). */
const PROJECTS_LINK = '/projects';

export const videoJobNotices = {
  completedTitle: 'Your video is ready',
  completedMessage: (title: string) => `"${title}" is ready to watch in My Projects.`,
  failedTitle: generationMessages.creationFailed,
  failedMessage: (reason: string) => `${reason} The video was not counted against your plan.`,
} as const;

/**
 * The side effects every video job shares: its files stored, its library row, the reserved video,
 * the outcome notification (background mode) and the live progress events. Each step is safe to
 * repeat, so a retried job may run them again.
 */
export class VideoJobOutcomes {
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
  async storeVideo(job: VideoJobRef, rendered: RenderedVideo): Promise<CompletedVideoMedia> {
    if (!job.videoId) throw new Error(`The job of session ${job.sessionId} has no video row`);
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
    if (!row) {
      // The owner deleted the video while it was made: keep nothing of it.
      await Promise.all([this.storage.delete(video.key), this.storage.delete(thumbnail.key)]);
    }
    return media;
  }

  /** The success notification (it replaces the processing one of a job sent to the background). */
  async completed(job: VideoJobRef): Promise<void> {
    await this.notifications.recordSessionOutcome(job.userId, job.sessionId, {
      title: videoJobNotices.completedTitle,
      message: videoJobNotices.completedMessage(job.title),
      status: 'completed',
      link: PROJECTS_LINK,
      video_id: job.videoId,
    });
  }

  /** Fails the library row, gives the reserved video back and tells the user why. */
  async failed(job: VideoJobRef, reason: string): Promise<void> {
    if (job.videoId) await this.videos.markFailed(job.videoId, reason);
    if (job.reservationId) await this.quota.releaseVideo(job.reservationId);
    await this.notifications.recordSessionOutcome(job.userId, job.sessionId, {
      title: videoJobNotices.failedTitle,
      message: videoJobNotices.failedMessage(reason),
      status: 'failed',
      link: PROJECTS_LINK,
      video_id: job.videoId,
    });
  }

  /** Pushes a step to the owner's sockets; a lost event only costs a live update (the client polls). */
  async publish(userId: string, data: VideoProgressEventData): Promise<void> {
    try {
      await this.events.publish(userId, { type: VIDEO_EVENT_TYPES.progress, data });
    } catch (error) {
      this.logger.warn({ err: error, sessionId: data.session_id }, 'Could not push a video progress event');
    }
  }
}
