import { and, desc, eq, sql } from 'drizzle-orm';
import type { Orm } from '../../platform/db/database';
import { avatars, type AvatarRow, type NewAvatarRow } from './avatars.schema';

// A malformed id cannot match a uuid column; answer "none" instead of a database error.
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Data access of avatars; every read and write is scoped by the owner. */
export class AvatarsRepository {
  constructor(private readonly orm: Orm) {}

  async insert(values: NewAvatarRow): Promise<AvatarRow> {
    const [row] = await this.orm.insert(avatars).values(values).returning();
    if (!row) throw new Error('Inserting an avatar returned no row');
    return row;
  }

  /** The bytes of the user's avatars' portraits, for the storage allowance (docs/decisions/033). */
  async storedBytes(userId: string): Promise<number> {
    const [row] = await this.orm
      .select({ total: sql<number>`coalesce(sum(${avatars.imageBytes}), 0)`.mapWith(Number) })
      .from(avatars)
      .where(eq(avatars.userId, userId));
    return row?.total ?? 0;
  }

  /** Newest first. */
  listForUser(userId: string): Promise<AvatarRow[]> {
    return this.orm
      .select()
      .from(avatars)
      .where(eq(avatars.userId, userId))
      .orderBy(desc(avatars.createdAt), desc(avatars.id));
  }

  async findForUser(userId: string, id: string): Promise<AvatarRow | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const [row] = await this.orm
      .select()
      .from(avatars)
      .where(and(eq(avatars.userId, userId), eq(avatars.id, id)))
      .limit(1);
    return row;
  }

  async rename(userId: string, id: string, name: string): Promise<AvatarRow | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const [row] = await this.orm
      .update(avatars)
      .set({ name })
      .where(and(eq(avatars.userId, userId), eq(avatars.id, id)))
      .returning();
    return row;
  }

  async delete(userId: string, id: string): Promise<AvatarRow | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const [row] = await this.orm
      .delete(avatars)
      .where(and(eq(avatars.userId, userId), eq(avatars.id, id)))
      .returning();
    return row;
  }
}
