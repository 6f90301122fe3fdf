import {
  RECENT_PROJECTS_LIMIT,
  type DeletedAnswer,
  type ListVideosQuery,
  type ProjectType,
  type RecentProject,
  type Video,
  type VideoListAnswer,
  type VideoStatus,
} from '@reelcraft/contract';
import { notFound } from '../../platform/http/http-error';
import type { Orm } from '../../platform/db/database';
import type { ObjectStorage } from '../../platform/storage';
import { videoDownloadName } from './video-download-name';
import type { ListedVideo, VideoFilter, VideosRepository } from './videos.repository';
import type { VideoRow } from './videos.schema';
import { SignedUrls } from './signed-urls';
import { StoredFiles } from './stored-files';

const TITLE_MAX_LENGTH = 200;
const ERROR_MAX_LENGTH = 1000;
const UNTITLED = 'Untitled video';

export const VIDEO_NOT_FOUND = 'Video not found';

export interface NewVideoInput {
  userId: string;
  title: string;
  projectType: ProjectType;
  /** `pending` unless the flow starts the work at once (`processing`). */
  status?: Extract<VideoStatus, 'pending' | 'processing'>;
  sessionId?: string | null;
  /** The storyboard version it is rendered from (issue 31). */
  storyboard?: { id: string; version: number };
  /** What a project search matches besides the title: the whole prompt (the title is cut short). */
  searchText?: string;
}

/**
 * The files and facts of a finished video. Both URIs must be this instance's storage URIs, and the
 * video owns those objects: deleting the video deletes them, so never pass an object that something
 * else keeps (a user's upload, another video's file).
 */
export interface CompletedVideoMedia {
  videoUri: string;
  thumbnailUri?: string | null;
  durationSeconds?: number | null;
  width?: number | null;
  height?: number | null;
  sizeBytes?: number | null;
}

/** Which of a user's videos GET /videos/latest-videos answers. */
export interface LatestVideosQuery {
  status?: VideoStatus;
  projectType?: ProjectType;
  limit: number;
}

type VideoStorage = Pick<ObjectStorage, 'signedUrl' | 'keyFromUri' | 'exists' | 'delete'>;

function clip(text: string, maxLength: number): string {
  const codePoints = Array.from(text);
  return codePoints.length > maxLength ? `${codePoints.slice(0, maxLength - 1).join('')}…` : text;
}

/**
 * The video rows every creation flow writes (through the mark* steps of its job) and the dashboard
 * reads. Media leave only as expiring signed URLs, and only the owner's.
 */
export class VideosService {
  private readonly storedFiles: StoredFiles;
  private readonly signedUrls: SignedUrls;

  constructor(
    private readonly repository: VideosRepository,
    private readonly storage: VideoStorage,
    private readonly signedUrlTtlSeconds: number,
  ) {
    this.storedFiles = new StoredFiles((key) => storage.exists(key));
    this.signedUrls = new SignedUrls(signedUrlTtlSeconds);
  }

  /**
   * Records a video the user started; a blank title becomes "Untitled video". `db`: the open
   * transaction of the generation that makes it.
   */
  async create(input: NewVideoInput, db?: Orm): Promise<VideoRow> {
    return this.repository.insert(
      {
        userId: input.userId,
        title: clip(input.title.trim() || UNTITLED, TITLE_MAX_LENGTH),
        projectType: input.projectType,
        status: input.status ?? 'pending',
        sessionId: input.sessionId ?? null,
        storyboardId: input.storyboard?.id ?? null,
        storyboardVersion: input.storyboard?.version ?? null,
        searchText: input.searchText?.trim() || null,
      },
      db,
    );
  }

  /**
   * What a project search finds the videos of a storyboard by, after its words changed (a draft
   * rendered, a save): `db`, the open transaction of the start that wrote it.
   */
  describeStoryboard(storyboardId: string, searchText: string, db?: Orm): Promise<void> {
    return this.repository.describeStoryboard(storyboardId, searchText, db);
  }

