import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaypalClient } from '../../../src/modules/payments';
import { FakePaypal } from './fake-paypal';

const order = {
  reference: '6f1c2d4e-0000-4000-8000-000000000001',
  amount: { cents: 9900, currency: 'USD' },
  description: 'Subscription plan: professional',
  returnUrl: 'http://localhost:3000/payment?plan=professional&amount=99',
  cancelUrl: 'http://localhost:3000/payment?plan=professional&amount=99&cancelled=true',
};

describe('the PayPal Orders v2 client against a local PayPal', () => {
  let paypal: FakePaypal;
  let client: PaypalClient;

  beforeAll(async () => {
    paypal = await new FakePaypal().start();
  });
  afterAll(async () => paypal?.close());
  beforeEach(() => {
    client = new PaypalClient({
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
      mode: 'sandbox',
      apiBaseUrl: paypal.baseUrl,
      timeoutMs: 1000,
    });
    paypal.requests.length = 0;
    paypal.captureAmountOverride = undefined;
  });

  it('gets a client-credentials token, then creates the order with our reference and price', async () => {
    const created = await client.createOrder(order);

    const [tokenRequest, createRequest] = paypal.requests;
    expect(tokenRequest).toMatchObject({
      method: 'POST',
      path: '/v1/oauth2/token',
      body: 'grant_type=client_credentials',
    });
    expect(tokenRequest?.headers).toMatchObject({
      authorization: `Basic ${Buffer.from('fake-client-id:fake-client-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    });
    expect(createRequest).toMatchObject({ method: 'POST', path: '/v2/checkout/orders' });
    expect(createRequest?.headers).toMatchObject({
      authorization: expect.stringMatching(/^Bearer A21AA/),
      'content-type': 'application/json',
      'paypal-request-id': order.reference,
      prefer: 'return=representation',
    });
    expect(JSON.parse(createRequest?.body ?? '')).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: order.reference,
          custom_id: order.reference,
          description: 'Subscription plan: professional',
          amount: { currency_code: 'USD', value: '99.00' },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
            return_url: order.returnUrl,
            cancel_url: order.cancelUrl,
          },
        },
      },
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9A-F]{17}$/),
      status: 'PAYER_ACTION_REQUIRED',
      customId: order.reference,
      amount: { cents: 9900, currency: 'USD' },
      capture: null,
      approveUrl: `https://www.sandbox.paypal.com/checkoutnow?token=${created.id}`,
    });

    // The same reference again is PayPal's idempotent repeat: the same order.
    expect((await client.createOrder(order)).id).toBe(created.id);
    expect(paypal.requestsTo('/v1/oauth2/token')).toHaveLength(1);
  });

  it('captures only an approved order, and answers a second capture with the completed order', async () => {
    const created = await client.createOrder({ ...order, reference: crypto.randomUUID() });
    await expect(client.captureOrder(created.id, 'capture-1')).rejects.toMatchObject({
      name: 'PaymentProviderError',
      kind: 'rejected',
      status: 422,
      issue: 'ORDER_NOT_APPROVED',
    });

    paypal.approve(created.id);
    const captured = await client.captureOrder(created.id, 'capture-1');
    const captureRequest = paypal.requestsTo(`/v2/checkout/orders/${created.id}/capture`).at(-1);
    expect(captureRequest?.headers).toMatchObject({
      'paypal-request-id': 'capture-1',
      'content-type': 'application/json',
    });
    expect(captured).toMatchObject({
      status: 'COMPLETED',
      capture: {
        id: expect.stringMatching(/^CAP/),
        status: 'COMPLETED',
        amount: { cents: 9900, currency: 'USD' },
      },
    });

    const again = await client.captureOrder(created.id, 'capture-2');
    expect(again).toEqual({ ...captured, approveUrl: null });
    expect(paypal.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v2/checkout/orders/${created.id}`,
    });
  });

  it('reads an order, and answers undefined for one PayPal does not know', async () => {
    const created = await client.createOrder({ ...order, reference: crypto.randomUUID() });
    expect(await client.getOrder(created.id)).toMatchObject({ id: created.id, customId: expect.any(String) });
    expect(await client.getOrder('5O190127TN364715T')).toBeUndefined();
  });

  it('reports the captured amount as PayPal gives it', async () => {
    const created = await client.createOrder({ ...order, reference: crypto.randomUUID() });
    paypal.approve(created.id);
    paypal.captureAmountOverride = { currency_code: 'USD', value: '0.01' };
    const captured = await client.captureOrder(created.id, 'c');
    expect(captured.capture?.amount).toEqual({ cents: 1, currency: 'USD' });
  });

  it('takes a new token once when PayPal stops accepting the old one', async () => {
    await client.getOrder('UNKNOWN1');
    paypal.revokeTokens();
    await client.getOrder('UNKNOWN2');
    expect(paypal.requestsTo('/v1/oauth2/token')).toHaveLength(2);
  });

  it('tells refusals from outages, and gives up after its time limit', async () => {
    await client.getOrder('WARMUP'); // the token is taken, so each fault below hits an Orders call
    paypal.failNext({ status: 500 });
    await expect(client.createOrder({ ...order, reference: crypto.randomUUID() })).rejects.toMatchObject({
      kind: 'unavailable',
      status: 500,
    });
    expect(paypal.requests.at(-1)?.path).toBe('/v2/checkout/orders');

    paypal.failNext({
      status: 400,
      body: { name: 'INVALID_REQUEST', details: [{ issue: 'INVALID_PARAMETER_VALUE' }] },
    });
    await expect(client.getOrder('ABC')).rejects.toMatchObject({
      kind: 'rejected',
      status: 400,
      issue: 'INVALID_PARAMETER_VALUE',
    });

    paypal.failNext({ delayMs: 3000 });
    await expect(client.getOrder('SLOW')).rejects.toMatchObject({
      kind: 'unavailable',
      message: 'PayPal did not answer in time',
    });

    const wrongKeys = new PaypalClient({
      clientId: 'someone',
      clientSecret: 'else',
      mode: 'sandbox',
      apiBaseUrl: paypal.baseUrl,
      timeoutMs: 1000,
    });
    await expect(wrongKeys.getOrder('ABC')).rejects.toMatchObject({
      kind: 'rejected',
      status: 401,
      issue: 'invalid_client',
    });

    const nowhere = new PaypalClient({
      clientId: 'a',
      clientSecret: 'b',
      mode: 'sandbox',
      apiBaseUrl: 'http://127.0.0.1:9',
      timeoutMs: 1000,
    });
    await expect(nowhere.getOrder('ABC')).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('never puts an odd order id into a PayPal URL', async () => {
    const before = paypal.requests.length;
    for (const id of ['../v1/oauth2/token', 'a b', 'x'.repeat(65), '']) {
      await expect(client.getOrder(id)).rejects.toMatchObject({ kind: 'rejected' });
      await expect(client.captureOrder(id, 'r')).rejects.toMatchObject({ kind: 'rejected' });
    }
    expect(paypal.requests.length).toBe(before);
  });
});
