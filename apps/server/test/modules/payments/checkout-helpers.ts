import { expect } from 'vitest';
import { paymentOrderSchema, type PaymentOrder, type PlanId } from '@reelcraft/contract';
import type { TestServer } from '../../helpers/test-platform';

type Method = 'GET' | 'POST';

/** A call to the API as the web app makes it. */
export function api(server: TestServer, method: Method, url: string, token?: string, payload?: object) {
  return server.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
}

export async function createOrder(server: TestServer, token: string, planId: PlanId): Promise<PaymentOrder> {
  const response = await api(server, 'POST', '/payments/orders', token, { plan_id: planId });
  expect(response.statusCode, response.body).toBe(201);
  return paymentOrderSchema.parse(response.json());
}

/** The buyer's click on the test checkout page: answers where the browser is sent next. */
export async function decideOnTestCheckout(
  server: TestServer,
  order: PaymentOrder,
  decision: 'approve' | 'cancel',
): Promise<URL> {
  const page = new URL(order.approve_url ?? '');
  const response = await server.app.inject({
    method: 'POST',
    url: page.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `decision=${decision}`,
  });
  expect(response.statusCode, response.body).toBe(303);
  return new URL(response.headers.location as string);
}

export function activate(
  server: TestServer,
  token: string,
  planId: string,
  paymentId: string,
  provider?: string,
) {
  return api(server, 'POST', '/subscriptions/payment-success', token, {
    plan_id: planId,
    payment_data: { payment_id: paymentId, ...(provider ? { provider } : {}) },
  });
}

/** The whole test-mode checkout as the web app drives it: order, approval, capture, activation. */
export async function buyWithTestCheckout(server: TestServer, token: string, planId: PlanId) {
  const order = await createOrder(server, token, planId);
  const back = await decideOnTestCheckout(server, order, 'approve');
  const paymentId = back.searchParams.get('token') ?? '';
  const capture = await api(server, 'POST', `/payments/orders/${paymentId}/capture`, token);
  expect(capture.statusCode, capture.body).toBe(200);
  const activation = await activate(server, token, planId, paymentId);
  expect(activation.statusCode, activation.body).toBe(200);
  return {
    order,
    paymentId,
    activation: activation.json() as { subscription_status: string; subscription_expiry: string },
  };
}