  /** Keeps the caption cues of a finished storyboard video, timed to its speech. */
  async recordCaptions(
    id: string,
    captions: { start: number; end: number; text: string }[],
    inPicture: boolean,
  ): Promise<void> {
    await this.repository.update(id, { captions, captionsInPicture: inPicture });
  }

  /**
   * Links a video to its storyboard: one made before storyboards to the one rebuilt from its prompt,
   * or a studio export to the version it rendered.
   */
  async linkStoryboard(id: string, storyboardId: string, version?: number): Promise<void> {
    await this.repository.update(id, {
      storyboardId,
      ...(version !== undefined ? { storyboardVersion: version } : {}),
    });
  }

  /** The user's video (404 `Video not found` for an unknown or foreign id). */
  async ownVideo(userId: string, id: string): Promise<VideoRow> {
    const row = await this.repository.findForUser(userId, id);
    if (!row) throw notFound(VIDEO_NOT_FOUND);
    return row;
  }

  /** For jobs (payloads carry ids); undefined when the video is gone (deleted meanwhile). */
  findById(id: string): Promise<VideoRow | undefined> {
    return this.repository.findById(id);
  }

  /** The user's video, or undefined for another user's id: callers answer 404 either way. */
  findForUser(userId: string, id: string): Promise<VideoRow | undefined> {
    return this.repository.findForUser(userId, id);
  }

  findBySession(userId: string, sessionId: string): Promise<VideoRow | undefined> {
    return this.repository.findBySession(userId, sessionId);
  }

  /** The user's newest video of a project type that is still being made. */
  newestProcessing(userId: string, projectType: ProjectType): Promise<VideoRow | undefined> {
    return this.repository.findNewest(userId, 'processing', projectType);
  }

  /**
   * The user's video that owns a stored object (its file or thumbnail), or undefined: how a download
   * by URL proves the object is the caller's.
   */
  findByMediaUri(userId: string, uri: string): Promise<VideoRow | undefined> {
    return this.repository.findByMediaUri(userId, uri);
  }

  markProcessing(id: string): Promise<VideoRow | undefined> {
    return this.repository.update(id, { status: 'processing', error: null, completedAt: null });
  }

  /** How far the generation making the video is; ignored once it has ended. */
  recordProgress(
    id: string,
    step: { progress: number; stage: VideoRow['stage']; stageProgress: VideoRow['stageProgress'] },
  ): Promise<void> {
    return this.repository.updateProgress(id, { ...step, retrying: false });
  }

  /** Its generation's attempt was interrupted and another follows (shown as "retrying"). */
  markRetrying(id: string): Promise<void> {
    return this.repository.updateProgress(id, { retrying: true });
  }

  /** Safe to repeat (a retried job): the row simply gets the same media again. */
  async markCompleted(id: string, media: CompletedVideoMedia): Promise<VideoRow | undefined> {
    for (const uri of [media.videoUri, media.thumbnailUri]) {
      // A URI we cannot sign would leave a "completed" video nobody can play.
      if (uri != null && this.storage.keyFromUri(uri) === null) {
        throw new Error(`Not a storage URI of this instance: ${uri.slice(0, 200)}`);
      }
    }
    return this.repository.update(id, {
      status: 'completed',
      retrying: false,
      error: null,
      progress: 100,
      stage: 'completed',
      completedAt: new Date(),
      videoUri: media.videoUri,
      thumbnailUri: media.thumbnailUri ?? null,
      durationSeconds: media.durationSeconds ?? null,
      width: media.width ?? null,
      height: media.height ?? null,
      sizeBytes: media.sizeBytes ?? null,
    });
  }

  /** `error` is shown to the owner: pass a user-facing reason, not a stack. */
  markFailed(id: string, error: string): Promise<VideoRow | undefined> {
    return this.repository.update(id, {
      status: 'failed',
      retrying: false,
      error: clip(error, ERROR_MAX_LENGTH),
      completedAt: new Date(),
    });
  }

