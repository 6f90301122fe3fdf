import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { FREE_PLAN_ID, type SubscriptionPlanId } from '@reelcraft/contract';
import type { Orm, OrmTransaction } from '../../platform/db/database';
import type { UserRow } from '../users';
import type { NewPlanRow } from './plan-catalogue';
import {
  subscriptionEvents,
  subscriptionPlans,
  userSubscriptions,
  videoQuotaPeriods,
  videoReservations,
  type PlanRow,
  type QuotaPeriodRow,
  type ReservationRow,
  type SubscriptionEventRow,
  type UserSubscriptionRow,
} from './subscriptions.schema';

export type Transaction = OrmTransaction;
/** Where a query runs: the pool, or an open transaction. */
export type Executor = Orm | Transaction;

export type NewUserSubscription = typeof userSubscriptions.$inferInsert;
export type UserSubscriptionChanges = Partial<
  Omit<NewUserSubscription, 'id' | 'userId' | 'createdAt' | 'updatedAt'>
>;
export type NewQuotaPeriod = typeof videoQuotaPeriods.$inferInsert;
export type NewSubscriptionEvent = typeof subscriptionEvents.$inferInsert;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_PATTERN.test(value);

/** The plans table. */
export class PlansRepository {
  constructor(private readonly orm: Orm) {}

  /** Writes the configured plans over the stored ones; running it twice changes nothing. */
  async sync(plans: readonly NewPlanRow[]): Promise<void> {
    for (const plan of plans) {
      const { id: _id, ...fields } = plan;
      await this.orm
        .insert(subscriptionPlans)
        .values(plan)
        .onConflictDoUpdate({ target: subscriptionPlans.id, set: { ...fields, updatedAt: new Date() } });
    }
  }

  async list(): Promise<PlanRow[]> {
    return this.orm.select().from(subscriptionPlans).orderBy(asc(subscriptionPlans.sortOrder));
  }

  async find(id: SubscriptionPlanId, db: Executor = this.orm): Promise<PlanRow | undefined> {
    const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id)).limit(1);
    return row;
  }

  async findByStripePrice(priceId: string): Promise<PlanRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.stripePriceId, priceId))
      .limit(1);
    return row;
  }
}

export interface UserQuotaListing {
  user: Pick<UserRow, 'id' | 'email' | 'fullName' | 'createdAt'>;
  subscription: UserSubscriptionRow | null;
  period: QuotaPeriodRow | null;
}

/** Subscriptions, quota periods, reservations and the subscription events; no rules here. */
export class SubscriptionsRepository {
  /** The video count's one query (`findCurrent`), read on every screen: built and planned once. */
  private readonly current;

