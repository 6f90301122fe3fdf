import {
  FREE_PLAN_ID,
  serverDetailMessages,
  type Plan,
  type PlanId,
  type SubscriptionPlanId,
  type SubscriptionActivation,
  type SubscriptionStatus,
  type VideoCount,
} from '@reelcraft/contract';
import { notFound } from '../../platform/http/http-error';
import type { CurrentPeriods, SubscriptionMirror } from './current-period';
import type { UserRow } from '../users';
import { isPlanId, toPlanAnswer } from './plan-catalogue';
import type { Clock } from './quota.service';
import { subscriptionNoticeTexts, type SubscriptionAnnouncer } from './subscription-notices';
import { addDays, advanceToNow, remainingVideos, toVideoCount } from './subscription-periods';
import type { PlansRepository, SubscriptionsRepository, UserQuotaListing } from './subscriptions.repository';
import type { PlanRow, SubscriptionEventRow, UserSubscriptionRow } from './subscriptions.schema';

/** The accounts this module reads and keeps in step (the users service). */
export interface AccountDirectory extends SubscriptionMirror {
  findActiveByIdOrEmail(idOrEmail: string): Promise<Pick<UserRow, 'id' | 'email'> | undefined>;
  listActive(options: { search?: string; limit: number }): Promise<UserQuotaListing['user'][]>;
}

export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found';

export type SubscriptionActor = 'user' | 'webhook' | 'admin';

/** A paid period to start: what was bought, from whom, with which payment. */
export interface PaidPeriodInput {
  userId: string;
  planId: PlanId;
  /** paypal, test, stripe or admin. */
  provider: string;
  /** The provider's payment id; it activates once. Null only for an administrator's grant. */
  paymentId: string | null;
  amountCents: number | null;
  currency: string | null;
  autoRenew: boolean;
  actor: SubscriptionActor;
  /** The provider's own billing period (card subscriptions); otherwise from now for the plan's days. */
  period?: { start: Date; end: Date };
  /** An administrator's grant may last another number of days than the plan's period. */
  days?: number;
  stripe?: { customerId?: string | null; subscriptionId?: string | null };
  detail?: Record<string, unknown>;
}

export type PaidPeriodOutcome =
  | { outcome: 'activated' | 'renewed' | 'granted'; activation: SubscriptionActivation }
  /** The payment id was used before: nothing changed. `ownedByUser` tells whether it was this user's. */
  | { outcome: 'replayed'; ownedByUser: boolean; activation: SubscriptionActivation };

export interface EndInput {
  userId: string;
  kind: 'cancellation' | 'admin_revoke';
  provider: string | null;
  actor: SubscriptionActor;
  detail?: Record<string, unknown>;
}

export interface AccountQuota {
  id: string;
  email: string;
  fullName: string;
  planId: string;
  count: VideoCount;
  expiry: Date | null;
  provider: string | null;
}

function activationOf(subscription: UserSubscriptionRow): SubscriptionActivation {
  const active = subscription.state === 'active';
  return {
    subscription_status: active ? 'active' : FREE_PLAN_ID,
    subscription_expiry: active ? subscription.periodEnd.toISOString() : null,
  };
}

/**
 * Plans and the life of a subscription: paid periods started by payments, renewals, cancellations,
 * and an administrator's grants. Every change is one transaction over the locked subscription row,
 * recorded in the subscription events, then announced to the user.
 */
