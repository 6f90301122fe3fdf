import { FREE_PLAN_ID, type SubscriptionPlanId, type VideoCount } from '@reelcraft/contract';
import type { PlanRow, QuotaPeriodRow, SubscriptionState } from './subscriptions.schema';

const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** The fields of a user's subscription row that the period rules read and write. */
export interface SubscriptionSnapshot {
  planId: SubscriptionPlanId;
  state: SubscriptionState;
  provider: string | null;
  autoRenew: boolean;
  periodStart: Date;
  periodEnd: Date;
  paidEndedAt: Date | null;
}

export interface AdvancedSnapshot {
  next: SubscriptionSnapshot;
  /** A paid period ended: the user is back on the free plan. */
  expired: boolean;
  changed: boolean;
}

/**
 * Brings a subscription to `now`: a paid period past its end returns the user to the free plan
 * (its first free period starting when the paid one ended), and a free period rolls forward in
 * whole periods, so usage resets every `freePeriodDays` from the same anchor.
 */
export function advanceToNow(row: SubscriptionSnapshot, freePeriodDays: number, now: Date): AdvancedSnapshot {
  let next = row;
  let expired = false;
  if (row.state === 'active' && now.getTime() >= row.periodEnd.getTime()) {
    expired = true;
    next = {
      planId: FREE_PLAN_ID,
      state: 'free',
      provider: null,
      autoRenew: false,
      periodStart: row.periodEnd,
      periodEnd: addDays(row.periodEnd, freePeriodDays),
      paidEndedAt: row.periodEnd,
    };
  }
  if (next.state === 'free' && now.getTime() >= next.periodEnd.getTime()) {
    const length = freePeriodDays * DAY_MS;
    const elapsed = Math.floor((now.getTime() - next.periodStart.getTime()) / length);
    const periodStart = new Date(next.periodStart.getTime() + elapsed * length);
    next = { ...next, periodStart, periodEnd: new Date(periodStart.getTime() + length) };
  }
  return { next, expired, changed: next !== row };
}

/** Videos still available in a period. */
export function remainingVideos(period: Pick<QuotaPeriodRow, 'allowance' | 'bonus' | 'used'>): number {
  return Math.max(0, period.allowance + period.bonus - period.used);
}

/**
 * The spec's video count (spec 000 section 3) of a subscription and its current period, with the
 * plan the subscription is on (ours: screens name the plan from it).
 */
export function toVideoCount(
  subscription: Pick<SubscriptionSnapshot, 'state' | 'paidEndedAt'>,
  period: Pick<QuotaPeriodRow, 'allowance' | 'bonus' | 'used'>,
  plan: Pick<PlanRow, 'id' | 'name'>,
): VideoCount {
  const remaining = remainingVideos(period);
  const active = subscription.state === 'active';
  return {
    has_subscription: active,
    remaining_videos: remaining,
    max_videos: period.allowance + period.bonus,
    total_videos: period.used,
    can_generate: remaining > 0,
    is_expired: !active && subscription.paidEndedAt !== null,
    subscription_status: active ? 'active' : FREE_PLAN_ID,
    plan: { id: plan.id, name: plan.name },
  };
}
