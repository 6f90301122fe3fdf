import { eq } from 'drizzle-orm';
import { notifications, paymentOrders, subscriptionEvents, testCheckoutOrders } from '../../../src/db-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMessages, paymentOrderSchema, videoCountSchema } from '@reelcraft/contract';
import { TEST_MODE_BANNER } from '../../../src/modules/payments';
import { describeEachDatabase } from '../../helpers/each-database';
import { startTestServer, type TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';
import { activate, api, buyWithTestCheckout, createOrder, decideOnTestCheckout } from './checkout-helpers';

async function countOf(server: TestServer, token: string) {
  return videoCountSchema.parse((await api(server, 'GET', '/user/video-count', token)).json());
}

async function eventsOf(server: TestServer, userId: string) {
  return server.platform.database.orm
    .select()
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.userId, userId));
}

async function orderRow(server: TestServer, providerOrderId: string) {
  const [row] = await server.platform.database.orm
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.providerOrderId, providerOrderId));
  return row;
}

/** Plays someone changing the order at the provider after we created it (a patched PayPal order). */
async function tamperAtProvider(
  server: TestServer,
  orderId: string,
  changes: { amountCents?: number; currency?: string },
) {
  await server.platform.database.orm
    .update(testCheckoutOrders)
    .set(changes)
    .where(eq(testCheckoutOrders.id, orderId));
}

const FREE = { has_subscription: false, max_videos: 3, subscription_status: 'free' };

