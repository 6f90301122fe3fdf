import crypto from 'node:crypto';
import { stripeWebhookEvents, subscriptionEvents, userSubscriptions } from '../../../src/db-schema';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoCountSchema } from '@reelcraft/contract';
import { describeEachDatabase } from '../../helpers/each-database';
import { startTestServer, type TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';
import { activate, api } from './checkout-helpers';

const SECRET = 'whsec_test_0123456789abcdef';
const SECOND_ENDPOINT_SECRET = 'whsec_test_subscription_updates';
const PRO_PRICE = 'price_pro_monthly';
const DAY_S = 24 * 60 * 60;

const nowS = () => Math.floor(Date.now() / 1000);
const eventId = () => `evt_${crypto.randomBytes(8).toString('hex')}`;

function stripeEvent(type: string, object: object, id = eventId()) {
  return { id, object: 'event', api_version: '2025-08-27.basil', created: nowS(), type, data: { object } };
}

function sign(payload: string, secret = SECRET): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}

/** Stripe's own delivery: the raw event, its signature in the header. */
function deliverRaw(server: TestServer, event: object, signature?: string, path = 'stripe') {
  const payload = JSON.stringify(event);
  return server.app.inject({
    method: 'POST',
    url: `/api/v1/subscriptions/webhook/${path}`,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? sign(payload) },
    payload,
  });
}

/** The spec's form: `{payload, signature}`. */
function deliverWrapped(server: TestServer, event: object, path = 'subscription-update', secret = SECRET) {
  const payload = JSON.stringify(event);
  return api(server, 'POST', `/subscriptions/webhook/${path}`, undefined, {
    payload,
    signature: sign(payload, secret),
  });
}

function checkoutSession(userId: string, overrides: object = {}) {
  return {
    id: `cs_test_${crypto.randomBytes(8).toString('hex')}`,
    object: 'checkout.session',
    mode: 'subscription',
    payment_status: 'paid',
    status: 'complete',
    client_reference_id: userId,
    customer: `cus_${crypto.randomBytes(6).toString('hex')}`,
    subscription: `sub_${crypto.randomBytes(6).toString('hex')}`,
    amount_subtotal: 9900,
    amount_total: 9900,
    currency: 'usd',
    metadata: {},
    ...overrides,
  };
}

function renewalInvoice(session: { customer: string; subscription: string }, overrides: object = {}) {
  const start = nowS() + 30 * DAY_S;
  return {
    id: `in_${crypto.randomBytes(8).toString('hex')}`,
    object: 'invoice',
    customer: session.customer,
    billing_reason: 'subscription_cycle',
    amount_paid: 9900,
    currency: 'usd',
    parent: { type: 'subscription_details', subscription_details: { subscription: session.subscription } },
    lines: {
      object: 'list',
      data: [
        { pricing: { price_details: { price: PRO_PRICE } }, period: { start, end: start + 30 * DAY_S } },
      ],
    },
    ...overrides,
  };
}

async function countOf(server: TestServer, token: string) {
  return videoCountSchema.parse((await api(server, 'GET', '/user/video-count', token)).json());
}

async function eventsOf(server: TestServer, userId: string) {
  return server.platform.database.orm
    .select()
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.userId, userId));
}

async function subscriptionOf(server: TestServer, userId: string) {
  const [row] = await server.platform.database.orm
    .select()
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId));
  return row;
}

