import { z } from 'zod';
import {
  UPLOAD_MAX_BYTES,
  VOICE_PREVIEW_MAX_CHARS,
  VOICE_CLONE_MIME_TYPES,
  VOICES_PAGE_SIZE,
  VOICES_SORT,
  VOICES_SORT_DIRECTION,
} from '../constants';
import { defineCall } from '../define-call';
import { voiceMessages } from '../messages';
import { isoDateTimeSchema, jsonText, textBooleanSchema, textNumber } from '../shared-schemas';

const TAG = 'voices';

export const voiceOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** From the labels, or guessed from the name when the provider gives none. */
  gender: z.enum(['male', 'female', 'neutral']).nullable(),
  accent: z.string().nullable(),
  category: z.string(),
  preview_url: z.string().nullable(),
  description: z.string().nullable(),
  labels: z.record(z.string(), z.string()),
});
export type VoiceOption = z.infer<typeof voiceOptionSchema>;

/** The query of the voice provider's own list call (ElevenLabs v2), which the path keeps naming. */
export const listVoicesQuerySchema = z.object({
  page_size: textNumber().pipe(z.number().int().min(1).max(100)).default(VOICES_PAGE_SIZE),
  sort: z.enum(['name', 'created_at_unix']).default(VOICES_SORT),
  sort_direction: z.enum(['asc', 'desc']).default(VOICES_SORT_DIRECTION),
  voice_type: z.enum(['personal', 'community', 'default', 'workspace', 'non-default']).optional(),
  include_total_count: textBooleanSchema.default(true),
});
export type ListVoicesQuery = z.infer<typeof listVoicesQuerySchema>;

export const voiceListAnswerSchema = z.object({
  voices: z.array(voiceOptionSchema),
  total_count: z.number().int().nonnegative(),
  has_more: z.boolean(),
});
export type VoiceListAnswer = z.infer<typeof voiceListAnswerSchema>;

/** The built-in voices and the user's clones. */
export const listVoices = defineCall({
  name: 'listVoices',
  method: 'GET',
  path: '/elevenlabs/voices',
  auth: 'bearer',
  tag: TAG,
  summary: 'Voices for voiceovers',
  query: listVoicesQuerySchema,
  response: voiceListAnswerSchema,
});

export const voiceCloneSchema = z.object({
  voice_id: z.string(),
  name: z.string(),
  /** The spec shows ready; ours also reports a clone still being made or one that failed. */
  status: z.enum(['processing', 'ready', 'failed']),
  message: z.string().nullable(),
  created_at: isoDateTimeSchema,
});
export type VoiceClone = z.infer<typeof voiceCloneSchema>;

export const createVoiceCloneBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().max(500).optional(),
  /** JSON object of short tags, e.g. {"accent":"british"}. */
  labels: jsonText(z.record(z.string().max(50), z.string().max(100))).optional(),
});
export type CreateVoiceCloneBody = z.infer<typeof createVoiceCloneBodySchema>;

export const createVoiceClone = defineCall({
  name: 'createVoiceClone',
  method: 'POST',
  path: '/elevenlabs/voice-clone',
  auth: 'bearer',
  tag: TAG,
  summary: 'Clone a voice from an audio sample',
  body: createVoiceCloneBodySchema,
  bodyEncoding: 'multipart',
  files: [
    {
      name: 'audio_file',
      repeated: false,
      required: true,
      accept: VOICE_CLONE_MIME_TYPES,
      maxBytes: UPLOAD_MAX_BYTES,
    },
  ],
  successStatus: 201,
  response: voiceCloneSchema,
});

export const listVoiceClones = defineCall({
  name: 'listVoiceClones',
  method: 'GET',
  path: '/elevenlabs/voice-clones',
  auth: 'bearer',
  tag: TAG,
  summary: "The signed-in user's cloned voices",
  response: z.object({ voice_clones: z.array(voiceCloneSchema) }),
});

/** Answer not shown in the spec: ours names what was deleted and when. */
export const deleteVoiceClone = defineCall({
  name: 'deleteVoiceClone',
  method: 'DELETE',
  path: '/elevenlabs/voice-clone/:id',
  auth: 'bearer',
  tag: TAG,
  summary: 'Delete a cloned voice',
  params: z.object({ id: z.string().min(1).max(128) }),
  response: z.object({ voice_id: z.string(), deleted_at: isoDateTimeSchema }),
});

/**
 * Ours: a voice (built-in or the caller's clone) speaking a sentence the user typed, so a clone can be
 * heard before it is used. The audio is kept for a day.
 */
export const previewVoiceBodySchema = z.object({
  text: z.string().trim().min(1, voiceMessages.previewTextRequired).max(VOICE_PREVIEW_MAX_CHARS),
});

export const previewVoice = defineCall({
  name: 'previewVoice',
  method: 'POST',
  path: '/elevenlabs/voices/:id/preview',
  auth: 'bearer',
  tag: TAG,
  summary: 'Hear a voice say a sentence',
  params: z.object({ id: z.string().min(1).max(128) }),
  body: previewVoiceBodySchema,
  response: z.object({ audio_url: z.string(), duration_seconds: z.number().nonnegative() }),
});