describeEachDatabase('the test-mode checkout', { work: false }, (server) => {
  it('tells the web app that payments run in test mode', async () => {
    const response = await api(server(), 'GET', '/payments/config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      order_provider: 'test',
      test_mode: true,
      paypal_client_id: null,
      stripe: null,
    });
  });

  it('prices the order from the plan, whatever amount the browser sends', async () => {
    const { user, token } = await createUserWithToken(server().platform);
    const response = await api(server(), 'POST', '/payments/orders', token, {
      plan_id: 'professional',
      amount: 0.01,
      price: 0.01,
    });
    expect(response.statusCode).toBe(201);
    const order = paymentOrderSchema.parse(response.json());
    expect(order).toEqual({
      order_id: expect.stringMatching(/^TEST-[0-9A-F]{24}$/),
      provider: 'test',
      plan_id: 'professional',
      amount: 99,
      currency: 'USD',
      description: 'Subscription plan: professional',
      approve_url: `${server().config.publicUrl}/api/v1/payments/test-checkout/${order.order_id}`,
      test_mode: true,
      status: 'created',
    });
    expect(await orderRow(server(), order.order_id)).toMatchObject({ userId: user.id, amountCents: 9900 });

    for (const body of [{ plan_id: 'free' }, { plan_id: 'gold' }, {}]) {
      expect(
        (await api(server(), 'POST', '/payments/orders', token, body)).statusCode,
        JSON.stringify(body),
      ).toBe(422);
    }
    expect(
      (await api(server(), 'POST', '/payments/orders', undefined, { plan_id: 'starter' })).statusCode,
    ).toBe(401);
  });

  it('runs the whole checkout: approval page, return to the app, capture, activation', async () => {
    const { user, token } = await createUserWithToken(server().platform);
    const order = await createOrder(server(), token, 'professional');

    const page = await server().app.inject({ method: 'GET', url: new URL(order.approve_url ?? '').pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(TEST_MODE_BANNER);
    expect(page.body).toContain('Subscription plan: professional');
    expect(page.body).toContain('99.00 USD');

    // Activating before the buyer approved moves nothing.
    const early = await activate(server(), token, 'professional', order.order_id);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ detail: paymentMessages.notCompleted });

    const back = await decideOnTestCheckout(server(), order, 'approve');
    expect(`${back.origin}${back.pathname}`).toBe(`${server().config.publicUrl}/payment`);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      plan: 'professional',
      amount: '99',
      token: order.order_id,
      PayerID: 'TESTBUYER',
    });

    const capture = await api(server(), 'POST', `/payments/orders/${order.order_id}/capture`, token);
    expect(capture.statusCode).toBe(200);
    expect(capture.json()).toMatchObject({ order_id: order.order_id, status: 'captured', amount: 99 });
    const again = await api(server(), 'POST', `/payments/orders/${order.order_id}/capture`, token);
    expect(again.json()).toMatchObject({ status: 'captured' });

    const activated = await activate(server(), token, 'professional', order.order_id);
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toEqual({
      subscription_status: 'active',
      subscription_expiry: expect.any(String),
    });
    expect(await countOf(server(), token)).toMatchObject({ has_subscription: true, remaining_videos: 200 });

    const [event] = await eventsOf(server(), user.id);
    expect(event).toMatchObject({
      kind: 'activation',
      planId: 'professional',
      provider: 'test',
      paymentId: order.order_id,
      amountCents: 9900,
      currency: 'USD',
      actor: 'user',
    });
    expect(await orderRow(server(), order.order_id)).toMatchObject({ state: 'activated' });
    const notices = await server()
      .platform.database.orm.select()
      .from(notifications)
      .where(eq(notifications.userId, user.id));
    expect(notices).toEqual([
      expect.objectContaining({ title: 'Subscription activated', status: 'completed', link: '/dashboard' }),
    ]);

    const paid = await server().app.inject({ method: 'GET', url: new URL(order.approve_url ?? '').pathname });
    expect(paid.body).toContain('This order is paid.');
  });

  it('captures an approved order itself when activation comes first', async () => {
    const { token } = await createUserWithToken(server().platform);
    const order = await createOrder(server(), token, 'starter');
    await decideOnTestCheckout(server(), order, 'approve');
    const activated = await activate(server(), token, 'starter', order.order_id);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(await countOf(server(), token)).toMatchObject({ has_subscription: true, max_videos: 25 });
  });

  it('activates a replayed payment id once, through either path', async () => {
    const { user, token } = await createUserWithToken(server().platform);
    const { paymentId, activation } = await buyWithTestCheckout(server(), token, 'business');

    for (const path of ['/subscriptions/payment-success', '/subscription/activate']) {
      const replay = await api(server(), 'POST', path, token, {
        plan_id: 'business',
        payment_data: { provider: 'paypal', payment_id: paymentId, auto_renew: true },
      });
      expect(replay.statusCode, path).toBe(200);
      expect(replay.json()).toEqual(activation);
    }
    const concurrent = await Promise.all(
      [1, 2, 3].map(() => activate(server(), token, 'business', paymentId)),
    );
    expect(concurrent.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect((await eventsOf(server(), user.id)).map((event) => event.kind)).toEqual(['activation']);
    expect(await countOf(server(), token)).toMatchObject({ max_videos: 80, remaining_videos: 80 });
  });

  it("activates nothing with a forged id, another user's payment or another plan", async () => {
    const owner = await createUserWithToken(server().platform);
    const thief = await createUserWithToken(server().platform);
    const { paymentId } = await buyWithTestCheckout(server(), owner.token, 'starter');

    for (const forged of [paymentId, 'TEST-000000000000000000000000', 'PAYID-FORGED', '../../etc']) {
      const response = await activate(server(), thief.token, 'starter', forged);
      expect(response.statusCode, forged).toBe(404);
      expect(response.json()).toEqual({ detail: 'Payment not found' });
      const capture = await api(
        server(),
        'POST',
        `/payments/orders/${encodeURIComponent(forged)}/capture`,
        thief.token,
      );
      expect(capture.statusCode, forged).toBe(404);
    }
    expect(await countOf(server(), thief.token)).toMatchObject(FREE);
    expect(await eventsOf(server(), thief.user.id)).toEqual([]);

    // A starter payment does not buy professional, even for its owner.
    const upgraded = await activate(server(), owner.token, 'professional', paymentId);
    expect(upgraded.statusCode).toBe(400);
    expect(upgraded.json()).toEqual({ detail: 'Payment does not match the order' });
    expect(await countOf(server(), owner.token)).toMatchObject({ max_videos: 25 });
  });

  it('refuses a payment whose amount or currency changed at the provider', async () => {
    for (const changes of [{ amountCents: 1 }, { currency: 'EUR' }]) {
      const { user, token } = await createUserWithToken(server().platform);
      const order = await createOrder(server(), token, 'professional');
      await tamperAtProvider(server(), order.order_id, changes);
      await decideOnTestCheckout(server(), order, 'approve');

      const capture = await api(server(), 'POST', `/payments/orders/${order.order_id}/capture`, token);
      expect(capture.statusCode, JSON.stringify(changes)).toBe(400);
      expect(capture.json()).toEqual({ detail: 'Payment does not match the order' });
      expect(await orderRow(server(), order.order_id)).toMatchObject({ state: 'failed' });

      const activated = await activate(server(), token, 'professional', order.order_id);
      expect(activated.statusCode).toBe(400);
      expect(await countOf(server(), token)).toMatchObject(FREE);
      expect(await eventsOf(server(), user.id)).toEqual([]);
    }
  });

  it('refuses a payment made with the wrong amount even when activation captures it', async () => {
    const { token } = await createUserWithToken(server().platform);
    const order = await createOrder(server(), token, 'business');
    await decideOnTestCheckout(server(), order, 'approve');
    await tamperAtProvider(server(), order.order_id, { amountCents: 1 });
    const activated = await activate(server(), token, 'business', order.order_id);
    expect(activated.statusCode).toBe(400);
    expect(activated.json()).toEqual({ detail: 'Payment does not match the order' });
    expect(await countOf(server(), token)).toMatchObject(FREE);
  });

  it('sends a cancelled checkout back to the payment page and never captures it', async () => {
    const { token } = await createUserWithToken(server().platform);
    const order = await createOrder(server(), token, 'starter');
    const back = await decideOnTestCheckout(server(), order, 'cancel');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      plan: 'starter',
      amount: '19',
      cancelled: 'true',
      token: order.order_id,
    });
    const capture = await api(server(), 'POST', `/payments/orders/${order.order_id}/capture`, token);
    expect(capture.statusCode).toBe(400);
    expect(capture.json()).toEqual({ detail: paymentMessages.notCompleted });
    expect((await activate(server(), token, 'starter', order.order_id)).statusCode).toBe(400);
    // Approving after cancelling changes nothing either.
    const late = await decideOnTestCheckout(server(), order, 'approve');
    expect(late.searchParams.get('cancelled')).toBe('true');
    expect(await countOf(server(), token)).toMatchObject(FREE);
  });

  it('answers 404 for an unknown test order page and a bad decision', async () => {
    const missing = await server().app.inject({
      method: 'GET',
      url: '/api/v1/payments/test-checkout/TEST-NOPE',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Order not found');
    const odd = await server().app.inject({
      method: 'POST',
      url: '/api/v1/payments/test-checkout/TEST-NOPE',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
    expect(odd.statusCode).toBe(404);
  });
});

describe('payments without a provider', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ work: false, env: { PAYMENT_TEST_MODE: 'false' } });
  });
  afterAll(async () => server?.close());

  it('offers no order checkout and refuses orders with 503', async () => {
    expect((await api(server, 'GET', '/payments/config')).json()).toMatchObject({
      order_provider: null,
      test_mode: false,
    });
    const { token } = await createUserWithToken(server.platform);
    const order = await api(server, 'POST', '/payments/orders', token, { plan_id: 'starter' });
    expect(order.statusCode).toBe(503);
    expect(order.json()).toEqual({ detail: 'Payments are not configured' });
    expect((await activate(server, token, 'starter', 'TEST-ABC')).statusCode).toBe(503);
    const page = await server.app.inject({ method: 'GET', url: '/api/v1/payments/test-checkout/TEST-ABC' });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toEqual({ detail: 'Not Found' });
  });
});
