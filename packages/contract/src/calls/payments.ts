import { z } from 'zod';
import { DEFAULT_PAYMENT_PROVIDER } from '../constants';
import { defineCall } from '../define-call';
import { isoDateTimeSchema } from '../shared-schemas';
import { planIdSchema } from './subscriptions';

// Paying for a plan: the spec's activation calls and card-provider webhooks (their paths keep the
// spec's /subscriptions prefix), and our order-based checkout (spec 000 section 2.8 names the steps,
// not the calls). The server serves them all from modules/payments, the web from features/payments.
const TAG = 'payments';

export const activateSubscriptionBodySchema = z.object({
  plan_id: planIdSchema,
  payment_data: z.object({
    provider: z.string().min(1).max(50).default(DEFAULT_PAYMENT_PROVIDER),
    /** The provider's id of the captured order: the server checks it with the provider. */
    payment_id: z.string().min(1).max(256),
    auto_renew: z.boolean().default(true),
  }),
});
export type ActivateSubscriptionBody = z.infer<typeof activateSubscriptionBodySchema>;

export const subscriptionActivationSchema = z.object({
  subscription_status: z.string(),
  subscription_expiry: isoDateTimeSchema.nullable(),
});
export type SubscriptionActivation = z.infer<typeof subscriptionActivationSchema>;

/** Activates the plan after a captured checkout; a repeated payment_id is not counted twice. */
export const confirmPaymentSuccess = defineCall({
  name: 'confirmPaymentSuccess',
  method: 'POST',
  path: '/subscriptions/payment-success',
  auth: 'bearer',
  tag: TAG,
  summary: 'Activate the subscription after a successful payment',
  body: activateSubscriptionBodySchema,
  response: subscriptionActivationSchema,
});

/** The spec configures this second path for the same activation (method not shown: POST, as its twin). */
export const activateSubscription = defineCall({
  name: 'activateSubscription',
  method: 'POST',
  path: '/subscription/activate',
  auth: 'bearer',
  tag: TAG,
  summary: 'Activate the subscription (same as POST /subscriptions/payment-success)',
  body: activateSubscriptionBodySchema,
  response: subscriptionActivationSchema,
});

/**
 * The spec's card-provider webhooks post `{payload, signature}`: `payload` is the provider's raw event
 * text and `signature` its signature header, checked against the webhook secret before anything else.
 */
export const webhookBodySchema = z.object({
  payload: z.string().min(1).max(1_000_000),
  signature: z.string().min(1).max(2048),
});
export type WebhookBody = z.infer<typeof webhookBodySchema>;

/**
 * Ours: the card provider's own delivery, the event itself with its signature in the
 * `Stripe-Signature` header. The server checks the signature over the raw bytes received.
 */
export const stripeEventBodySchema = z.looseObject({
  id: z.string().min(1).max(255),
  object: z.literal('event'),
  type: z.string().min(1).max(255),
});

/** Either form: the spec's wrapper, or the provider's raw event with its header. */
export const webhookRequestBodySchema = z.union([webhookBodySchema, stripeEventBodySchema]);
export const webhookHeadersSchema = z.looseObject({
  'stripe-signature': z.string().min(1).max(2048).optional(),
});

/** Shape not shown in the spec: ours only acknowledges. */
export const webhookAnswerSchema = z.object({ received: z.boolean() });

/*
 * The spec leaves both webhook paths unnamed: ours sit under /subscriptions/webhook/, one per sender,
 * so each can have its own secret. Neither is called by the web app.
 */
export const receiveStripeWebhook = defineCall({
  name: 'receiveStripeWebhook',
  method: 'POST',
  path: '/subscriptions/webhook/stripe',
  auth: 'none',
  tag: TAG,
  summary: 'Card payment provider webhook (checkout and invoice events)',
  body: webhookRequestBodySchema,
  headers: webhookHeadersSchema,
  response: webhookAnswerSchema,
});

export const receiveSubscriptionUpdateWebhook = defineCall({
  name: 'receiveSubscriptionUpdateWebhook',
  method: 'POST',
  path: '/subscriptions/webhook/subscription-update',
  auth: 'none',
  tag: TAG,
  summary: 'Card payment provider webhook for subscription changes (renewal, cancellation)',
  body: webhookRequestBodySchema,
  headers: webhookHeadersSchema,
  response: webhookAnswerSchema,
});

// --- Ours: the order-based checkout. ---

/** The ways to pay this server offers, for the plans and payment screens. */
export const paymentConfigSchema = z.object({
  /** The order-based checkout: `paypal`, `test` (the built-in test-mode checkout) or none. */
  order_provider: z.enum(['paypal', 'test']).nullable(),
  /** True when no money moves: the built-in checkout plays the provider's part. */
  test_mode: z.boolean(),
  /** For the provider's browser buttons (a public id, not a secret). */
  paypal_client_id: z.string().nullable(),
  /** The card provider's embedded pricing table, when configured. */
  stripe: z
    .object({
      publishable_key: z.string(),
      pricing_table_id: z.string(),
    })
    .nullable(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

export const getPaymentConfig = defineCall({
  name: 'getPaymentConfig',
  method: 'GET',
  path: '/payments/config',
  auth: 'none',
  tag: TAG,
  summary: 'The payment methods this server offers',
  response: paymentConfigSchema,
});

/** Only the plan: the server prices the order from its own plan data, never from the client. */
export const createPaymentOrderBodySchema = z.object({ plan_id: planIdSchema });
export type CreatePaymentOrderBody = z.infer<typeof createPaymentOrderBodySchema>;

export const paymentOrderSchema = z.object({
  /** The provider's order id: what its browser checkout approves and `payment_id` later names. */
  order_id: z.string(),
  provider: z.enum(['paypal', 'test']),
  plan_id: planIdSchema,
  amount: z.number().positive(),
  currency: z.string().length(3),
  description: z.string(),
  /** Where the browser approves the order (the provider's page, or ours in test mode). */
  approve_url: z.string().nullable(),
  test_mode: z.boolean(),
  status: z.enum(['created', 'captured', 'activated', 'failed']),
});
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;

export const createPaymentOrder = defineCall({
  name: 'createPaymentOrder',
  method: 'POST',
  path: '/payments/orders',
  auth: 'bearer',
  tag: TAG,
  summary: "Create a checkout order for a plan, at the plan's price",
  body: createPaymentOrderBodySchema,
  response: paymentOrderSchema,
  successStatus: 201,
});

/** After the buyer approved the order: the server captures it with the provider. */
export const capturePaymentOrder = defineCall({
  name: 'capturePaymentOrder',
  method: 'POST',
  path: '/payments/orders/:id/capture',
  auth: 'bearer',
  tag: TAG,
  summary: 'Capture an approved checkout order of the signed-in user',
  params: z.object({ id: z.string().min(1).max(128) }),
  response: paymentOrderSchema,
});
