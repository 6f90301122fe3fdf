import { and, desc, eq, sql } from 'drizzle-orm';
import type { Orm } from '../../platform/db/database';
import { voiceClones, type NewVoiceCloneRow, type VoiceCloneRow } from './voices.schema';

/** Data access of voice clones; every read and delete is scoped by the owner. */
export class VoicesRepository {
  constructor(private readonly orm: Orm) {}

  async insert(values: NewVoiceCloneRow): Promise<VoiceCloneRow> {
    const [row] = await this.orm.insert(voiceClones).values(values).returning();
    if (!row) throw new Error('Inserting a voice clone returned no row');
    return row;
  }

  /** The bytes of the user's clones' samples, for the storage allowance (docs/decisions/033). */
  async storedBytes(userId: string): Promise<number> {
    const [row] = await this.orm
      .select({ total: sql<number>`coalesce(sum(${voiceClones.sampleBytes}), 0)`.mapWith(Number) })
      .from(voiceClones)
      .where(eq(voiceClones.userId, userId));
    return row?.total ?? 0;
  }

  /** Newest first. */
  listForUser(userId: string): Promise<VoiceCloneRow[]> {
    return this.orm
      .select()
      .from(voiceClones)
      .where(eq(voiceClones.userId, userId))
      .orderBy(desc(voiceClones.createdAt));
  }

  async findForUser(userId: string, id: string): Promise<VoiceCloneRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(voiceClones)
      .where(and(eq(voiceClones.userId, userId), eq(voiceClones.id, id)))
      .limit(1);
    return row;
  }

  /** The deleted row, or undefined when the user has no such clone. */
  async deleteForUser(userId: string, id: string): Promise<VoiceCloneRow | undefined> {
    const [row] = await this.orm
      .delete(voiceClones)
      .where(and(eq(voiceClones.userId, userId), eq(voiceClones.id, id)))
      .returning();
    return row;
  }
}
