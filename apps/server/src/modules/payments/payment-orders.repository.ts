import { and, eq, ne } from 'drizzle-orm';
import type { Orm } from '../../platform/db/database';
import { paymentOrders, type PaymentOrderRow } from './payments.schema';

export type NewPaymentOrder = typeof paymentOrders.$inferInsert;

/** Our side of the checkout orders; no rules here. */
export class PaymentOrdersRepository {
  constructor(private readonly orm: Orm) {}

  async insert(values: NewPaymentOrder): Promise<PaymentOrderRow> {
    const [row] = await this.orm.insert(paymentOrders).values(values).returning();
    if (!row) throw new Error('Inserting a payment order returned no row');
    return row;
  }

  /** The caller's order with this provider order id; another user's is not found. */
  async findForUser(userId: string, providerOrderId: string): Promise<PaymentOrderRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.userId, userId), eq(paymentOrders.providerOrderId, providerOrderId)))
      .limit(1);
    return row;
  }

  async setProviderOrder(
    id: string,
    providerOrderId: string,
    approveUrl: string | null,
  ): Promise<PaymentOrderRow> {
    return this.change(id, { providerOrderId, approveUrl });
  }

  async markCaptured(id: string, captureId: string | null): Promise<PaymentOrderRow> {
    const [row] = await this.orm
      .update(paymentOrders)
      .set({ state: 'captured', captureId, capturedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(paymentOrders.id, id), eq(paymentOrders.state, 'created')))
      .returning();
    return row ?? this.get(id);
  }

  async markActivated(id: string): Promise<PaymentOrderRow> {
    const [row] = await this.orm
      .update(paymentOrders)
      .set({ state: 'activated', activatedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(paymentOrders.id, id), ne(paymentOrders.state, 'activated')))
      .returning();
    return row ?? this.get(id);
  }

  async markFailed(id: string, failure: string): Promise<PaymentOrderRow> {
    return this.change(id, { state: 'failed', failure });
  }

  private async get(id: string): Promise<PaymentOrderRow> {
    const [row] = await this.orm.select().from(paymentOrders).where(eq(paymentOrders.id, id));
    if (!row) throw new Error(`Payment order ${id} not found`);
    return row;
  }

  private async change(id: string, changes: Partial<NewPaymentOrder>): Promise<PaymentOrderRow> {
    const [row] = await this.orm
      .update(paymentOrders)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(paymentOrders.id, id))
      .returning();
    if (!row) throw new Error(`Payment order ${id} not found`);
    return row;
  }
}
