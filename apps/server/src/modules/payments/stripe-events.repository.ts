import { eq } from 'drizzle-orm';
import type { Orm } from '../../platform/db/database';
import { stripeWebhookEvents } from './payments.schema';

/** The Stripe event ids already handled. */
export class StripeEventsRepository {
  constructor(private readonly orm: Orm) {}

  async seen(eventId: string): Promise<boolean> {
    const [row] = await this.orm
      .select({ eventId: stripeWebhookEvents.eventId })
      .from(stripeWebhookEvents)
      .where(eq(stripeWebhookEvents.eventId, eventId));
    return row !== undefined;
  }

  async record(eventId: string, type: string, outcome: string): Promise<void> {
    await this.orm.insert(stripeWebhookEvents).values({ eventId, type, outcome }).onConflictDoNothing();
  }
}