  constructor(private readonly orm: Orm) {
    const freePlan = alias(subscriptionPlans, 'free_plan');
    this.current = orm
      .select({
        subscription: userSubscriptions,
        plan: subscriptionPlans,
        free: freePlan,
        period: videoQuotaPeriods,
      })
      .from(userSubscriptions)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
      .innerJoin(freePlan, eq(freePlan.id, FREE_PLAN_ID))
      .leftJoin(
        videoQuotaPeriods,
        and(
          eq(videoQuotaPeriods.userId, userSubscriptions.userId),
          eq(videoQuotaPeriods.periodStart, userSubscriptions.periodStart),
        ),
      )
      .where(eq(userSubscriptions.userId, sql.placeholder('userId')))
      .prepare('subscription_current');
  }

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.orm.transaction(work);
  }

  /**
   * The user's subscription row, created on first use, locked until the transaction ends: every
   * change of one user's quota runs one after the other, on every instance.
   */
  async lockOrCreate(tx: Transaction, initial: NewUserSubscription): Promise<UserSubscriptionRow> {
    await tx.insert(userSubscriptions).values(initial).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.userId, initial.userId))
      .for('update');
    if (!row) throw new Error('The subscription row vanished inside its transaction');
    return row;
  }

  async findByUser(userId: string, db: Executor = this.orm): Promise<UserSubscriptionRow | undefined> {
    if (!isUuid(userId)) return undefined;
    const [row] = await db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId));
    return row;
  }

  async findByStripeSubscription(subscriptionId: string): Promise<UserSubscriptionRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.stripeSubscriptionId, subscriptionId))
      .limit(1);
    return row;
  }

  async findByStripeCustomer(customerId: string): Promise<UserSubscriptionRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.stripeCustomerId, customerId))
      .orderBy(desc(userSubscriptions.updatedAt))
      .limit(1);
    return row;
  }

  async update(tx: Executor, id: string, changes: UserSubscriptionChanges): Promise<UserSubscriptionRow> {
    const [row] = await tx
      .update(userSubscriptions)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(userSubscriptions.id, id))
      .returning();
    if (!row) throw new Error(`Subscription ${id} not found for update`);
    return row;
  }

  /** The period's row, created with `values` when it is new. */
  async ensurePeriod(tx: Transaction, values: NewQuotaPeriod): Promise<QuotaPeriodRow> {
    await tx.insert(videoQuotaPeriods).values(values).onConflictDoNothing();
    const period = await this.findPeriod(values.userId, values.periodStart, tx);
    if (!period) throw new Error('The quota period vanished inside its transaction');
    return period;
  }

  async updatePeriod(
    tx: Transaction,
    userId: string,
    periodStart: Date,
    changes: Partial<Pick<NewQuotaPeriod, 'periodEnd' | 'planId' | 'allowance'>>,
  ): Promise<QuotaPeriodRow> {
    const [row] = await tx
      .update(videoQuotaPeriods)
      .set(changes)
      .where(and(eq(videoQuotaPeriods.userId, userId), eq(videoQuotaPeriods.periodStart, periodStart)))
      .returning();
    if (!row) throw new Error('No quota period to update');
    return row;
  }

  /**
   * In one query (the video count is read on every screen): the user's subscription, its plan, the
   * free plan (its period length rolls free periods) and the usage row of the stored period, if any.
   */
  async findCurrent(
    userId: string,
  ): Promise<
    | { subscription: UserSubscriptionRow; plan: PlanRow; free: PlanRow; period: QuotaPeriodRow | null }
    | undefined
  > {
    if (!isUuid(userId)) return undefined;
    const [row] = await this.current.execute({ userId });
    return row;
  }

  async findPeriod(
    userId: string,
    periodStart: Date,
    db: Executor = this.orm,
  ): Promise<QuotaPeriodRow | undefined> {
    const [row] = await db
      .select()
      .from(videoQuotaPeriods)
      .where(and(eq(videoQuotaPeriods.userId, userId), eq(videoQuotaPeriods.periodStart, periodStart)));
    return row;
  }

  /** Takes one video if one is left: one conditional UPDATE, so two callers cannot take the last one. */
  async takeVideo(tx: Transaction, userId: string, periodStart: Date): Promise<QuotaPeriodRow | undefined> {
    const [row] = await tx
      .update(videoQuotaPeriods)
      .set({ used: sql`${videoQuotaPeriods.used} + 1` })
      .where(
        and(
          eq(videoQuotaPeriods.userId, userId),
          eq(videoQuotaPeriods.periodStart, periodStart),
          sql`${videoQuotaPeriods.used} < ${videoQuotaPeriods.allowance} + ${videoQuotaPeriods.bonus}`,
        ),
      )
      .returning();
    return row;
  }

  async giveBackVideo(tx: Transaction, userId: string, periodStart: Date): Promise<void> {
    await tx
      .update(videoQuotaPeriods)
      .set({ used: sql`${videoQuotaPeriods.used} - 1` })
      .where(
        and(
          eq(videoQuotaPeriods.userId, userId),
          eq(videoQuotaPeriods.periodStart, periodStart),
          sql`${videoQuotaPeriods.used} > 0`,
        ),
      );
  }

  async addBonus(tx: Transaction, userId: string, periodStart: Date, count: number): Promise<QuotaPeriodRow> {
    const [row] = await tx
      .update(videoQuotaPeriods)
      .set({ bonus: sql`${videoQuotaPeriods.bonus} + ${count}` })
      .where(and(eq(videoQuotaPeriods.userId, userId), eq(videoQuotaPeriods.periodStart, periodStart)))
      .returning();
    if (!row) throw new Error('No quota period to add videos to');
    return row;
  }

  async findReservation(
    tx: Transaction,
    userId: string,
    reference: string,
  ): Promise<ReservationRow | undefined> {
    const [row] = await tx
      .select()
      .from(videoReservations)
      .where(and(eq(videoReservations.userId, userId), eq(videoReservations.reference, reference)));
    return row;
  }

  async insertReservation(
    tx: Transaction,
    values: typeof videoReservations.$inferInsert,
  ): Promise<ReservationRow> {
    const [row] = await tx.insert(videoReservations).values(values).returning();
    if (!row) throw new Error('Inserting a reservation returned no row');
    return row;
  }

  /** A released reservation taken again (a job retried under the same reference). */
  async renewReservation(tx: Transaction, id: string, periodStart: Date): Promise<ReservationRow> {
    const [row] = await tx
      .update(videoReservations)
      .set({ state: 'reserved', periodStart, releasedAt: null })
      .where(eq(videoReservations.id, id))
      .returning();
    if (!row) throw new Error(`Reservation ${id} not found`);
    return row;
  }

  /** Marks a held reservation released; undefined when it is unknown or was released before. */
  async release(tx: Transaction, id: string, at: Date): Promise<ReservationRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await tx
      .update(videoReservations)
      .set({ state: 'released', releasedAt: at })
      .where(and(eq(videoReservations.id, id), eq(videoReservations.state, 'reserved')))
      .returning();
    return row;
  }

  /** Records an event; undefined when its payment id was recorded before (a replay). */
  async insertEvent(tx: Executor, values: NewSubscriptionEvent): Promise<SubscriptionEventRow | undefined> {
    const [row] = await tx.insert(subscriptionEvents).values(values).onConflictDoNothing().returning();
    return row;
  }

  async findPaymentEvent(
    provider: string,
    paymentId: string,
    db: Executor = this.orm,
  ): Promise<SubscriptionEventRow | undefined> {
    const [row] = await db
      .select()
      .from(subscriptionEvents)
      .where(and(eq(subscriptionEvents.provider, provider), eq(subscriptionEvents.paymentId, paymentId)))
      .limit(1);
    return row;
  }

  async findUserEventByPaymentId(
    userId: string,
    paymentId: string,
  ): Promise<SubscriptionEventRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(subscriptionEvents)
      .where(and(eq(subscriptionEvents.userId, userId), eq(subscriptionEvents.paymentId, paymentId)))
      .limit(1);
    return row;
  }

  async listEvents(userId: string, limit: number): Promise<SubscriptionEventRow[]> {
    return this.orm
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.userId, userId))
      .orderBy(desc(subscriptionEvents.createdAt))
      .limit(limit);
  }

  /** The subscriptions of these accounts with their stored current periods (admin listing). */
  async listQuotas(
    userIds: readonly string[],
  ): Promise<{ subscription: UserSubscriptionRow; period: QuotaPeriodRow | null }[]> {
    if (userIds.length === 0) return [];
    return this.orm
      .select({ subscription: userSubscriptions, period: videoQuotaPeriods })
      .from(userSubscriptions)
      .leftJoin(
        videoQuotaPeriods,
        and(
          eq(videoQuotaPeriods.userId, userSubscriptions.userId),
          eq(videoQuotaPeriods.periodStart, userSubscriptions.periodStart),
        ),
      )
      .where(inArray(userSubscriptions.userId, [...userIds]));
  }
}
