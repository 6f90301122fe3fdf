import { and, eq } from 'drizzle-orm';
import { createServices } from '../../../src/services';
import {
  notifications,
  subscriptionEvents,
  userSubscriptions,
  users,
  videoQuotaPeriods,
} from '../../../src/db-schema';
import { expect, it } from 'vitest';
import {
  generationGateMessages,
  planSchema,
  SUBSCRIPTION_EVENT_TYPES,
  subscriptionStatusSchema,
  videoCountSchema,
  type VideoCount,
} from '@reelcraft/contract';
import { describeEachDatabase } from '../../helpers/each-database';
import { testProviders, type TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';
import { TestSocket } from '../../helpers/ws-client';
import { api, buyWithTestCheckout } from '../payments/checkout-helpers';
import { quotaTestRoutes } from './quota-test-routes';

const DAY_MS = 24 * 60 * 60 * 1000;

async function videoCount(server: TestServer, token: string): Promise<VideoCount> {
  const response = await api(server, 'GET', '/user/video-count', token);
  expect(response.statusCode, response.body).toBe(200);
  return videoCountSchema.parse(response.json());
}

function reserve(server: TestServer, token: string, reference: string) {
  return server.app.inject({
    method: 'POST',
    url: '/test/quota/reserve',
    headers: { authorization: `Bearer ${token}` },
    payload: { reference },
  });
}

function release(server: TestServer, id: string) {
  return server.app.inject({ method: 'POST', url: '/test/quota/release', payload: { id } });
}

async function subscriptionRow(server: TestServer, userId: string) {
  const [row] = await server.platform.database.orm
    .select()
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId));
  if (!row) throw new Error('No subscription row');
  return row;
}

/** Moves the user's stored subscription back in time, as if `days` had passed. */
async function travel(server: TestServer, userId: string, days: number): Promise<void> {
  const row = await subscriptionRow(server, userId);
  const shift = (date: Date) => new Date(date.getTime() - days * DAY_MS);
  const orm = server.platform.database.orm;
  await orm
    .update(videoQuotaPeriods)
    .set({ periodStart: shift(row.periodStart), periodEnd: shift(row.periodEnd) })
    .where(and(eq(videoQuotaPeriods.userId, userId), eq(videoQuotaPeriods.periodStart, row.periodStart)));
  await orm
    .update(userSubscriptions)
    .set({ periodStart: shift(row.periodStart), periodEnd: shift(row.periodEnd) })
    .where(eq(userSubscriptions.userId, userId));
}

const FREE_COUNT: VideoCount = {
  has_subscription: false,
  remaining_videos: 3,
  max_videos: 3,
  total_videos: 0,
  can_generate: true,
  is_expired: false,
  subscription_status: 'free',
  plan: { id: 'free', name: 'Free' },
};

