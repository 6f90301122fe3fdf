import { FREE_PLAN_ID, type SubscriptionPlanId, type VideoCount } from '@reelcraft/contract';
import { addDays, advanceToNow, toVideoCount } from './subscription-periods';
import type { PlanRow, QuotaPeriodRow, UserSubscriptionRow } from './subscriptions.schema';
import type { PlansRepository, SubscriptionsRepository, Transaction } from './subscriptions.repository';

/** Where an account keeps its own copy of its plan (the users service): written in the same transaction. */
export interface SubscriptionMirror {
  mirrorSubscription(db: Transaction, userId: string, status: string, expiry: Date | null): Promise<void>;
}

export interface OpenedPeriod {
  subscription: UserSubscriptionRow;
  period: QuotaPeriodRow;
  plan: PlanRow;
  /** Set when opening found a paid period over: the plan that expired. */
  expiredPlan?: PlanRow;
}

/**
 * Brings a user's subscription to the present inside a transaction: creates it on first use,
 * returns an ended paid plan to free (recorded as an expiry), rolls the free period, and opens the
 * period's usage row. The subscription row stays locked until the transaction ends.
 */
export class CurrentPeriods {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly plans: PlansRepository,
    private readonly accounts: SubscriptionMirror,
  ) {}

  async open(tx: Transaction, userId: string, now: Date): Promise<OpenedPeriod> {
    const free = await this.requirePlan(FREE_PLAN_ID, tx);
    let subscription = await this.subscriptions.lockOrCreate(tx, {
      userId,
      planId: FREE_PLAN_ID,
      state: 'free',
      periodStart: now,
      periodEnd: addDays(now, free.periodDays),
    });
    const advanced = advanceToNow(subscription, free.periodDays, now);
    let expiredPlan: PlanRow | undefined;
    if (advanced.changed) {
      const previous = subscription;
      subscription = await this.subscriptions.update(tx, subscription.id, advanced.next);
      if (advanced.expired) {
        expiredPlan = await this.requirePlan(previous.planId, tx);
        await this.subscriptions.insertEvent(tx, {
          userId,
          kind: 'expiry',
          planId: previous.planId,
          provider: previous.provider,
          actor: 'system',
          periodEnd: previous.periodEnd,
        });
        await this.accounts.mirrorSubscription(tx, userId, FREE_PLAN_ID, null);
      }
    }
    const plan =
      subscription.planId === FREE_PLAN_ID ? free : await this.requirePlan(subscription.planId, tx);
    const period = await this.subscriptions.ensurePeriod(tx, {
      userId,
      periodStart: subscription.periodStart,
      periodEnd: subscription.periodEnd,
      planId: subscription.planId,
      allowance: plan.maxVideos,
    });
    return { subscription, period, plan, expiredPlan };
  }

  /**
   * The video count without a transaction when the stored rows are already current (the common
   * read); undefined when something must be written first.
   */
  async peek(
    userId: string,
    now: Date,
  ): Promise<{ count: VideoCount; subscription: UserSubscriptionRow } | undefined> {
    const current = await this.subscriptions.findCurrent(userId);
    if (!current?.period) return undefined;
    const { subscription, period, plan, free } = current;
    if (advanceToNow(subscription, free.periodDays, now).changed) return undefined;
    return { count: toVideoCount(subscription, period, plan), subscription };
  }

  async requirePlan(id: SubscriptionPlanId, tx?: Transaction): Promise<PlanRow> {
    const plan = await this.plans.find(id, tx);
    // The plans are synced at start-up; a missing one is a deployment fault, not a user error.
    if (!plan) throw new Error(`Plan "${id}" is not in the database: the plans were not synced`);
    return plan;
  }
}
