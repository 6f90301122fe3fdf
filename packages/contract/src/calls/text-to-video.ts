import { z } from 'zod';
import { TEXT_VIDEO_DURATIONS_S } from '../constants';
import { defineCall } from '../define-call';
import { textToVideoMessages } from '../messages';
import { idParamsSchema, idSchema, textNumber, textSeedSchema } from '../shared-schemas';

const TAG = 'text-to-video';

/** Status of a text or image generation job; polled until completed or failed. */
export const generationJobStatusSchema = z.enum(['processing', 'completed', 'failed']);
export type GenerationJobStatus = z.infer<typeof generationJobStatusSchema>;

/** Answer of every call that starts a text or image job. */
export const sessionStartedSchema = z.object({ session_id: z.string() });
export type SessionStarted = z.infer<typeof sessionStartedSchema>;

export const createTextToVideoBodySchema = z.object({
  prompt: z.string().trim().min(1, textToVideoMessages.descriptionRequired).max(4000),
  duration: textNumber().pipe(z.literal(TEXT_VIDEO_DURATIONS_S)),
  /** Absent means the server picks one; the screen sends it only when set. */
  seed: textSeedSchema.optional(),
  /** From the spec's JSON variant: a client-chosen id makes a retried start idempotent. */
  session_id: idSchema.optional(),
});
export type CreateTextToVideoBody = z.infer<typeof createTextToVideoBodySchema>;

/**
 * Starts a text-to-video job. The spec sends it as multipart without files (and a JSON variant); the
 * fields accept text, so the server may take either encoding with this one schema.
 */
export const createTextToVideoSession = defineCall({
  name: 'createTextToVideoSession',
  method: 'POST',
  path: '/text-to-video/sessions',
  auth: 'bearer',
  tag: TAG,
  summary: 'Start a video from a text description',
  body: createTextToVideoBodySchema,
  bodyEncoding: 'multipart',
  files: [],
  successStatus: 201,
  response: sessionStartedSchema,
});

export const textToVideoSessionSchema = z.object({
  session_id: z.string(),
  status: generationJobStatusSchema,
  /** Percent, 0..100. */
  progress: z.number().min(0).max(100),
  final_video_url: z.string().nullable(),
  error: z.string().nullable(),
  /** Ours (issue 19): an interrupted attempt is being retried. */
  retrying: z.boolean(),
});
export type TextToVideoSession = z.infer<typeof textToVideoSessionSchema>;

export const getTextToVideoSession = defineCall({
  name: 'getTextToVideoSession',
  method: 'GET',
  path: '/text-to-video/sessions/:id',
  auth: 'bearer',
  tag: TAG,
  summary: 'State of a text-to-video job',
  params: idParamsSchema,
  response: textToVideoSessionSchema,
});
