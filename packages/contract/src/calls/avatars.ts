import { z } from 'zod';
import { defineCall } from '../define-call';
import { isoDateTimeSchema, storageUriSchema } from '../shared-schemas';

const TAG = 'avatars';

/** Shape not shown in the spec: ours is a named portrait with an optional voice. */
export const avatarSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Expiring signed URL of the portrait. */
  image_url: z.string(),
  gcs_uri: storageUriSchema,
  voice_id: z.string().nullable(),
  created_at: isoDateTimeSchema,
});
export type Avatar = z.infer<typeof avatarSchema>;

/** Body not shown in the spec: ours. The image is uploaded first (POST /upload/signed-url). */
export const createAvatarBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  gcs_uri: storageUriSchema,
  voice_id: z.string().min(1).max(128).optional(),
});
export type CreateAvatarBody = z.infer<typeof createAvatarBodySchema>;

/** The spec accepts an array or `{avatars}`/`{items}`; ours is the array, newest first. */
export const listAvatars = defineCall({
  name: 'listAvatars',
  method: 'GET',
  path: '/avatars',
  auth: 'bearer',
  tag: TAG,
  summary: "The signed-in user's saved avatars",
  response: z.array(avatarSchema),
});

export const createAvatar = defineCall({
  name: 'createAvatar',
  method: 'POST',
  path: '/avatars',
  auth: 'bearer',
  tag: TAG,
  summary: 'Save an avatar',
  body: createAvatarBodySchema,
  successStatus: 201,
  response: avatarSchema,
});
