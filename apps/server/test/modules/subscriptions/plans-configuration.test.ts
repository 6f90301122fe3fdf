import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../src/services';
import { subscriptionPlans } from '../../../src/db-schema';
import { planSchema } from '@reelcraft/contract';
import { startTestServer, type TestServer, testProviders } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';
import { api } from '../payments/checkout-helpers';

describe('plans changed by configuration', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      work: false,
      env: {
        PLANS_JSON: JSON.stringify({
          free: { max_videos: 5 },
          professional: {
            name: 'Studio',
            price: 149.5,
            currency: 'EUR',
            max_videos: 300,
            features: ['All of it'],
            storage_mb: 100 * 1024,
          },
        }),
      },
    });
  });
  afterAll(async () => server?.close());

  it('serves the configured plans and prices orders and quotas from them', async () => {
    const plans = planSchema.array().parse((await api(server, 'GET', '/subscriptions/plans')).json());
    expect(plans.find((plan) => plan.id === 'professional')).toEqual({
      id: 'professional',
      name: 'Studio',
      description: 'For agencies and high-volume production.',
      price: 149.5,
      currency: 'EUR',
      period_days: 30,
      max_videos: 300,
      features: ['All of it'],
      stripe_price_id: null,
      storage_mb: 100 * 1024,
    });
    const { token } = await createUserWithToken(server.platform);
    expect((await api(server, 'GET', '/user/video-count', token)).json()).toMatchObject({ max_videos: 5 });
    const order = await api(server, 'POST', '/payments/orders', token, { plan_id: 'professional' });
    expect(order.json()).toMatchObject({ amount: 149.5, currency: 'EUR' });
  });

  it('seeds the plans idempotently', async () => {
    const { syncPlans } = createServices(server.platform, await testProviders());
    await syncPlans();
    await syncPlans();
    const rows = await server.platform.database.orm.select().from(subscriptionPlans);
    expect(rows.map((row) => row.id).sort()).toEqual(['business', 'free', 'professional', 'starter']);
  });
});