describeEachDatabase(
  'subscriptions and quota',
  { listen: true, work: false, extend: (app, _platform, services) => quotaTestRoutes(app, services) },
  (server) => {
    it('lists the plans, free first, and answers one plan or 404', async () => {
      const response = await api(server(), 'GET', '/subscriptions/plans');
      expect(response.statusCode).toBe(200);
      const plans = planSchema.array().parse(response.json());
      expect(plans.map((plan) => plan.id)).toEqual(['free', 'starter', 'business', 'professional']);
      expect(plans[0]).toMatchObject({ price: 0, max_videos: 3, period_days: 30 });
      expect(plans[3]).toMatchObject({
        id: 'professional',
        max_videos: 200,
        period_days: 30,
        currency: 'USD',
      });
      for (const plan of plans.slice(1)) expect(plan.price).toBeGreaterThan(0);

      const one = await api(server(), 'GET', '/subscriptions/plans/business');
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual(plans[2]);

      for (const id of ['gold', 'Professional', '%27%20or%201=1']) {
        const missing = await api(server(), 'GET', `/subscriptions/plans/${id}`);
        expect(missing.statusCode, id).toBe(404);
        expect(missing.json()).toEqual({ detail: 'Subscription plan not found' });
      }
    });

    it("gives a new account the free plan's count and dashboard; refuses a guest", async () => {
      const { token } = await createUserWithToken(server().platform);
      expect(await videoCount(server(), token)).toEqual(FREE_COUNT);
      const dashboard = await api(server(), 'GET', '/subscriptions/dashboard', token);
      // Nothing stored yet, of the free plan's 500 MB (docs/decisions/033).
      expect(dashboard.json()).toEqual({
        remaining_videos: 3,
        can_generate_videos: true,
        storage_used_bytes: 0,
        storage_limit_bytes: 500 * 1024 * 1024,
      });

      for (const url of ['/user/video-count', '/subscriptions/dashboard', '/subscriptions/status/x']) {
        expect((await api(server(), 'GET', url)).statusCode, url).toBe(401);
      }
    });

    it("takes the free videos one by one and refuses the next with the spec's text", async () => {
      const { token } = await createUserWithToken(server().platform);
      for (const n of [1, 2, 3]) {
        const taken = await reserve(server(), token, `job-${n}`);
        expect(taken.statusCode, taken.body).toBe(200);
        expect(taken.json()).toMatchObject({ reference: `job-${n}`, remainingVideos: 3 - n });
      }
      const refused = await reserve(server(), token, 'job-4');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: generationGateMessages.noVideosRemaining });

      expect(await videoCount(server(), token)).toEqual({
        ...FREE_COUNT,
        remaining_videos: 0,
        total_videos: 3,
        can_generate: false,
      });
      const dashboard = await api(server(), 'GET', '/subscriptions/dashboard', token);
      expect(dashboard.json()).toMatchObject({ remaining_videos: 0, can_generate_videos: false });
    });

    it('takes one video per job reference, and gives it back once when the job fails', async () => {
      const { token } = await createUserWithToken(server().platform);
      const first = (await reserve(server(), token, 'session-a')).json() as { id: string };
      const again = (await reserve(server(), token, 'session-a')).json() as { id: string };
      expect(again.id).toBe(first.id);
      expect((await videoCount(server(), token)).remaining_videos).toBe(2);

      expect((await release(server(), first.id)).json()).toEqual({ released: true });
      expect((await release(server(), first.id)).json()).toEqual({ released: false });
      expect((await release(server(), 'not-a-reservation')).json()).toEqual({ released: false });
      expect(await videoCount(server(), token)).toEqual(FREE_COUNT);

      // The same job retried after its failure takes a video again.
      const retried = (await reserve(server(), token, 'session-a')).json() as { id: string };
      expect(retried.id).toBe(first.id);
      expect((await videoCount(server(), token)).remaining_videos).toBe(2);
    });

    it('starts a new free period with a fresh quota and keeps the old usage', async () => {
      const { user, token } = await createUserWithToken(server().platform);
      for (const n of [1, 2, 3]) expect((await reserve(server(), token, `old-${n}`)).statusCode).toBe(200);
      const before = await subscriptionRow(server(), user.id);

      await travel(server(), user.id, 31);
      expect(await videoCount(server(), token)).toEqual(FREE_COUNT);
      const after = await subscriptionRow(server(), user.id);
      expect(after.periodStart.getTime()).toBe(before.periodStart.getTime() - 31 * DAY_MS + 30 * DAY_MS);
      expect(after.periodEnd.getTime() - after.periodStart.getTime()).toBe(30 * DAY_MS);

      const periods = await server()
        .platform.database.orm.select()
        .from(videoQuotaPeriods)
        .where(eq(videoQuotaPeriods.userId, user.id));
      expect(periods.map((period) => period.used).sort()).toEqual([0, 3]);
      expect((await reserve(server(), token, 'new-1')).statusCode).toBe(200);
    });

    it('rolls the free period with an injected clock', async () => {
      const { user } = await createUserWithToken(server().platform);
      let now = new Date('2030-01-01T00:00:00Z');
      const { quota } = createServices(server().platform, await testProviders(), {
        quota: { now: () => now },
      }).services;
      for (const n of [1, 2, 3]) await quota.reserveVideo(user.id, { reference: `clock-${n}` });
      await expect(quota.reserveVideo(user.id, { reference: 'clock-4' })).rejects.toMatchObject({
        statusCode: 403,
        detail: generationGateMessages.noVideosRemaining,
      });
      now = new Date('2030-01-30T23:59:59Z');
      expect((await quota.getVideoCount(user.id)).remaining_videos).toBe(0);
      now = new Date('2030-01-31T00:00:00Z');
      expect((await quota.getVideoCount(user.id)).remaining_videos).toBe(3);
      const reservation = await quota.reserveVideo(user.id, { reference: 'clock-4' });
      expect(reservation.periodStart.toISOString()).toBe('2030-01-31T00:00:00.000Z');
    });

    it('shows a paid plan in the count, the account and the status, and pushes the change', async () => {
      const { user, token } = await createUserWithToken(server().platform);
      const socket = new TestSocket(`${server().baseUrl.replace('http', 'ws')}/ws?token=${token}`);
      await socket.next('ready');
      expect((await reserve(server(), token, 'free-1')).statusCode).toBe(200);

      const { activation, paymentId } = await buyWithTestCheckout(server(), token, 'professional');
      expect(activation.subscription_status).toBe('active');
      const expiry = Date.parse(activation.subscription_expiry);
      expect(Math.abs(expiry - (Date.now() + 30 * DAY_MS))).toBeLessThan(60_000);

      expect(await videoCount(server(), token)).toEqual({
        has_subscription: true,
        remaining_videos: 200,
        max_videos: 200,
        total_videos: 0,
        can_generate: true,
        is_expired: false,
        subscription_status: 'active',
        plan: { id: 'professional', name: 'Professional' },
      });
      const me = await api(server(), 'GET', '/auth/me', token);
      expect(me.json()).toMatchObject({
        subscription_status: 'active',
        subscription_expiry: activation.subscription_expiry,
      });

      const pushed = await socket.next(SUBSCRIPTION_EVENT_TYPES.updated);
      expect(pushed.data).toBeDefined();
      const deadline = Date.now() + 10_000;
      // The pushed count names the plan too: the shell's plan box reads it from there.
      while (
        !socket.messages.some((m) => {
          const data = m.data as VideoCount | undefined;
          return data?.max_videos === 200 && data.plan.name === 'Professional';
        })
      ) {
        if (Date.now() > deadline)
          throw new Error(`No update with the new plan: ${JSON.stringify(socket.messages)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      socket.close();

      const row = await subscriptionRow(server(), user.id);
      for (const id of [row.id, paymentId]) {
        const status = await api(server(), 'GET', `/subscriptions/status/${id}`, token);
        expect(status.statusCode, id).toBe(200);
        expect(subscriptionStatusSchema.parse(status.json())).toEqual({
          id: row.id,
          plan_id: 'professional',
          plan_name: 'Professional',
          subscription_status: 'active',
          subscription_expiry: activation.subscription_expiry,
          provider: 'test',
          auto_renew: false,
          max_videos: 200,
          remaining_videos: 200,
        });
      }

      const stranger = await createUserWithToken(server().platform);
      for (const id of [row.id, paymentId, 'sub_unknown']) {
        const status = await api(server(), 'GET', `/subscriptions/status/${id}`, stranger.token);
        expect(status.statusCode, id).toBe(404);
        expect(status.json()).toEqual({ detail: 'Subscription not found' });
      }
    });

    it('returns an expired subscription to the free plan, records it and tells the user', async () => {
      const { user, token } = await createUserWithToken(server().platform);
      await buyWithTestCheckout(server(), token, 'starter');
      expect((await reserve(server(), token, 'paid-1')).statusCode).toBe(200);

      await travel(server(), user.id, 30);
      expect(await videoCount(server(), token)).toEqual({ ...FREE_COUNT, is_expired: true });
      const [account] = await server()
        .platform.database.orm.select()
        .from(users)
        .where(eq(users.id, user.id));
      expect(account).toMatchObject({ subscriptionStatus: 'free', subscriptionExpiry: null });

      const events = await server()
        .platform.database.orm.select()
        .from(subscriptionEvents)
        .where(eq(subscriptionEvents.userId, user.id));
      expect(events.map((event) => event.kind).sort()).toEqual(['activation', 'expiry']);
      expect(events.find((event) => event.kind === 'expiry')).toMatchObject({
        planId: 'starter',
        actor: 'system',
      });

      const notices = await server()
        .platform.database.orm.select()
        .from(notifications)
        .where(eq(notifications.userId, user.id));
      expect(notices.map((notice) => notice.title).sort()).toEqual([
        'Subscription activated',
        'Subscription expired',
      ]);
      expect(notices.find((notice) => notice.title === 'Subscription expired')).toMatchObject({
        link: '/subscription-plans',
      });

      // Buying again clears the expired flag.
      await buyWithTestCheckout(server(), token, 'starter');
      expect(await videoCount(server(), token)).toMatchObject({ has_subscription: true, is_expired: false });
    });

    it('carries the videos left over when a plan is bought again before it ends', async () => {
      const { token } = await createUserWithToken(server().platform);
      await buyWithTestCheckout(server(), token, 'starter');
      for (const n of [1, 2, 3, 4, 5])
        expect((await reserve(server(), token, `s-${n}`)).statusCode).toBe(200);
      await buyWithTestCheckout(server(), token, 'business');
      // max_videos no longer matches any plan's allowance: the count names the plan itself.
      expect(await videoCount(server(), token)).toMatchObject({
        max_videos: 80 + 20,
        remaining_videos: 100,
        total_videos: 0,
        has_subscription: true,
        plan: { id: 'business', name: 'Business' },
      });
    });
  },
);
