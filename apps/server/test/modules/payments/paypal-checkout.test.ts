import { eq } from 'drizzle-orm';
import { paymentOrders, subscriptionEvents } from '../../../src/db-schema';
import { afterAll, expect, it } from 'vitest';
import { paymentMessages, videoCountSchema } from '@reelcraft/contract';
import { describeEachDatabase } from '../../helpers/each-database';
import type { TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';
import { activate, api, createOrder } from './checkout-helpers';
import { FakePaypal } from './fake-paypal';

// Started before the servers, which are configured with its address.
const paypal = await new FakePaypal().start();
afterAll(() => paypal.close());

async function countOf(server: TestServer, token: string) {
  return videoCountSchema.parse((await api(server, 'GET', '/user/video-count', token)).json());
}

async function eventsOf(server: TestServer, userId: string) {
  return server.platform.database.orm
    .select()
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.userId, userId));
}

describeEachDatabase(
  'checkout with PayPal',
  {
    work: false,
    env: {
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_API_BASE_URL: paypal.baseUrl,
      PAYPAL_TIMEOUT_SECONDS: '2',
    },
  },
  (server) => {
    it('offers PayPal with its public client id, not the test mode', async () => {
      expect((await api(server(), 'GET', '/payments/config')).json()).toEqual({
        order_provider: 'paypal',
        test_mode: false,
        paypal_client_id: paypal.clientId,
        stripe: null,
      });
      const page = await server().app.inject({ method: 'GET', url: '/api/v1/payments/test-checkout/TEST-X' });
      expect(page.statusCode).toBe(404);
    });

    it('creates the order at PayPal, captures it after approval and activates the plan', async () => {
      const { user, token } = await createUserWithToken(server().platform);
      const order = await createOrder(server(), token, 'professional');
      expect(order).toMatchObject({ provider: 'paypal', amount: 99, currency: 'USD', test_mode: false });
      expect(order.approve_url).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${order.order_id}`);
      const [row] = await server()
        .platform.database.orm.select()
        .from(paymentOrders)
        .where(eq(paymentOrders.providerOrderId, order.order_id));
      const sent = paypal.orders.get(order.order_id)?.purchase_units[0];
      expect(sent).toMatchObject({ custom_id: row?.id, amount: { currency_code: 'USD', value: '99.00' } });

      const early = await api(server(), 'POST', `/payments/orders/${order.order_id}/capture`, token);
      expect(early.statusCode).toBe(400);
      expect(early.json()).toEqual({ detail: paymentMessages.notCompleted });

      paypal.approve(order.order_id);
      const capture = await api(server(), 'POST', `/payments/orders/${order.order_id}/capture`, token);
      expect(capture.statusCode, capture.body).toBe(200);
      expect(capture.json()).toMatchObject({ status: 'captured' });

      const activated = await activate(server(), token, 'professional', order.order_id, 'paypal');
      expect(activated.statusCode, activated.body).toBe(200);
      expect(await countOf(server(), token)).toMatchObject({ has_subscription: true, max_videos: 200 });
      // Activation asked PayPal itself rather than trusting the capture call.
      expect(paypal.requests.at(-1)).toMatchObject({
        method: 'GET',
        path: `/v2/checkout/orders/${order.order_id}`,
      });
      expect(await eventsOf(server(), user.id)).toEqual([
        expect.objectContaining({
          kind: 'activation',
          provider: 'paypal',
          paymentId: order.order_id,
          amountCents: 9900,
        }),
      ]);

      expect((await activate(server(), token, 'professional', order.order_id)).statusCode).toBe(200);
      expect(await eventsOf(server(), user.id)).toHaveLength(1);
    });

    it('captures an order the buyer approved when activation is asked first', async () => {
      const { token } = await createUserWithToken(server().platform);
      const order = await createOrder(server(), token, 'starter');
      paypal.approve(order.order_id);
      const activated = await activate(server(), token, 'starter', order.order_id);
      expect(activated.statusCode, activated.body).toBe(200);
      expect(paypal.orders.get(order.order_id)?.status).toBe('COMPLETED');
    });

    it('refuses an order PayPal captured for another amount or currency', async () => {
      for (const captured of [
        { currency_code: 'USD', value: '0.01' },
        { currency_code: 'EUR', value: '99.00' },
      ]) {
        const { user, token } = await createUserWithToken(server().platform);
        const order = await createOrder(server(), token, 'professional');
        paypal.approve(order.order_id);
        paypal.captureAmountOverride = captured;
        try {
          const activated = await activate(server(), token, 'professional', order.order_id);
          expect(activated.statusCode, JSON.stringify(captured)).toBe(400);
          expect(activated.json()).toEqual({ detail: 'Payment does not match the order' });
        } finally {
          paypal.captureAmountOverride = undefined;
        }
        expect(await countOf(server(), token)).toMatchObject({ has_subscription: false });
        expect(await eventsOf(server(), user.id)).toEqual([]);
      }
    });

    it('refuses an order whose PayPal record names another of our orders', async () => {
      const { token } = await createUserWithToken(server().platform);
      const order = await createOrder(server(), token, 'starter');
      paypal.approve(order.order_id);
      const unit = paypal.orders.get(order.order_id)?.purchase_units[0];
      if (unit) unit.custom_id = crypto.randomUUID();
      const activated = await activate(server(), token, 'starter', order.order_id);
      expect(activated.statusCode).toBe(400);
      expect(await countOf(server(), token)).toMatchObject({ has_subscription: false });
    });

    it('answers 502 when PayPal is down, and activates nothing', async () => {
      const { token } = await createUserWithToken(server().platform);
      const order = await createOrder(server(), token, 'business');
      paypal.approve(order.order_id);
      paypal.failNext({ status: 503 });
      const activated = await activate(server(), token, 'business', order.order_id);
      expect(activated.statusCode).toBe(502);
      expect(activated.json()).toEqual({
        detail: 'The payment provider could not be reached. Please try again.',
      });
      expect(await countOf(server(), token)).toMatchObject({ has_subscription: false });

      // Once PayPal is back, the same payment goes through.
      expect((await activate(server(), token, 'business', order.order_id)).statusCode).toBe(200);
    });
  },
);
