import { and, desc, eq } from 'drizzle-orm';
import type { Orm } from '../../platform/db/database';
import {
  imageVideoSessions,
  type ImageVideoSessionRow,
  type NewImageVideoSessionRow,
} from './image-to-video.schema';

export type ImageVideoSessionChanges = Partial<
  Pick<
    NewImageVideoSessionRow,
    'status' | 'currentStage' | 'progress' | 'stageProgress' | 'videoId' | 'errorMessage' | 'completedAt'
  >
>;

// A malformed id cannot match a uuid column; answer "none" instead of a database error.
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Data access of image-to-video jobs; reads by the client's id are scoped by the owner. */
export class ImageToVideoRepository {
  constructor(private readonly orm: Orm) {}

  async insert(values: NewImageVideoSessionRow): Promise<ImageVideoSessionRow> {
    const [row] = await this.orm.insert(imageVideoSessions).values(values).returning();
    if (!row) throw new Error('Inserting an image-to-video session returned no row');
    return row;
  }

  async findForUser(userId: string, id: string): Promise<ImageVideoSessionRow | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const [row] = await this.orm
      .select()
      .from(imageVideoSessions)
      .where(and(eq(imageVideoSessions.id, id), eq(imageVideoSessions.userId, userId)))
      .limit(1);
    return row;
  }

  /** By id alone: for the job, whose payload carries it. */
  async findById(id: string): Promise<ImageVideoSessionRow | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const [row] = await this.orm
      .select()
      .from(imageVideoSessions)
      .where(eq(imageVideoSessions.id, id))
      .limit(1);
    return row;
  }

  /** Newest first; the id breaks ties so the order is stable. */
  async listForUser(userId: string, limit: number): Promise<ImageVideoSessionRow[]> {
    return this.orm
      .select()
      .from(imageVideoSessions)
      .where(eq(imageVideoSessions.userId, userId))
      .orderBy(desc(imageVideoSessions.createdAt), desc(imageVideoSessions.id))
      .limit(limit);
  }

  async update(id: string, changes: ImageVideoSessionChanges): Promise<ImageVideoSessionRow | undefined> {
    const [row] = await this.orm
      .update(imageVideoSessions)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(imageVideoSessions.id, id))
      .returning();
    return row;
  }

  /** Progress of a running job only: a late report never reopens a finished one. */
  async updateProgress(
    id: string,
    changes: Pick<ImageVideoSessionChanges, 'progress' | 'currentStage' | 'stageProgress'>,
  ): Promise<void> {
    await this.orm
      .update(imageVideoSessions)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(imageVideoSessions.id, id), eq(imageVideoSessions.status, 'processing')));
  }
}
