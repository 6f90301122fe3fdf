import { z } from 'zod';
import {
  AVATAR_PORTRAIT_COUNT,
  ASPECT_RATIOS,
  DEFAULT_ASPECT_RATIO,
  DEFAULT_VOICE_ID,
  PRESENTER_TEXT_MAX_CHARS,
} from '../constants';
import { defineCall } from '../define-call';
import { avatarMessages } from '../messages';
import {
  deletedAnswerSchema,
  idParamsSchema,
  isoDateTimeSchema,
  seedSchema,
  storageUriSchema,
} from '../shared-schemas';
import { sessionStartedSchema } from './text-to-video';

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

/** Ours: the spec lists only the list and the save; an avatar can also be renamed and deleted. */
export const renameAvatarBodySchema = z.object({ name: z.string().trim().min(1).max(100) });

export const renameAvatar = defineCall({
  name: 'renameAvatar',
  method: 'PATCH',
  path: '/avatars/:id',
  auth: 'bearer',
  tag: TAG,
  summary: 'Rename an avatar',
  params: idParamsSchema,
  body: renameAvatarBodySchema,
  response: avatarSchema,
});

/** Deletes the avatar and its portrait; presenter videos made with it stay. 404 `Avatar not found`. */
export const deleteAvatar = defineCall({
  name: 'deleteAvatar',
  method: 'DELETE',
  path: '/avatars/:id',
  auth: 'bearer',
  tag: TAG,
  summary: 'Delete an avatar',
  params: idParamsSchema,
  response: deletedAnswerSchema,
});

/**
 * Ours: the studio's avatar mode (spec 001 section 2, steps 1 and 2). The reference photo is the
 * user's own upload; `style_ref` an optional second image whose colours set the backdrop.
 */
export const createAvatarPortraitsBodySchema = z.object({
  prompt: z.string().trim().max(1000).default(''),
  subject_ref: storageUriSchema,
  style_ref: storageUriSchema.optional(),
  seed: seedSchema.optional(),
});
export type CreateAvatarPortraitsBody = z.infer<typeof createAvatarPortraitsBodySchema>;

export const avatarPortraitSchema = z.object({
  id: z.string(),
  /** Expiring signed URL of the portrait (PNG, square). */
  image_url: z.string(),
  /** What POST /avatars takes to save this portrait. */
  gcs_uri: storageUriSchema,
  /** The look of this candidate, e.g. "Studio light". */
  style: z.string(),
});
export type AvatarPortrait = z.infer<typeof avatarPortraitSchema>;

export const createAvatarPortraits = defineCall({
  name: 'createAvatarPortraits',
  method: 'POST',
  path: '/avatars/portraits',
  auth: 'bearer',
  tag: TAG,
  summary: 'Four portrait candidates from a reference photo',
  body: createAvatarPortraitsBodySchema,
  successStatus: 201,
  response: z.object({ portraits: z.array(avatarPortraitSchema).length(AVATAR_PORTRAIT_COUNT) }),
});

/** Ours: an avatar speaks a narration; the clip is a generation (project type avatar-presenter). */
export const createPresenterVideoBodySchema = z.object({
  text: z.string().trim().min(1, avatarMessages.presenterTextRequired).max(PRESENTER_TEXT_MAX_CHARS),
  voice_id: z.string().min(1).max(128).default(DEFAULT_VOICE_ID),
  aspect_ratio: z.enum(ASPECT_RATIOS).default(DEFAULT_ASPECT_RATIO),
  /** A client-chosen id makes a retried start idempotent. */
  session_id: z.string().min(1).max(128).optional(),
});
export type CreatePresenterVideoBody = z.infer<typeof createPresenterVideoBodySchema>;

/** Starts the presenter video; its state is `GET /generations/{session_id}` and `/ws` progress. */
export const createPresenterVideo = defineCall({
  name: 'createPresenterVideo',
  method: 'POST',
  path: '/avatars/:id/presenter-videos',
  auth: 'bearer',
  tag: TAG,
  summary: 'Make a talking-presenter video of an avatar',
  params: idParamsSchema,
  body: createPresenterVideoBodySchema,
  successStatus: 201,
  response: sessionStartedSchema,
});
