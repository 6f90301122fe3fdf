import type { Plan } from '@reelcraft/contract';

/** The server's default plans, as GET /subscriptions/plans answers them. */
export function testPlans(): Plan[] {
  const plan = (id: Plan['id'], name: string, price: number, max_videos: number): Plan => ({
    id,
    name,
    description: `${name} description`,
    price,
    currency: 'USD',
    period_days: 30,
    max_videos,
    features: [`${max_videos} videos every 30 days`, `${name} feature`],
    stripe_price_id: null,
    storage_mb: price === 0 ? 500 : 5 * 1024,
  });
  return [
    plan('professional', 'Professional', 99, 200),
    plan('free', 'Free', 0, 3),
    plan('starter', 'Starter', 19, 25),
    plan('business', 'Business', 49, 80),
  ];
}

export const testModeConfig = {
  order_provider: 'test',
  test_mode: true,
  paypal_client_id: null,
  stripe: null,
} as const;
