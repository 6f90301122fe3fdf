import { describe, expect, it } from 'vitest';
import { buildPlanCatalogue } from './plan-catalogue';
import { advanceToNow, toVideoCount, type SubscriptionSnapshot } from './subscription-periods';

const at = (iso: string) => new Date(iso);

const free: SubscriptionSnapshot = {
  planId: 'free',
  state: 'free',
  provider: null,
  autoRenew: false,
  periodStart: at('2030-01-01T00:00:00Z'),
  periodEnd: at('2030-01-31T00:00:00Z'),
  paidEndedAt: null,
};

describe('advanceToNow', () => {
  it('keeps a period that is still running', () => {
    expect(advanceToNow(free, 30, at('2030-01-30T23:59:59Z'))).toEqual({
      next: free,
      expired: false,
      changed: false,
    });
  });

  it('rolls a free period forward in whole periods from the same anchor', () => {
    const { next, expired } = advanceToNow(free, 30, at('2030-03-15T12:00:00Z'));
    expect(expired).toBe(false);
    expect(next).toMatchObject({
      periodStart: at('2030-03-02T00:00:00Z'),
      periodEnd: at('2030-04-01T00:00:00Z'),
    });
  });

  it('returns an ended paid period to free, its free period starting when the paid one ended', () => {
    const paid: SubscriptionSnapshot = { ...free, planId: 'business', state: 'active', provider: 'paypal' };
    expect(advanceToNow(paid, 30, at('2030-01-20T00:00:00Z')).changed).toBe(false);
    const { next, expired } = advanceToNow(paid, 30, at('2030-02-05T00:00:00Z'));
    expect(expired).toBe(true);
    expect(next).toEqual({
      planId: 'free',
      state: 'free',
      provider: null,
      autoRenew: false,
      periodStart: at('2030-01-31T00:00:00Z'),
      periodEnd: at('2030-03-02T00:00:00Z'),
      paidEndedAt: at('2030-01-31T00:00:00Z'),
    });
    // Long after: expired, then rolled.
    expect(advanceToNow(paid, 30, at('2030-06-01T00:00:00Z')).next.periodStart).toEqual(
      at('2030-05-31T00:00:00Z'),
    );
  });
});

describe('toVideoCount', () => {
  it('counts allowance and bonus, never below zero', () => {
    expect(
      toVideoCount(
        { state: 'active', paidEndedAt: null },
        { allowance: 200, bonus: 5, used: 10 },
        { id: 'professional', name: 'Professional' },
      ),
    ).toEqual({
      has_subscription: true,
      remaining_videos: 195,
      max_videos: 205,
      total_videos: 10,
      can_generate: true,
      is_expired: false,
      subscription_status: 'active',
      plan: { id: 'professional', name: 'Professional' },
    });
    expect(
      toVideoCount(
        { state: 'free', paidEndedAt: new Date() },
        { allowance: 3, bonus: 0, used: 5 },
        { id: 'free', name: 'Free' },
      ),
    ).toMatchObject({
      remaining_videos: 0,
      can_generate: false,
      is_expired: true,
      subscription_status: 'free',
    });
  });
});

describe('buildPlanCatalogue', () => {
  it('applies the overrides over the defaults, prices in cents', () => {
    const plans = buildPlanCatalogue({
      professional: { price: 79.99, stripe_price_id: 'price_9' },
      free: { max_videos: 5 },
    });
    expect(plans.find((plan) => plan.id === 'professional')).toMatchObject({
      priceCents: 7999,
      maxVideos: 200,
      periodDays: 30,
      stripePriceId: 'price_9',
    });
    expect(plans.find((plan) => plan.id === 'free')).toMatchObject({ maxVideos: 5, priceCents: 0 });
    expect(plans.map((plan) => plan.id)).toEqual(['free', 'starter', 'business', 'professional']);
  });
});
