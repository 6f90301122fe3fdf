import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
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
    | 'captions'
    | 'captionsInPicture'
    | 'storyboardId'
    | 'storyboardVersion'
    | 'searchText'
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
  /**
   * A piece of the title or of what the video says (its whole prompt, a storyboard's narration),
   * matched case-insensitively and literally (no wildcards).
   */
  textContains?: string;
  status?: VideoStatus;
  projectType?: ProjectType;
}

export interface PageWindow {
  limit: number;
  offset: number;
}

/** What a list shows of a video (spec 001 section 7): the rest of the row stays in the database. */
const listedColumns = {
  id: videos.id,
  title: videos.title,
  createdAt: videos.createdAt,
  projectType: videos.projectType,
  status: videos.status,
  videoUri: videos.videoUri,
  thumbnailUri: videos.thumbnailUri,
  storyboardId: videos.storyboardId,
  captionsInPicture: videos.captionsInPicture,
  hasCaptions: sql<boolean>`coalesce(jsonb_array_length(${videos.captions}) > 0, false)`.mapWith(Boolean),
};
export type ListedVideo = Pick<VideoRow, Exclude<keyof typeof listedColumns, 'hasCaptions'>> & {
  hasCaptions: boolean;
};

export interface VideoPage {
  videos: ListedVideo[];
  /** How many videos match the filter in all. */
  total: number;
}

// ILIKE treats % and _ as wildcards and \ as their escape: a search for "50%" must find only that.
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

// A malformed id cannot match a uuid column; answer "none" instead of a database error.
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Data access of videos. Deleted rows are invisible to every read and write here. */
export class VideosRepository {
  /**
   * Every list of the library and the dashboard, built and planned once (issue 20): a filter left
   * out is passed as null, and the total comes with the page (a window count) instead of a second
   * query.
   */
  private readonly page;
  private readonly pageTotal;

  constructor(private readonly orm: Orm) {
    const filter = and(
      eq(videos.userId, sql.placeholder('userId')),
      isNull(videos.deletedAt),
      or(
        isNull(sql`${sql.placeholder('textLike')}::text`),
        ilike(videos.title, sql.placeholder('textLike')),
        ilike(videos.searchText, sql.placeholder('textLike')),
      ),
      or(isNull(sql`${sql.placeholder('status')}::text`), eq(videos.status, sql.placeholder('status'))),
      or(
        isNull(sql`${sql.placeholder('projectType')}::text`),
        eq(videos.projectType, sql.placeholder('projectType')),
      ),
    );
    this.page = orm
      .select({ ...listedColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(videos)
      .where(filter)
      .orderBy(desc(videos.createdAt), desc(videos.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('videos_page');
    this.pageTotal = orm.select({ total: count() }).from(videos).where(filter).prepare('videos_page_total');
  }

  /** The bytes of the user's live videos' files, for the storage allowance (docs/decisions/033). */
  async storedBytes(userId: string): Promise<number> {
    const [row] = await this.orm
      .select({ total: sql<number>`coalesce(sum(${videos.sizeBytes}), 0)`.mapWith(Number) })
      .from(videos)
      .where(and(eq(videos.userId, userId), isNull(videos.deletedAt)));
    return row?.total ?? 0;
  }

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

  /** Sets what a search matches on every live video rendered from the storyboard. */
  async describeStoryboard(storyboardId: string, searchText: string, db: Orm = this.orm): Promise<void> {
    await db
      .update(videos)
      .set({ searchText })
      .where(and(eq(videos.storyboardId, storyboardId), isNull(videos.deletedAt)));
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

  /**
   * One page of the user's videos, newest first (the id breaks ties, so pages never overlap), with
   * how many match in all.
   */
  async listPage(userId: string, filter: VideoFilter, page: PageWindow): Promise<VideoPage> {
    const values = {
      userId,
      textLike: filter.textContains ? likeContains(filter.textContains) : null,
      status: filter.status ?? null,
      projectType: filter.projectType ?? null,
    };
    const rows = await this.page.execute({ ...values, limit: page.limit, offset: page.offset });
    if (rows.length > 0) {
      const total = rows[0]!.total;
      return { videos: rows.map(({ total: _, ...video }) => video), total };
    }
    // Past the last page (or nothing matches) no row carries the total.
    const [row] = page.offset > 0 ? await this.pageTotal.execute(values) : [{ total: 0 }];
    return { videos: [], total: row?.total ?? 0 };
  }

  /** The user's newest live video of a status and project type, whole. */
  async findNewest(
    userId: string,
    status: VideoStatus,
    projectType: ProjectType,
  ): Promise<VideoRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(videos)
      .where(
        and(
          eq(videos.userId, userId),
          eq(videos.status, status),
          eq(videos.projectType, projectType),
          isNull(videos.deletedAt),
        ),
      )
      .orderBy(desc(videos.createdAt), desc(videos.id))
      .limit(1);
    return row;
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
}