export class SubscriptionsService {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly plans: PlansRepository,
    private readonly periods: CurrentPeriods,
    private readonly announcer: SubscriptionAnnouncer,
    private readonly clock: Clock,
    private readonly accounts: AccountDirectory,
  ) {}

  async listPlans(): Promise<Plan[]> {
    return (await this.plans.list()).map(toPlanAnswer);
  }

  /** 404 `Subscription plan not found` for an unknown id. */
  async getPlan(id: string): Promise<Plan> {
    const plan = isPlanId(id) ? await this.plans.find(id) : undefined;
    if (!plan) throw notFound(serverDetailMessages.subscriptionPlanNotFound);
    return toPlanAnswer(plan);
  }

  /** A plan's row for pricing an order; undefined when unknown. */
  async findPlan(id: PlanId): Promise<PlanRow | undefined> {
    return this.plans.find(id);
  }

  async findPlanByStripePrice(priceId: string): Promise<PlanRow | undefined> {
    return this.plans.findByStripePrice(priceId);
  }

  /**
   * The caller's subscription, found by its id or by the id of one of its payments (order, card
   * checkout session, invoice or subscription). Anything else, another user's ids included, is 404.
   */
  async getStatus(userId: string, id: string): Promise<SubscriptionStatus> {
    const { subscription, count } = await this.current(userId);
    const matches =
      id === subscription.id ||
      id === subscription.stripeSubscriptionId ||
      id === subscription.stripeCustomerId ||
      (await this.subscriptions.findUserEventByPaymentId(userId, id)) !== undefined;
    if (!matches) throw notFound(SUBSCRIPTION_NOT_FOUND);
    const plan = await this.periods.requirePlan(subscription.planId);
    return {
      id: subscription.id,
      plan_id: subscription.planId,
      plan_name: plan.name,
      ...activationOf(subscription),
      provider: subscription.provider,
      auto_renew: subscription.autoRenew,
      max_videos: count.max_videos,
      remaining_videos: count.remaining_videos,
    };
  }

  /** The subscription and video count now (the rows brought to the present first). */
  async current(userId: string): Promise<{ subscription: UserSubscriptionRow; count: VideoCount }> {
    const now = this.clock.now();
    const peeked = await this.periods.peek(userId, now);
    if (peeked) return peeked;
    const opened = await this.subscriptions.transaction((tx) => this.periods.open(tx, userId, now));
    const count = toVideoCount(opened.subscription, opened.period, opened.plan);
    if (opened.expiredPlan) {
      await this.announcer.notify(userId, subscriptionNoticeTexts.expired(opened.expiredPlan.name));
      await this.announcer.countChanged(userId, count);
    }
    return { subscription: opened.subscription, count };
  }

  /** `subscription_status` and `subscription_expiry` as they are now (the activation answer). */
  async currentActivation(userId: string): Promise<SubscriptionActivation> {
    return activationOf((await this.current(userId)).subscription);
  }

  /** Whether this payment id was recorded for this user (it activated or renewed their plan). */
  async hasPayment(userId: string, provider: string, paymentId: string): Promise<boolean> {
    const event = await this.subscriptions.findPaymentEvent(provider, paymentId);
    return event?.userId === userId;
  }

  /**
   * Starts a paid period for a confirmed payment. The payment id is recorded in the same
   * transaction under a unique index, so a replayed id (any path, any instance) changes nothing.
   * Renewing early carries the videos left in the running period over.
   */
  async startPaidPeriod(input: PaidPeriodInput): Promise<PaidPeriodOutcome> {
    const now = this.clock.now();
    const result = await this.subscriptions.transaction(async (tx) => {
      const opened = await this.periods.open(tx, input.userId, now);
      const plan = await this.periods.requirePlan(input.planId, tx);
      const renewing = opened.subscription.state === 'active' && opened.subscription.planId === input.planId;
      const kind = input.provider === 'admin' ? 'admin_grant' : renewing ? 'renewal' : 'activation';
      const start = input.period?.start ?? now;
      const end = input.period?.end ?? addDays(now, input.days ?? plan.periodDays);

      const event = await this.subscriptions.insertEvent(tx, {
        userId: input.userId,
        kind,
        planId: input.planId,
        provider: input.provider,
        paymentId: input.paymentId,
        amountCents: input.amountCents,
        currency: input.currency,
        actor: input.actor,
        periodEnd: end,
        detail: input.detail,
      });
      if (!event) {
        const prior = input.paymentId
          ? await this.subscriptions.findPaymentEvent(input.provider, input.paymentId, tx)
          : undefined;
        return { replayed: true as const, ownedByUser: prior?.userId === input.userId, opened };
      }

      const samePeriod = start.getTime() === opened.period.periodStart.getTime();
      const carried =
        opened.subscription.state === 'active' && !samePeriod ? remainingVideos(opened.period) : 0;
      const subscription = await this.subscriptions.update(tx, opened.subscription.id, {
        planId: input.planId,
        state: 'active',
        provider: input.provider,
        autoRenew: input.autoRenew,
        periodStart: start,
        periodEnd: end,
        paidEndedAt: null,
        ...(input.stripe?.customerId ? { stripeCustomerId: input.stripe.customerId } : {}),
        ...(input.stripe?.subscriptionId ? { stripeSubscriptionId: input.stripe.subscriptionId } : {}),
      });
      // A provider period starting where the current one started replaces it in place (its usage counts).
      const period = samePeriod
        ? await this.subscriptions.updatePeriod(tx, input.userId, start, {
            periodEnd: end,
            planId: input.planId,
            allowance: plan.maxVideos,
          })
        : await this.subscriptions.ensurePeriod(tx, {
            userId: input.userId,
            periodStart: start,
            periodEnd: end,
            planId: input.planId,
            allowance: plan.maxVideos,
            bonus: carried,
          });
      await this.accounts.mirrorSubscription(tx, input.userId, 'active', end);
      return { replayed: false as const, kind, plan, subscription, period, opened };
    });

    if (result.replayed) {
      return {
        outcome: 'replayed',
        ownedByUser: result.ownedByUser,
        activation: await this.currentActivation(input.userId),
      };
    }
    const count = toVideoCount(result.subscription, result.period, result.plan);
    const until = result.subscription.periodEnd;
    const notice =
      result.kind === 'admin_grant'
        ? subscriptionNoticeTexts.granted(result.plan.name, until)
        : result.kind === 'renewal'
          ? subscriptionNoticeTexts.renewed(result.plan.name, until, count.remaining_videos)
          : subscriptionNoticeTexts.activated(result.plan.name, until, count.remaining_videos);
    await this.announcer.notify(input.userId, notice);
    await this.announcer.countChanged(input.userId, count);
    return {
      outcome:
        result.kind === 'admin_grant' ? 'granted' : result.kind === 'renewal' ? 'renewed' : 'activated',
      activation: activationOf(result.subscription),
    };
  }

  /** Ends a paid subscription now and returns the user to a fresh free period; false if none ran. */
  async endPaidPeriod(input: EndInput): Promise<boolean> {
    const now = this.clock.now();
    const result = await this.subscriptions.transaction(async (tx) => {
      const opened = await this.periods.open(tx, input.userId, now);
      if (opened.subscription.state !== 'active') return undefined;
      const free = await this.periods.requirePlan(FREE_PLAN_ID, tx);
      const subscription = await this.subscriptions.update(tx, opened.subscription.id, {
        planId: FREE_PLAN_ID,
        state: 'free',
        provider: null,
        autoRenew: false,
        periodStart: now,
        periodEnd: addDays(now, free.periodDays),
        paidEndedAt: now,
      });
      const period = await this.subscriptions.ensurePeriod(tx, {
        userId: input.userId,
        periodStart: now,
        periodEnd: subscription.periodEnd,
        planId: FREE_PLAN_ID,
        allowance: free.maxVideos,
      });
      await this.subscriptions.insertEvent(tx, {
        userId: input.userId,
        kind: input.kind,
        planId: opened.subscription.planId,
        provider: input.provider ?? opened.subscription.provider,
        actor: input.actor,
        periodEnd: now,
        detail: input.detail,
      });
      await this.accounts.mirrorSubscription(tx, input.userId, FREE_PLAN_ID, null);
      return { ended: opened.plan, free, subscription, period };
    });
    if (!result) return false;
    await this.announcer.notify(input.userId, subscriptionNoticeTexts.ended(result.ended.name));
    await this.announcer.countChanged(
      input.userId,
      toVideoCount(result.subscription, result.period, result.free),
    );
    return true;
  }

  /** Records whether a paid subscription renews by itself (a card subscription cancelled or resumed). */
  async setAutoRenew(
    userId: string,
    autoRenew: boolean,
    context: { provider: string; actor: SubscriptionActor; detail?: Record<string, unknown> },
  ): Promise<boolean> {
    const now = this.clock.now();
    const result = await this.subscriptions.transaction(async (tx) => {
      const opened = await this.periods.open(tx, userId, now);
      if (opened.subscription.state !== 'active' || opened.subscription.autoRenew === autoRenew)
        return undefined;
      const subscription = await this.subscriptions.update(tx, opened.subscription.id, { autoRenew });
      await this.subscriptions.insertEvent(tx, {
        userId,
        kind: autoRenew ? 'auto_renew_on' : 'auto_renew_off',
        planId: subscription.planId,
        provider: context.provider,
        actor: context.actor,
        periodEnd: subscription.periodEnd,
        detail: context.detail,
      });
      return { subscription, plan: opened.plan };
    });
    if (!result) return false;
    if (!autoRenew) {
      await this.announcer.notify(
        userId,
        subscriptionNoticeTexts.willNotRenew(result.plan.name, result.subscription.periodEnd),
      );
    }
    return true;
  }

  /** The user whose card-provider subscription or customer this is, if we know them. */
  async findStripeSubscriber(ids: {
    subscriptionId?: string | null;
    customerId?: string | null;
  }): Promise<string | undefined> {
    const bySubscription = ids.subscriptionId
      ? await this.subscriptions.findByStripeSubscription(ids.subscriptionId)
      : undefined;
    if (bySubscription) return bySubscription.userId;
    const byCustomer = ids.customerId
      ? await this.subscriptions.findByStripeCustomer(ids.customerId)
      : undefined;
    return byCustomer?.userId;
  }

  /** The subscription row of a user, as stored (no rules applied). */
  async findSubscription(userId: string): Promise<UserSubscriptionRow | undefined> {
    return this.subscriptions.findByUser(userId);
  }

  // --- Administration (npm run admin) ---

  async findAccount(idOrEmail: string): Promise<{ id: string; email: string } | undefined> {
    const user = await this.accounts.findActiveByIdOrEmail(idOrEmail);
    return user && { id: user.id, email: user.email };
  }

  /** Accounts with their plan and quota as of now (nothing is written). */
  async listAccounts(options: { search?: string; limit: number }): Promise<AccountQuota[]> {
    const users = await this.accounts.listActive(options);
    const quotas = new Map(
      (await this.subscriptions.listQuotas(users.map((user) => user.id))).map((row) => [
        row.subscription.userId,
        row,
      ]),
    );
    const rows: UserQuotaListing[] = users.map((user) => ({
      user,
      subscription: quotas.get(user.id)?.subscription ?? null,
      period: quotas.get(user.id)?.period ?? null,
    }));
    const plans = new Map((await this.plans.list()).map((plan) => [plan.id, plan]));
    const now = this.clock.now();
    return rows.map((row: UserQuotaListing) => this.describeAccount(row, plans, now));
  }

  /** The user's subscription events, newest first. */
  async history(userId: string, limit: number): Promise<SubscriptionEventRow[]> {
    return this.subscriptions.listEvents(userId, limit);
  }

  /** Adds videos to the user's current period (they do not carry into the next one). */
  async addVideos(userId: string, count: number): Promise<VideoCount> {
    const now = this.clock.now();
    const result = await this.subscriptions.transaction(async (tx) => {
      const opened = await this.periods.open(tx, userId, now);
      const period = await this.subscriptions.addBonus(tx, userId, opened.period.periodStart, count);
      await this.subscriptions.insertEvent(tx, {
        userId,
        kind: 'admin_videos_added',
        planId: opened.subscription.planId,
        provider: 'admin',
        actor: 'admin',
        periodEnd: opened.subscription.periodEnd,
        detail: { count },
      });
      return toVideoCount(opened.subscription, period, opened.plan);
    });
    await this.announcer.notify(userId, subscriptionNoticeTexts.videosAdded(count));
    await this.announcer.countChanged(userId, result);
    return result;
  }

  private describeAccount(
    row: UserQuotaListing,
    plans: ReadonlyMap<SubscriptionPlanId, PlanRow>,
    now: Date,
  ): AccountQuota {
    const base = { id: row.user.id, email: row.user.email, fullName: row.user.fullName };
    const free = plans.get(FREE_PLAN_ID);
    // Unsynced plans (a deployment fault) still list the account, under the plan's id.
    const planOf = (id: SubscriptionPlanId) => plans.get(id) ?? { id, name: id };
    if (!row.subscription || !free) {
      const allowance = free?.maxVideos ?? 0;
      return {
        ...base,
        planId: FREE_PLAN_ID,
        count: toVideoCount(
          { state: 'free', paidEndedAt: null },
          { allowance, bonus: 0, used: 0 },
          planOf(FREE_PLAN_ID),
        ),
        expiry: null,
        provider: null,
      };
    }
    const advanced = advanceToNow(row.subscription, free.periodDays, now);
    // The stored row only lags behind by an expiry or a free period rolling over: a fresh free period.
    const period =
      !advanced.changed && row.period ? row.period : { allowance: free.maxVideos, bonus: 0, used: 0 };
    return {
      ...base,
      planId: advanced.next.planId,
      count: toVideoCount(advanced.next, period, planOf(advanced.next.planId)),
      expiry: advanced.next.state === 'active' ? advanced.next.periodEnd : null,
      provider: advanced.next.provider,
    };
  }
}
