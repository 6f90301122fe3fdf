import { and, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { ProjectType, VideoStatus } from '@reelcraft/contract';
import type { Orm } from '../../platform/db/database';
import { videos, type NewVideoRow, type VideoRow } from './videos.schema';

/** What the creation flows may change on a video; owner, type and creation time stay. */
export type VideoChanges = Partial<
  Pick<
    NewVideoRow,
    | 'title'
    | 'status'
    | 'videoUri'
    | 'thumbnailUri'
    | 'durationSeconds'
    | 'width'
    | 'height'
    | 'sizeBytes'
    | 'sessionId'
    | 'error'
    | 'progress'
    | 'stage'
    | 'stageProgress'
    | 'retrying'
    | 'completedAt'
  >
>;

/** Which of a user's videos a list shows; every part is optional. */
export interface VideoFilter {
  /** A piece of the title, matched case-insensitively and literally (no wildcards). */
  titleContains?: string;
  status?: VideoStatus;
  projectType?: ProjectType;
}

export interface PageWindow {
  limit: number;
  offset: number;
}

// ILIKE treats % and _ as wildcards and \ as their escape: a search for "50%" must find only that.
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

// A malformed id cannot match a uuid column; answer "none" instead of a database error.
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Data access of videos. Deleted rows are invisible to every read and write here. */
export class VideosRepository {
  constructor(private readonly orm: Orm) {}

  /** `db`: an open transaction, when the row must commit together with others. */
  async insert(values: NewVideoRow, db: Orm = this.orm): Promise<VideoRow> {
    const [row] = await db.insert(videos).values(values).returning();
    if (!row) throw new Error('Inserting a video returned no row');
    return row;
  }

  /** By id alone: for jobs, whose payload carries the id (the row names its owner). */
  async findById(id: string): Promise<VideoRow | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const [row] = await this.orm
      .select()
      .from(videos)
      .where(and(eq(videos.id, id), isNull(videos.deletedAt)))
      .limit(1);
    return row;
  }

  async findForUser(userId: string, id: string): Promise<VideoRow | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const [row] = await this.orm
      .select()
      .from(videos)
      .where(and(eq(videos.id, id), eq(videos.userId, userId), isNull(videos.deletedAt)))
      .limit(1);
    return row;
  }

  /** The newest video of a job session of the user. */
  async findBySession(userId: string, sessionId: string): Promise<VideoRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(videos)
      .where(and(eq(videos.userId, userId), eq(videos.sessionId, sessionId), isNull(videos.deletedAt)))
      .orderBy(desc(videos.createdAt))
      .limit(1);
    return row;
  }

  /** The user's live video whose file or thumbnail is this storage URI. */
  async findByMediaUri(userId: string, uri: string): Promise<VideoRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(videos)
      .where(
        and(
          eq(videos.userId, userId),
          or(eq(videos.videoUri, uri), eq(videos.thumbnailUri, uri)),
          isNull(videos.deletedAt),
        ),
      )
      .limit(1);
    return row;
  }

  async update(id: string, changes: VideoChanges): Promise<VideoRow | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const [row] = await this.orm
      .update(videos)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(videos.id, id), isNull(videos.deletedAt)))
      .returning();
    return row;
  }

  /** Progress of a video still being made: a late report never reopens a finished one. */
  async updateProgress(
    id: string,
    changes: Pick<VideoChanges, 'progress' | 'stage' | 'stageProgress' | 'retrying'>,
  ): Promise<void> {
    if (!UUID_PATTERN.test(id)) return;
    await this.orm
      .update(videos)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(videos.id, id), eq(videos.status, 'processing'), isNull(videos.deletedAt)));
  }

  /** Newest first; the id breaks ties so the order is stable. */
  async listRecent(userId: string, limit: number): Promise<VideoRow[]> {
    return this.orm
      .select()
      .from(videos)
      .where(and(eq(videos.userId, userId), isNull(videos.deletedAt)))
      .orderBy(desc(videos.createdAt), desc(videos.id))
      .limit(limit);
  }

  /** One page of the user's videos, newest first (the id breaks ties so pages never overlap). */
  async listPage(userId: string, filter: VideoFilter, page: PageWindow): Promise<VideoRow[]> {
    return this.orm
      .select()
      .from(videos)
      .where(this.filterClause(userId, filter))
      .orderBy(desc(videos.createdAt), desc(videos.id))
      .limit(page.limit)
      .offset(page.offset);
  }

  async count(userId: string, filter: VideoFilter): Promise<number> {
    const [row] = await this.orm
      .select({ total: count() })
      .from(videos)
      .where(this.filterClause(userId, filter));
    return row?.total ?? 0;
  }

  /**
   * Sets `deleted_at` on the user's live video; undefined when there is none, which is also what the
   * loser of two concurrent deletes gets.
   */
  async softDeleteForUser(userId: string, id: string, at: Date): Promise<VideoRow | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const [row] = await this.orm
      .update(videos)
      .set({ deletedAt: at, updatedAt: at })
      .where(and(eq(videos.id, id), eq(videos.userId, userId), isNull(videos.deletedAt)))
      .returning();
    return row;
  }

  private filterClause(userId: string, filter: VideoFilter): SQL | undefined {
    const conditions: SQL[] = [eq(videos.userId, userId), isNull(videos.deletedAt)];
    if (filter.titleContains) conditions.push(ilike(videos.title, likeContains(filter.titleContains)));
    if (filter.status) conditions.push(eq(videos.status, filter.status));
    if (filter.projectType) conditions.push(eq(videos.projectType, filter.projectType));
    return and(...conditions);
  }
}
