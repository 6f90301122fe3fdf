import { z } from 'zod';
import {
  ASPECT_RATIOS,
  DEFAULT_ASPECT_RATIO,
  DEFAULT_IMAGE_VIDEO_DURATION_S,
  DEFAULT_IMAGE_VIDEO_MODE,
  DEFAULT_IMAGE_VIDEO_QUALITY,
  DEFAULT_MODEL_PLATFORM,
  IMAGE_MIME_TYPES,
  IMAGE_VIDEO_DURATIONS_S,
  IMAGE_VIDEO_MODES,
  IMAGE_VIDEO_QUALITIES,
  LAST_FRAME_MIME_TYPES,
  MAX_IMAGE_SLOTS,
  MODEL_PLATFORMS,
  UPLOAD_MAX_BYTES,
  VOICE_SAMPLE_MIME_TYPES,
} from '../constants';
import { defineCall } from '../define-call';
import { serverDetailMessages } from '../messages';
import {
  idParamsSchema,
  isoDateTimeSchema,
  jsonText,
  limitQuerySchema,
  storageUriSchema,
  textSeedSchema,
} from '../shared-schemas';
import { generationJobStatusSchema, sessionStartedSchema } from './text-to-video';

const TAG = 'image-to-video';

export const imageVideoStageSchema = z.enum([
  'file_processing',
  'scene_generation',
  'video_generation',
  'final_combination',
]);
export type ImageVideoStage = z.infer<typeof imageVideoStageSchema>;

/** `current_stage` runs through the stages, then `completed`. */
export const imageVideoCurrentStageSchema = z.enum([...imageVideoStageSchema.options, 'completed']);
export type ImageVideoCurrentStage = z.infer<typeof imageVideoCurrentStageSchema>;

export const imageVideoSettingsSchema = z.object({
  quality: z.enum(IMAGE_VIDEO_QUALITIES).default(DEFAULT_IMAGE_VIDEO_QUALITY),
  mode: z.enum(IMAGE_VIDEO_MODES).default(DEFAULT_IMAGE_VIDEO_MODE),
  aspect_ratio: z.enum(ASPECT_RATIOS).default(DEFAULT_ASPECT_RATIO),
  duration: z.literal(IMAGE_VIDEO_DURATIONS_S).default(DEFAULT_IMAGE_VIDEO_DURATION_S),
});
export type ImageVideoSettings = z.infer<typeof imageVideoSettingsSchema>;

/** Images already stored (library, earlier uploads) instead of uploaded again, as a JSON list. */
const storedImagesField = jsonText(z.array(storageUriSchema).max(MAX_IMAGE_SLOTS)).optional();

/**
 * Text fields of the multipart start. The spec's client sends the stored images under three names;
 * the server merges them. At least one image (file or stored) is required: the server answers
 * `Missing required fields: files field is required` otherwise, since the two travel apart.
 */
export const createImageToVideoBodySchema = z.object({
  prompt: z.string().trim().min(1, serverDetailMessages.promptRequired).max(4000),
  model_platform: z.enum(MODEL_PLATFORMS).default(DEFAULT_MODEL_PLATFORM),
  source: z.literal('image-to-video').default('image-to-video'),
  existing_gcs_uris: storedImagesField,
  gcs_uris: storedImagesField,
  existing_uris: storedImagesField,
  seed: textSeedSchema.optional(),
  extra_params: jsonText(imageVideoSettingsSchema).optional(),
  /**
   * Ours: one of the user's voice clones (`clone-...`) whose recorded sample is the voice sample,
   * instead of uploading `voice_sample_file` again. 400 `Voice clone not found` for another's.
   */
  voice_clone_id: z.string().startsWith('clone-').max(128).optional(),
});
export type CreateImageToVideoBody = z.infer<typeof createImageToVideoBodySchema>;

