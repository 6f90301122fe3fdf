import { z } from 'zod';
import { defineCall } from '../define-call';
import { idSchema } from '../shared-schemas';
import { imageVideoCurrentStageSchema } from './image-to-video';
import { notificationSchema } from './notifications';
import { generationJobStatusSchema } from './text-to-video';
import { projectTypeSchema } from './videos';

const TAG = 'generations';

/**
 * Ours (docs/decisions/016): the state of one generation (a video being made, whatever the way),
 * the same shape whether read from the API or pushed over `/ws` as `video.progress`. `stage` uses
 * the image stages for every kind.
 */
export const generationStateSchema = z.object({
  session_id: z.string(),
  project_type: projectTypeSchema,
  status: generationJobStatusSchema,
  /** Percent, 0..100, of the whole job. */
  progress: z.number().min(0).max(100),
  stage: imageVideoCurrentStageSchema,
  /** The screen's text for this state (the progress band, or the reason of a failure). */
  message: z.string().nullable(),
  /**
   * The last attempt was interrupted (its worker stopped, or it failed) and another one follows:
   * screens say so until the next attempt reports progress (issue 19).
   */
  retrying: z.boolean(),
  /** The finished video's id (its row in the library). */
  video_id: z.string().nullable(),
  /** A signed URL of the finished video once completed, so a client needs no further call. */
  video_url: z.string().nullable(),
  /** Readable reason of a failed job. */
  error: z.string().nullable(),
  /** The storyboard being rendered (issue 31); null for kinds not made from one. */
  storyboard_id: z.string().nullable(),
});
export type GenerationState = z.infer<typeof generationStateSchema>;

export const sessionParamsSchema = z.object({ session_id: idSchema });

/**
 * Ours: the caller's newest generation of a kind that is still running, so a screen reloaded
 * mid-render shows its progress instead of an empty form. `generation` is null when none runs.
 */
export const getActiveGeneration = defineCall({
  name: 'getActiveGeneration',
  method: 'GET',
  path: '/generations/active',
  auth: 'bearer',
  tag: TAG,
  summary: "The caller's newest running generation of one kind",
  query: z.object({ project_type: projectTypeSchema }),
  response: z.object({ generation: generationStateSchema.nullable() }),
});

/**
 * Ours: the state of one of the caller's generations, whatever its kind (a presenter video, a video
 * the assistant started). 404 `Session not found` for an unknown or foreign id.
 */
export const getGeneration = defineCall({
  name: 'getGeneration',
  method: 'GET',
  path: '/generations/:session_id',
  auth: 'bearer',
  tag: TAG,
  summary: 'State of one generation',
  params: sessionParamsSchema,
  response: generationStateSchema,
});

/**
 * Ours: "Send to background and notify me" (spec 001 section 4). The server records the pending
 * notification of the job and turns it into the outcome when the job ends; a job already ended
 * gets its outcome notification at once. 404 `Session not found` for an unknown or foreign id.
 */
export const sendGenerationToBackground = defineCall({
  name: 'sendGenerationToBackground',
  method: 'POST',
  path: '/generations/:session_id/background',
  auth: 'bearer',
  tag: TAG,
  summary: 'Notify me when this generation ends',
  params: sessionParamsSchema,
  response: notificationSchema,
});
