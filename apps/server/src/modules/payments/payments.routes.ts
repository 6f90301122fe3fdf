import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  activateSubscription,
  capturePaymentOrder,
  confirmPaymentSuccess,
  createPaymentOrder,
  getPaymentConfig,
  receiveStripeWebhook,
  receiveSubscriptionUpdateWebhook,
  webhookBodySchema,
} from '@reelcraft/contract';
import { requireUser } from '../../platform/http/request-user';
import type { RouteContext } from '../../platform/http/route-context';
import type { PaymentServices } from './create-payment-services';
import type { StripeWebhooksService } from './stripe-webhooks.service';
import {
  renderTestCheckoutNotFound,
  renderTestCheckoutPage,
  TEST_CHECKOUT_DECISIONS,
} from './test-checkout.page';
import { TEST_CHECKOUT_PATH, type TestCheckoutProvider } from './test-checkout.provider';

// The raw text of each JSON body of the webhook routes: Stripe signs the bytes, not the parsed object.
const rawBodies = new WeakMap<FastifyRequest, string>();

/**
 * The card provider's webhooks, in a scope of their own whose JSON parser keeps the raw body.
 * Both paths take both forms: the spec's `{payload, signature}` and Stripe's own delivery.
 */
async function stripeWebhookRoutes(
  app: FastifyInstance,
  options: { registerCall: RouteContext['registerCall']; service: StripeWebhooksService },
): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    rawBodies.set(request, text);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('Body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });

  for (const call of [receiveStripeWebhook, receiveSubscriptionUpdateWebhook]) {
    options.registerCall(app, call, ({ body, headers, request }) => {
      const wrapped = webhookBodySchema.safeParse(body);
      return options.service.receive(
        wrapped.success
          ? wrapped.data
          : { payload: rawBodies.get(request) ?? '', signature: headers['stripe-signature'] },
      );
    });
  }
}

const testCheckoutParams = z.object({ id: z.string().min(1).max(64) });
const testCheckoutForm = z.object({ decision: z.enum(TEST_CHECKOUT_DECISIONS) });

/**
 * The built-in test-mode checkout's approval page (HTML, not a JSON call): the browser is sent here
 * instead of PayPal, and back to the app with `token` and `PayerID` as PayPal does.
 */
async function testCheckoutRoutes(
  app: FastifyInstance,
  options: { checkout: TestCheckoutProvider },
): Promise<void> {
  const { checkout } = options;
  const page = (reply: FastifyReply, status: number, html: string) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

  app.get(`${TEST_CHECKOUT_PATH}/:id`, { schema: { hide: true } }, async (request, reply) => {
    const params = testCheckoutParams.safeParse(request.params);
    const order = params.success ? await checkout.find(params.data.id) : undefined;
    if (!order) return page(reply, 404, renderTestCheckoutNotFound());
    return page(reply, 200, renderTestCheckoutPage(order, `${TEST_CHECKOUT_PATH}/${order.id}`));
  });

  app.post(`${TEST_CHECKOUT_PATH}/:id`, { schema: { hide: true } }, async (request, reply) => {
    const params = testCheckoutParams.safeParse(request.params);
    const form = testCheckoutForm.safeParse(request.body);
    if (!params.success || !form.success) return page(reply, 404, renderTestCheckoutNotFound());
    const next =
      form.data.decision === 'approve'
        ? await checkout.approve(params.data.id)
        : await checkout.cancel(params.data.id);
    if (!next) return page(reply, 404, renderTestCheckoutNotFound());
    return reply.header('cache-control', 'no-store').redirect(next, 303);
  });
}

/** The order-based checkout, plan activation after payment, and the card provider's webhooks. */
export async function paymentsRoutes(
  app: FastifyInstance,
  {
    registerCall,
    payments: { payments, stripeWebhooks, testCheckout },
  }: RouteContext & { payments: PaymentServices },
): Promise<void> {
  registerCall(app, getPaymentConfig, () => payments.getConfig());
  registerCall(app, createPaymentOrder, ({ body, request }) =>
    payments.createOrder(requireUser(request).id, body.plan_id),
  );
  registerCall(app, capturePaymentOrder, ({ params, request }) =>
    payments.captureOrder(requireUser(request).id, params.id),
  );
  registerCall(app, confirmPaymentSuccess, ({ body, request }) =>
    payments.confirmPayment(requireUser(request).id, body),
  );
  registerCall(app, activateSubscription, ({ body, request }) =>
    payments.confirmPayment(requireUser(request).id, body),
  );

  await app.register(stripeWebhookRoutes, { registerCall, service: stripeWebhooks });
  if (testCheckout) await app.register(testCheckoutRoutes, { checkout: testCheckout });
}