export const createImageToVideoSession = defineCall({
  name: 'createImageToVideoSession',
  method: 'POST',
  path: '/image-to-video/sessions',
  auth: 'bearer',
  tag: TAG,
  summary: 'Start a video from images and a prompt',
  body: createImageToVideoBodySchema,
  bodyEncoding: 'multipart',
  files: [
    {
      name: 'files',
      repeated: true,
      required: false,
      maxCount: MAX_IMAGE_SLOTS,
      accept: IMAGE_MIME_TYPES,
      maxBytes: UPLOAD_MAX_BYTES,
    },
    {
      name: 'last_frame_image',
      repeated: false,
      required: false,
      accept: LAST_FRAME_MIME_TYPES,
      maxBytes: UPLOAD_MAX_BYTES,
    },
    {
      name: 'voice_sample_file',
      repeated: false,
      required: false,
      accept: VOICE_SAMPLE_MIME_TYPES,
      maxBytes: UPLOAD_MAX_BYTES,
    },
  ],
  successStatus: 201,
  response: sessionStartedSchema,
});

const stageStateSchema = z.enum(['pending', 'processing', 'completed', 'failed']);

export const imageToVideoSessionSchema = z.object({
  session_id: z.string(),
  status: generationJobStatusSchema,
  current_stage: imageVideoCurrentStageSchema,
  /** Percent, 0..100, of the whole job. */
  progress: z.number().min(0).max(100),
  error_message: z.string().nullable(),
  output_video_url: z.string().nullable(),
  video_urls: z.array(z.string()),
  user_id: z.string(),
  created_at: isoDateTimeSchema,
  file_count: z.number().int().nonnegative(),
  /** Ours (shape not shown): percent per stage, and the state of each stage. */
  stage_progress: z.partialRecord(imageVideoStageSchema, z.number().min(0).max(100)),
  stages: z.record(imageVideoStageSchema, stageStateSchema),
  model_platform: z.enum(MODEL_PLATFORMS),
  extra_params: imageVideoSettingsSchema,
  /** Seconds since the job started. */
  elapsed_time: z.number().nonnegative(),
  message: z.string().nullable(),
  /** Ours (issue 19): an interrupted attempt is being retried. */
  retrying: z.boolean(),
});
export type ImageToVideoSession = z.infer<typeof imageToVideoSessionSchema>;

export const getImageToVideoSession = defineCall({
  name: 'getImageToVideoSession',
  method: 'GET',
  path: '/image-to-video/sessions/:id',
  auth: 'bearer',
  tag: TAG,
  summary: 'State of an image-to-video job',
  params: idParamsSchema,
  response: imageToVideoSessionSchema,
});

export const videoSessionResultSchema = z.object({
  status: z.enum(['completed', 'failed']),
  message: z.string().nullable(),
  error: z.string().nullable(),
  output_video_url: z.string().nullable(),
});
export type VideoSessionResult = z.infer<typeof videoSessionResultSchema>;

/** `videos` holds the finished outputs of the session (empty while it runs). */
export const recentVideoSessionSchema = z.object({
  session_id: z.string(),
  created_at: isoDateTimeSchema,
  status: generationJobStatusSchema,
  videos: z.array(videoSessionResultSchema),
  /** Ours (issue 36): the video the session makes, so the list can name and show it. */
  video_id: z.string(),
  title: z.string(),
  thumbnail_url: z.string().nullable(),
});
export type RecentVideoSession = z.infer<typeof recentVideoSessionSchema>;

/** The spec's Recent Videos button lists these; the path is ours (the spec does not show it). */
export const listImageToVideoSessions = defineCall({
  name: 'listImageToVideoSessions',
  method: 'GET',
  path: '/image-to-video/sessions',
  auth: 'bearer',
  tag: TAG,
  summary: 'Recent image-to-video sessions, newest first',
  query: z.object({ limit: limitQuerySchema.optional() }),
  response: z.array(recentVideoSessionSchema),
});
