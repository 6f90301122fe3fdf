import { z } from 'zod';
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

const videoCountFields = {
  remaining_videos: z.number().int(),
  max_videos: z.number().int(),
  total_videos: z.number().int(),
  subscription_status: z.string(),
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
  has_subscription: lenientBooleanSchema,
  can_generate: lenientBooleanSchema,
  is_expired: lenientBooleanSchema,
});

export const getVideoCount = defineCall({
  name: 'getVideoCount',
  method: 'GET',
  path: '/user/video-count',
  auth: 'bearer',
  tag: TAG,
  summary: 'Remaining video credits and whether generation is allowed',
  response: videoCountSchema,
});
