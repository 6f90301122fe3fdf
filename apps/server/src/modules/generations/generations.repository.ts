import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Orm } from '../../platform/db/database';
import { generations, type GenerationRow, type NewGenerationRow } from './generations.schema';

// A malformed id cannot match a uuid column; answer "none" instead of a database error.
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Data access of generations; reads by the client's session id are scoped by the owner. */
export class GenerationsRepository {
  constructor(private readonly orm: Orm) {}

  /**
   * Inserts unless the user already has a generation with this session id (the unique index
   * decides, so two concurrent starts cannot both insert); undefined then.
   */
  async insertIfNew(values: NewGenerationRow, db: Orm = this.orm): Promise<GenerationRow | undefined> {
    const [row] = await db.insert(generations).values(values).onConflictDoNothing().returning();
    return row;
  }

  async findForUser(userId: string, sessionId: string): Promise<GenerationRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(generations)
      .where(and(eq(generations.userId, userId), eq(generations.sessionId, sessionId)))
      .limit(1);
    return row;
  }

  /** By row id alone: for the job, whose payload carries it. */
  async findById(id: string): Promise<GenerationRow | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const [row] = await this.orm.select().from(generations).where(eq(generations.id, id)).limit(1);
    return row;
  }

  /** The user's generations that make these videos. */
  async listForVideos(userId: string, videoIds: readonly string[]): Promise<GenerationRow[]> {
    const ids = videoIds.filter((id) => UUID_PATTERN.test(id));
    if (ids.length === 0) return [];
    return this.orm
      .select()
      .from(generations)
      .where(and(eq(generations.userId, userId), inArray(generations.videoId, ids)));
  }

  /** The user's newest generations of one kind. */
  async listForUser(userId: string, kind: string, limit: number): Promise<GenerationRow[]> {
    return this.orm
      .select()
      .from(generations)
      .where(and(eq(generations.userId, userId), eq(generations.kind, kind)))
      .orderBy(desc(generations.createdAt), desc(generations.id))
      .limit(limit);
  }
}
