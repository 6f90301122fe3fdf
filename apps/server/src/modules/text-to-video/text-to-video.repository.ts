import { and, eq } from 'drizzle-orm';
import type { Orm } from '../../platform/db/database';
import {
  textVideoSessions,
  type NewTextVideoSessionRow,
  type TextVideoSessionRow,
} from './text-to-video.schema';

export type TextVideoSessionChanges = Partial<
  Pick<
    NewTextVideoSessionRow,
    'status' | 'progress' | 'stage' | 'videoId' | 'reservationId' | 'error' | 'completedAt'
  >
>;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Data access of text-to-video jobs; reads by the client's id are scoped by the owner. */
export class TextToVideoRepository {
  constructor(private readonly orm: Orm) {}

  /**
   * Inserts the session unless the user already has one with this session id (the unique index
   * decides, so two concurrent starts cannot both insert); `created` tells which happened.
   */
  async insertOrFind(
    values: NewTextVideoSessionRow,
  ): Promise<{ row: TextVideoSessionRow; created: boolean }> {
    const [inserted] = await this.orm
      .insert(textVideoSessions)
      .values(values)
      .onConflictDoNothing()
      .returning();
    if (inserted) return { row: inserted, created: true };
    const existing = await this.findForUser(values.userId, values.sessionId);
    if (!existing) throw new Error('A text-to-video session conflicted on insert but none holds its id');
    return { row: existing, created: false };
  }

  async findForUser(userId: string, sessionId: string): Promise<TextVideoSessionRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(textVideoSessions)
      .where(and(eq(textVideoSessions.userId, userId), eq(textVideoSessions.sessionId, sessionId)))
      .limit(1);
    return row;
  }

  /** By row id alone: for the job, whose payload carries it. */
  async findById(id: string): Promise<TextVideoSessionRow | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const [row] = await this.orm
      .select()
      .from(textVideoSessions)
      .where(eq(textVideoSessions.id, id))
      .limit(1);
    return row;
  }

  async update(id: string, changes: TextVideoSessionChanges): Promise<TextVideoSessionRow | undefined> {
    const [row] = await this.orm
      .update(textVideoSessions)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(textVideoSessions.id, id))
      .returning();
    return row;
  }

  /** Progress of a running job only: a late report never reopens a finished one. */
  async updateProgress(
    id: string,
    changes: Pick<TextVideoSessionChanges, 'progress' | 'stage'>,
  ): Promise<void> {
    await this.orm
      .update(textVideoSessions)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(textVideoSessions.id, id), eq(textVideoSessions.status, 'processing')));
  }
}