describeEachDatabase(
  'Stripe webhooks',
  {
    work: false,
    env: {
      STRIPE_WEBHOOK_SECRET: `${SECRET},${SECOND_ENDPOINT_SECRET}`,
      PLANS_JSON: JSON.stringify({ professional: { stripe_price_id: PRO_PRICE } }),
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_PRICING_TABLE_ID: 'prctbl_123',
    },
  },
  (server) => {
    it('tells the web app about the pricing table', async () => {
      expect((await api(server(), 'GET', '/payments/config')).json()).toMatchObject({
        stripe: { publishable_key: 'pk_test_123', pricing_table_id: 'prctbl_123' },
      });
    });

    it('refuses a missing, forged or stale signature and changes nothing', async () => {
      const { user, token } = await createUserWithToken(server().platform);
      const event = stripeEvent('checkout.session.completed', checkoutSession(user.id));
      const payload = JSON.stringify(event);
      const cases = [
        sign(payload, 'whsec_someone_else'),
        sign(JSON.stringify({ ...event, id: 'evt_other' })),
        Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: nowS() - 3600 }),
        'garbage',
      ];
      for (const signature of cases) {
        const response = await deliverRaw(server(), event, signature);
        expect(response.statusCode, signature).toBe(400);
        expect(response.json()).toEqual({ detail: 'Invalid webhook signature' });
      }
      const unsigned = await server().app.inject({
        method: 'POST',
        url: '/api/v1/subscriptions/webhook/stripe',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(unsigned.statusCode).toBe(400);
      const wrapped = await api(server(), 'POST', '/subscriptions/webhook/stripe', undefined, {
        payload,
        signature: sign(payload, 'whsec_wrong'),
      });
      expect(wrapped.statusCode).toBe(400);
      expect(await countOf(server(), token)).toMatchObject({ has_subscription: false });
    });

    it('activates from a completed checkout, once per event and once per session', async () => {
      const { user, token } = await createUserWithToken(server().platform);
      const session = checkoutSession(user.id, { metadata: { plan_id: 'professional' } });
      const event = stripeEvent('checkout.session.completed', session);
      const first = await deliverRaw(server(), event);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ received: true });
      expect(await countOf(server(), token)).toMatchObject({ has_subscription: true, max_videos: 200 });
      expect(await subscriptionOf(server(), user.id)).toMatchObject({
        provider: 'stripe',
        autoRenew: true,
        stripeCustomerId: session.customer,
        stripeSubscriptionId: session.subscription,
      });

      // Redelivered, and re-sent as a new event for the same session: nothing twice.
      expect((await deliverRaw(server(), event)).statusCode).toBe(200);
      expect(
        (await deliverWrapped(server(), stripeEvent('checkout.session.completed', session), 'stripe'))
          .statusCode,
      ).toBe(200);
      expect(await eventsOf(server(), user.id)).toEqual([
        expect.objectContaining({
          kind: 'activation',
          provider: 'stripe',
          paymentId: session.id,
          amountCents: 9900,
        }),
      ]);
      const [handled] = await server()
        .platform.database.orm.select()
        .from(stripeWebhookEvents)
        .where(eq(stripeWebhookEvents.eventId, event.id));
      expect(handled).toMatchObject({ type: 'checkout.session.completed', outcome: 'activated' });

      // The success page may confirm the card payment; it learns the state, it activates nothing.
      const confirmed = await activate(server(), token, 'professional', session.id, 'stripe');
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ subscription_status: 'active' });
      const stranger = await createUserWithToken(server().platform);
      expect(
        (await activate(server(), stranger.token, 'professional', session.id, 'stripe')).statusCode,
      ).toBe(404);
      const status = await api(server(), 'GET', `/subscriptions/status/${session.id}`, token);
      expect(status.json()).toMatchObject({ plan_id: 'professional', provider: 'stripe', auto_renew: true });
    });

    it('finds the plan by its price when the checkout names none, and refuses a wrong amount', async () => {
      const { user, token } = await createUserWithToken(server().platform);
      const cheap = checkoutSession(user.id, { amount_subtotal: 100, amount_total: 100 });
      expect((await deliverRaw(server(), stripeEvent('checkout.session.completed', cheap))).statusCode).toBe(
        200,
      );
      const cheapNamed = checkoutSession(user.id, {
        amount_subtotal: 100,
        amount_total: 100,
        metadata: { plan_id: 'professional' },
      });
      expect(
        (await deliverRaw(server(), stripeEvent('checkout.session.completed', cheapNamed))).statusCode,
      ).toBe(200);
      const euros = checkoutSession(user.id, { currency: 'eur', metadata: { plan_id: 'professional' } });
      expect((await deliverRaw(server(), stripeEvent('checkout.session.completed', euros))).statusCode).toBe(
        200,
      );
      const unpaid = checkoutSession(user.id, { payment_status: 'unpaid' });
      expect((await deliverRaw(server(), stripeEvent('checkout.session.completed', unpaid))).statusCode).toBe(
        200,
      );
      const stranger = checkoutSession(crypto.randomUUID());
      expect(
        (await deliverRaw(server(), stripeEvent('checkout.session.completed', stranger))).statusCode,
      ).toBe(200);
      expect(await countOf(server(), token)).toMatchObject({ has_subscription: false });
      expect(await eventsOf(server(), user.id)).toEqual([]);

      const byPrice = checkoutSession(user.id, { amount_subtotal: 1900, amount_total: 1900 });
      expect(
        (await deliverRaw(server(), stripeEvent('checkout.session.completed', byPrice))).statusCode,
      ).toBe(200);
      expect(await countOf(server(), token)).toMatchObject({ has_subscription: true, max_videos: 25 });
    });

    it('renews from a paid invoice in the other form, and ends with the subscription', async () => {
      const { user, token } = await createUserWithToken(server().platform);
      const session = checkoutSession(user.id, { metadata: { plan_id: 'professional' } });
      await deliverRaw(server(), stripeEvent('checkout.session.completed', session));

      // The first invoice belongs to the checkout, which activated already.
      const first = renewalInvoice(session, { billing_reason: 'subscription_create' });
      expect((await deliverWrapped(server(), stripeEvent('invoice.paid', first))).statusCode).toBe(200);
      expect(await eventsOf(server(), user.id)).toHaveLength(1);

      const invoice = renewalInvoice(session);
      const renewed = await deliverWrapped(
        server(),
        stripeEvent('invoice.paid', invoice),
        'subscription-update',
        SECOND_ENDPOINT_SECRET,
      );
      expect(renewed.statusCode, renewed.body).toBe(200);
      const line = invoice.lines.data[0]!;
      const row = await subscriptionOf(server(), user.id);
      expect(row?.periodStart.getTime()).toBe(line.period.start * 1000);
      expect(row?.periodEnd.getTime()).toBe(line.period.end * 1000);
      expect((await deliverWrapped(server(), stripeEvent('invoice.paid', invoice))).statusCode).toBe(200);
      expect((await eventsOf(server(), user.id)).map((event) => event.kind).sort()).toEqual([
        'activation',
        'renewal',
      ]);

      const cancelAtEnd = {
        id: session.subscription,
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        cancel_at_period_end: true,
      };
      await deliverRaw(
        server(),
        stripeEvent('customer.subscription.updated', cancelAtEnd),
        undefined,
        'subscription-update',
      );
      expect(await subscriptionOf(server(), user.id)).toMatchObject({ autoRenew: false });
      expect(await countOf(server(), token)).toMatchObject({ has_subscription: true });

      const deleted = { ...cancelAtEnd, status: 'canceled' };
      await deliverRaw(server(), stripeEvent('customer.subscription.deleted', deleted));
      expect(await countOf(server(), token)).toMatchObject({
        has_subscription: false,
        is_expired: true,
        max_videos: 3,
      });
      expect((await eventsOf(server(), user.id)).map((event) => event.kind).sort()).toEqual([
        'activation',
        'auto_renew_off',
        'cancellation',
        'renewal',
      ]);
    });

    it('acknowledges events it does not act on', async () => {
      const response = await deliverRaw(
        server(),
        stripeEvent('payment_intent.created', { id: 'pi_1', object: 'payment_intent' }),
      );
      expect(response.statusCode).toBe(200);
      const unknownSubscription = await deliverRaw(
        server(),
        stripeEvent('customer.subscription.deleted', {
          id: 'sub_unknown',
          customer: 'cus_x',
          status: 'canceled',
        }),
      );
      expect(unknownSubscription.statusCode).toBe(200);
    });
  },
);

describe('Stripe webhooks without a secret', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ work: false });
  });
  afterAll(async () => server?.close());

  it('refuses every delivery', async () => {
    const payload = JSON.stringify(stripeEvent('checkout.session.completed', {}));
    const response = await api(server, 'POST', '/subscriptions/webhook/stripe', undefined, {
      payload,
      signature: sign(payload),
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ detail: 'Card payment webhooks are not configured' });
  });
});
