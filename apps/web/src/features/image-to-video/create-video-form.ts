import {
  DEFAULT_ASPECT_RATIO,
  DEFAULT_IMAGE_VIDEO_DURATION_S,
  DEFAULT_IMAGE_VIDEO_MODE,
  DEFAULT_IMAGE_VIDEO_QUALITY,
  DEFAULT_IMAGE_VIDEO_SEED,
  DEFAULT_MODEL_PLATFORM,
  imageToVideoMessages,
  imageVideoSettingsSchema,
  LAST_FRAME_MIME_TYPES,
  seedSchema,
  UPLOAD_MAX_BYTES,
  VOICE_SAMPLE_MIME_TYPES,
} from '@reelcraft/contract';
import { z } from 'zod';
import type { ImageToVideoStart } from './api/create-image-to-video-session';
import type { ImageSlot } from './slots';

// The create tab's form: the fields of the start call as the inputs hold them, and how the valid
// values and the image slots become the call.

function optionalFile(types: readonly string[], wrongType: string) {
  return z
    .custom<File>((value) => value instanceof File)
    .refine((file) => types.includes(file.type), wrongType)
    .refine((file) => file.size < UPLOAD_MAX_BYTES, imageToVideoMessages.fileTooLarge)
    .nullable();
}

export const createVideoFormSchema = imageVideoSettingsSchema.extend({
  prompt: z.string().trim().min(1, imageToVideoMessages.promptRequired),
  // Left empty, the server picks a seed.
  seed: z
    .string()
    .transform((text) => (text.trim() === '' ? undefined : Number(text)))
    .pipe(seedSchema.optional()),
  last_frame_image: optionalFile(LAST_FRAME_MIME_TYPES, imageToVideoMessages.invalidLastFrame),
  voice_sample_file: optionalFile(VOICE_SAMPLE_MIME_TYPES, imageToVideoMessages.invalidVoiceSample),
  /** One of the user's saved voice clones, whose recording is the voice sample (instead of a file). */
  voice_clone_id: z.string().nullable(),
});
export type CreateVideoFormInput = z.input<typeof createVideoFormSchema>;
export type CreateVideoFormValues = z.output<typeof createVideoFormSchema>;

export const createVideoFormDefaults: CreateVideoFormInput = {
  prompt: '',
  quality: DEFAULT_IMAGE_VIDEO_QUALITY,
  mode: DEFAULT_IMAGE_VIDEO_MODE,
  aspect_ratio: DEFAULT_ASPECT_RATIO,
  duration: DEFAULT_IMAGE_VIDEO_DURATION_S,
  seed: String(DEFAULT_IMAGE_VIDEO_SEED),
  last_frame_image: null,
  voice_sample_file: null,
  voice_clone_id: null,
};

/**
 * The start call for valid values: stored images travel by URI, the others (their upload failed) as
 * files. Null when no slot holds either.
 */
export function imageToVideoStart(
  values: CreateVideoFormValues,
  slots: readonly ImageSlot[],
): ImageToVideoStart | null {
  const stored = slots.flatMap((slot) => (slot.objectKey ? [slot.objectKey] : []));
  const files = slots.flatMap((slot) => (!slot.objectKey && slot.file ? [slot.file] : []));
  if (stored.length === 0 && files.length === 0) return null;
  const { prompt, seed, last_frame_image, voice_sample_file, voice_clone_id, ...settings } = values;
  return {
    body: {
      prompt,
      model_platform: DEFAULT_MODEL_PLATFORM,
      source: 'image-to-video',
      ...(stored.length > 0 ? { existing_gcs_uris: JSON.stringify(stored) } : {}),
      ...(seed !== undefined ? { seed } : {}),
      extra_params: JSON.stringify(settings),
      // A picked file wins over a saved voice.
      ...(voice_clone_id && !voice_sample_file ? { voice_clone_id } : {}),
    },
    files: {
      ...(files.length > 0 ? { files } : {}),
      ...(last_frame_image ? { last_frame_image } : {}),
      ...(voice_sample_file ? { voice_sample_file } : {}),
    },
  };
}