  /** The user's newest projects (at most RECENT_PROJECTS_LIMIT) with signed media URLs. */
  async recentProjects(userId: string): Promise<RecentProject[]> {
    const page = await this.repository.listPage(userId, {}, { limit: RECENT_PROJECTS_LIMIT, offset: 0 });
    return Promise.all(page.videos.map((row) => this.toVideo(row)));
  }

  /** One page of the user's videos, newest first, with how many match in all. */
  async list(userId: string, query: ListVideosQuery): Promise<VideoListAnswer> {
    const filter: VideoFilter = {
      textContains: query.q || undefined,
      status: query.status,
      projectType: query.project_type,
    };
    const page = await this.repository.listPage(userId, filter, { limit: query.limit, offset: query.offset });
    return { videos: await Promise.all(page.videos.map((row) => this.toVideo(row))), total: page.total };
  }

  /** The user's newest videos, optionally of one status and one project type. */
  async latest(userId: string, query: LatestVideosQuery): Promise<Video[]> {
    const page = await this.repository.listPage(
      userId,
      { status: query.status, projectType: query.projectType },
      { limit: query.limit, offset: 0 },
    );
    return Promise.all(page.videos.map((row) => this.toVideo(row)));
  }

  /** The bytes the user's videos keep stored (their files as rendered; thumbnails are not counted). */
  storedBytes(userId: string): Promise<number> {
    return this.repository.storedBytes(userId);
  }

  /**
   * Deletes the user's video and its stored files; 404 for an unknown id, another user's, or one
   * already deleted. The files go first: if removing them fails, the row is still there and the
   * delete can be retried, instead of a deleted row leaving files nobody can find again.
   */
  async delete(userId: string, id: string): Promise<DeletedAnswer> {
    const row = await this.repository.findForUser(userId, id);
    if (!row) throw notFound(VIDEO_NOT_FOUND);
    for (const uri of new Set([row.videoUri, row.thumbnailUri])) {
      const key = uri ? this.storage.keyFromUri(uri) : null;
      // Not ours (data moved from the former cloud store): there is nothing we could remove.
      if (key !== null) {
        this.storedFiles.forget(key);
        await this.storage.delete(key);
      }
    }
    const deleted = await this.repository.softDeleteForUser(userId, id, new Date());
    if (!deleted?.deletedAt) throw notFound(VIDEO_NOT_FOUND);
    return { id: deleted.id, deleted_at: deleted.deletedAt.toISOString() };
  }

  /** An expiring URL of a stored object; null without one or for a URI this instance cannot serve. */
  async signedUrl(uri: string | null, downloadName?: string): Promise<string | null> {
    const key = uri ? this.storage.keyFromUri(uri) : null;
    return key === null ? null : this.signedKeyUrl(key, downloadName);
  }

  private signedKeyUrl(key: string, downloadName?: string): Promise<string> {
    return this.signedUrls.get(key, downloadName, () =>
      this.storage.signedUrl(key, {
        expiresInSeconds: this.signedUrlTtlSeconds,
        ...(downloadName === undefined ? {} : { downloadName }),
      }),
    );
  }

  private async toVideo(row: ListedVideo): Promise<Video> {
    return {
      id: row.id,
      title: row.title,
      created_at: row.createdAt.toISOString(),
      project_type: row.projectType,
      status: row.status,
      video_url: await this.playableUrl(row),
      thumbnail_url: await this.signedUrl(row.thumbnailUri),
      storyboard_id: row.storyboardId,
      has_captions: row.hasCaptions,
      captions_in_picture: row.captionsInPicture,
    };
  }

  /**
   * Only a finished video plays (spec 001 section 4): a processing one may have a half-written file.
   * A file that is gone answers null too, so the screens say "Video not available" instead of
   * handing the player a link that fails. The link downloads under a name made from the title.
   */
  private async playableUrl(row: ListedVideo): Promise<string | null> {
    if (row.status !== 'completed' || !row.videoUri) return null;
    const key = this.storage.keyFromUri(row.videoUri);
    if (key === null || !(await this.storedFiles.has(key))) return null;
    return this.signedKeyUrl(key, videoDownloadName(row.title));
  }
}
