import { and, eq, sql } from 'drizzle-orm';
import type { Orm } from '../../platform/db/database';
import { slideDecks, type NewSlideDeckRow, type SlideDeckRow } from './slides.schema';

// A malformed id cannot match a uuid column; answer "none" instead of a database error.
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Data access of slide decks; reads for users are scoped by the owner, the import job's by id. */
export class SlidesRepository {
  constructor(private readonly orm: Orm) {}

  /** In `orm` when given (an open transaction). */
  async insert(values: NewSlideDeckRow, orm: Orm = this.orm): Promise<SlideDeckRow> {
    const [row] = await orm.insert(slideDecks).values(values).returning();
    if (!row) throw new Error('Inserting a slide deck returned no row');
    return row;
  }

  /** The bytes of the user's uploaded decks, for the storage allowance (docs/decisions/033). */
  async storedBytes(userId: string): Promise<number> {
    const [row] = await this.orm
      .select({ total: sql<number>`coalesce(sum(${slideDecks.sourceBytes}), 0)`.mapWith(Number) })
      .from(slideDecks)
      .where(eq(slideDecks.userId, userId));
    return row?.total ?? 0;
  }

  async findForUser(userId: string, id: string): Promise<SlideDeckRow | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const [row] = await this.orm
      .select()
      .from(slideDecks)
      .where(and(eq(slideDecks.userId, userId), eq(slideDecks.id, id)))
      .limit(1);
    return row;
  }

  async findById(id: string): Promise<SlideDeckRow | undefined> {
    const [row] = await this.orm.select().from(slideDecks).where(eq(slideDecks.id, id)).limit(1);
    return row;
  }

  async update(
    id: string,
    values: Partial<Pick<SlideDeckRow, 'status' | 'progress' | 'error' | 'slides'>>,
  ): Promise<void> {
    await this.orm
      .update(slideDecks)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(slideDecks.id, id));
  }
}
