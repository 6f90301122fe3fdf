import { and, eq, inArray } from 'drizzle-orm';
import type { Orm } from '../../platform/db/database';
import { testCheckoutOrders, type TestCheckoutOrderRow, type TestCheckoutState } from './payments.schema';

/** The test-mode provider's books. */
export class TestCheckoutRepository {
  constructor(private readonly orm: Orm) {}

  async insert(values: typeof testCheckoutOrders.$inferInsert): Promise<TestCheckoutOrderRow> {
    const [row] = await this.orm.insert(testCheckoutOrders).values(values).returning();
    if (!row) throw new Error('Inserting a test checkout order returned no row');
    return row;
  }

  async find(id: string): Promise<TestCheckoutOrderRow | undefined> {
    const [row] = await this.orm.select().from(testCheckoutOrders).where(eq(testCheckoutOrders.id, id));
    return row;
  }

  /** Moves the order on only from one of `from`, so two clicks or two captures change it once. */
  async transition(
    id: string,
    from: readonly TestCheckoutState[],
    changes: Partial<typeof testCheckoutOrders.$inferInsert> & { state: TestCheckoutState },
  ): Promise<TestCheckoutOrderRow | undefined> {
    const [row] = await this.orm
      .update(testCheckoutOrders)
      .set(changes)
      .where(and(eq(testCheckoutOrders.id, id), inArray(testCheckoutOrders.state, [...from])))
      .returning();
    return row;
  }
}
