import { z } from 'zod';
import { FREE_SUBSCRIPTION_STATUS, PLAN_IDS } from '../constants';
import { defineCall } from '../define-call';
import { profileUpdateSchema, userSchema } from './auth';

const TAG = 'users';

export const updateProfile = defineCall({
  name: 'updateProfile',
  method: 'PUT',
  path: '/user/profile',
  auth: 'bearer',
  tag: TAG,
  summary: 'Update the account details of the signed-in user',
  body: profileUpdateSchema,
  response: userSchema,
});

// The plan ids live here rather than in subscriptions.ts, which imports the video count from this file.
/** Ours: the implicit plan of every account without a paid subscription, listed with the others. */
export const FREE_PLAN_ID = FREE_SUBSCRIPTION_STATUS;
export const subscriptionPlanIdSchema = z.enum([FREE_PLAN_ID, ...PLAN_IDS]);
export type SubscriptionPlanId = z.infer<typeof subscriptionPlanIdSchema>;

/**
 * Ours, added to the spec's fields: the plan the count belongs to (the free plan without a
 * subscription), so a screen names it rather than guessing it from max_videos, which videos carried
 * over from an earlier purchase or added by an administrator raise.
 */
export const videoCountPlanSchema = z.object({ id: subscriptionPlanIdSchema, name: z.string() });

const videoCountFields = {
  remaining_videos: z.number().int(),
  max_videos: z.number().int(),
  total_videos: z.number().int(),
  subscription_status: z.string(),
  plan: videoCountPlanSchema,
};

/** Credits of the signed-in user, as our server sends them. */
export const videoCountSchema = z.object({
  ...videoCountFields,
  has_subscription: z.boolean(),
  can_generate: z.boolean(),
  is_expired: z.boolean(),
});
export type VideoCount = z.infer<typeof videoCountSchema>;

/** Older back ends sent these booleans as 'true' or 't' (Postgres text); anything else is false. */
const lenientBooleanSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value === 'true' || value === 't' : value),
  z.boolean(),
);

/**
 * Client-side reading of the video count: accepts the booleans as strings too (spec 000 section 3).
 * Not for the server's answer schema: a preprocess step cannot be described in OpenAPI.
 */
export const videoCountAnswerSchema = z.object({
  ...videoCountFields,
  // The spec's server names no plan: a screen then says Premium or Free (spec 000 section 2.5).
  plan: videoCountPlanSchema.optional(),
  has_subscription: lenientBooleanSchema,
  can_generate: lenientBooleanSchema,
  is_expired: lenientBooleanSchema,
});
export type VideoCountAnswer = z.infer<typeof videoCountAnswerSchema>;

export const getVideoCount = defineCall({
  name: 'getVideoCount',
  method: 'GET',
  path: '/user/video-count',
  auth: 'bearer',
  tag: TAG,
  summary: 'Remaining video credits and whether generation is allowed',
  response: videoCountSchema,
});
