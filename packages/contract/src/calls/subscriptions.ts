import { z } from 'zod';
import { PLAN_IDS } from '../constants';
import { defineCall } from '../define-call';
import { isoDateTimeSchema } from '../shared-schemas';
import { subscriptionPlanIdSchema, videoCountSchema } from './users';

const TAG = 'subscriptions';
// The plans and the caller's subscription; paying for a plan is in ./payments.

/** The plans a payment can buy (spec 000 section 9). */
export const planIdSchema = z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof planIdSchema>;

// FREE_PLAN_ID and subscriptionPlanIdSchema (the free plan and every paid one) are in ./users.

/**
 * Only the ids are in the spec; the other fields are ours. A plan buys `max_videos` videos for
 * `period_days` days; `price` is in `currency`'s major unit (49.99). `stripe_price_id` is the card
 * provider's price of the plan, when card payments are set up. `storage_mb` is how much its
 * subscribers may keep stored (1 MB = 1024 × 1024 bytes; docs/decisions/033).
 */
export const planSchema = z.object({
  id: subscriptionPlanIdSchema,
  name: z.string(),
  description: z.string(),
  price: z.number().nonnegative(),
  currency: z.string().length(3),
  period_days: z.number().int().positive(),
  max_videos: z.number().int().nonnegative(),
  features: z.array(z.string()),
  stripe_price_id: z.string().nullable(),
  storage_mb: z.number().int().nonnegative(),
});
export type Plan = z.infer<typeof planSchema>;

/** Public: visitors see the plans too. */
export const listPlans = defineCall({
  name: 'listPlans',
  method: 'GET',
  path: '/subscriptions/plans',
  auth: 'none',
  tag: TAG,
  summary: 'The subscription plans',
  response: z.array(planSchema),
});

/** A free string, not the enum, so an unknown id answers 404 `Subscription plan not found`. */
export const getPlan = defineCall({
  name: 'getPlan',
  method: 'GET',
  path: '/subscriptions/plans/:id',
  auth: 'none',
  tag: TAG,
  summary: 'One subscription plan',
  params: z.object({ id: z.string().min(1).max(64) }),
  response: planSchema,
});

export const subscriptionDashboardSchema = z.object({
  remaining_videos: z.number().int(),
  can_generate_videos: z.boolean(),
  /**
   * Ours (issue 37): the bytes the user keeps stored (videos, library images, voice clones, decks,
   * avatars), and the plan's allowance (`storage_mb` in bytes). An upload that would go past the
   * allowance answers 413.
   */
  storage_used_bytes: z.number().int().nonnegative(),
  storage_limit_bytes: z.number().int().nonnegative(),
});
export type SubscriptionDashboard = z.infer<typeof subscriptionDashboardSchema>;

export const getSubscriptionDashboard = defineCall({
  name: 'getSubscriptionDashboard',
  method: 'GET',
  path: '/subscriptions/dashboard',
  auth: 'bearer',
  tag: TAG,
  summary: 'Remaining videos, whether generation is allowed, and storage used of the allowance',
  response: subscriptionDashboardSchema,
});

/** Shape not shown in the spec: ours describes the caller's subscription and its current period. */
export const subscriptionStatusSchema = z.object({
  id: z.string(),
  plan_id: subscriptionPlanIdSchema,
  plan_name: z.string(),
  subscription_status: z.string(),
  subscription_expiry: isoDateTimeSchema.nullable(),
  /** Who took the last payment (`paypal`, `test`, `stripe`, `admin`); null on the free plan. */
  provider: z.string().nullable(),
  auto_renew: z.boolean(),
  max_videos: z.number().int(),
  remaining_videos: z.number().int(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/**
 * `id` is the subscription id, or an id of one of its payments: the order id of the order-based
 * checkout, the card provider's checkout session, invoice or subscription id (the payment-success
 * page gets `session_id` or `subscription_id`). Another user's id answers 404.
 */
export const getSubscriptionStatus = defineCall({
  name: 'getSubscriptionStatus',
  method: 'GET',
  path: '/subscriptions/status/:id',
  auth: 'bearer',
  tag: TAG,
  summary: 'State of one subscription of the signed-in user',
  params: z.object({ id: z.string().min(1).max(256) }),
  response: subscriptionStatusSchema,
});

// --- Ours: the socket event that keeps the quota on screen live (docs/decisions/008). ---

export const SUBSCRIPTION_EVENT_TYPES = {
  /** The user's plan or video count changed (payment, renewal, expiry, a video reserved or given back). */
  updated: 'subscription.updated',
} as const;

export const subscriptionUpdatedEventDataSchema = videoCountSchema;
export type SubscriptionUpdatedEventData = z.infer<typeof subscriptionUpdatedEventDataSchema>;
