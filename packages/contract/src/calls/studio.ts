import { z } from 'zod';
import {
  ASPECT_RATIOS,
  DEFAULT_ASPECT_RATIO,
  DEFAULT_LIPSYNC_MODEL,
  DEFAULT_STUDIO_DURATION_S,
  DEFAULT_STUDIO_FPS,
  DEFAULT_VOICE_ID,
  RECORDED_VOICEOVER_MIME_TYPES,
  STUDIO_DURATION_LIMITS_S,
  STUDIO_FPS_OPTIONS,
  STUDIO_MAX_SUBJECT_REFS,
  UPLOAD_MAX_BYTES,
  VOICE_SETTINGS_DEFAULTS,
} from '../constants';
import { defineCall } from '../define-call';
import {
  idempotencyHeadersSchema,
  idParamsSchema,
  idSchema,
  isoDateTimeSchema,
  limitQuerySchema,
  mediaUrlSchema,
  seedSchema,
  storageUriSchema,
  textBooleanSchema,
} from '../shared-schemas';

const TAG = 'studio';

/**
 * Ours (issue 36, docs/decisions/037): a job left waiting for the user (candidates not picked, or a
 * chosen clip not exported) this many days after its last step expires, and its video goes back to
 * the user's plan.
 */
export const STUDIO_ABANDONED_AFTER_DAYS = 7;

/** Ours: the texts of resuming and expiring studio jobs (the spec shows none). */
export const studioJobTexts = {
  policy: `Unfinished AI Studio jobs are kept for ${STUDIO_ABANDONED_AFTER_DAYS} days after your last step; then they expire and their video goes back to your plan.`,
  expired: `This AI Studio job expired after ${STUDIO_ABANDONED_AFTER_DAYS} days without a step, and its video was given back to your plan.`,
  waitingForPick: 'Waiting for you to pick a candidate',
  waitingForFinish: 'Waiting for you to finish it in AI Studio',
  extensionRunning: 'Please wait until the extension is finished',
  extensionIncluded:
    'Extending is included in this video: it uses no extra video from your plan. The voiceover and lip-sync use the longer clip.',
} as const;

/**
 * The spec lists these; the two lowercase ones are what some steps report on completion. Exact
 * transition rules are not shown: ours follow the list's order, FAILED from any state.
 */
export const studioJobStatusSchema = z.enum([
  'CREATED',
  'CANDIDATES_GENERATING',
  'CANDIDATES_READY',
  'VIDEO_READY',
  'VOICEOVER_READY',
  'LIPSYNC_GENERATING',
  'LIPSYNC_READY',
  'COMPLETE',
  'FAILED',
  'completed',
  'lipsync_complete',
]);
export type StudioJobStatus = z.infer<typeof studioJobStatusSchema>;

export const studioCandidateSchema = z.object({
  id: z.string(),
  preview_url: z.string(),
  duration_seconds: z.number().positive(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  file_size_bytes: z.number().int().nonnegative(),
});
export type StudioCandidate = z.infer<typeof studioCandidateSchema>;

/** Step kinds and states are ours (the spec shows step_id or step_type, status and output_urls). */
export const studioStepSchema = z.object({
  step_id: z.string(),
  step_type: z.enum(['candidates', 'select', 'extend', 'voiceover', 'lipsync', 'export']),
  status: z.enum(['pending', 'running', 'completed', 'failed']),
  output_urls: z.array(z.string()),
});
export type StudioStep = z.infer<typeof studioStepSchema>;

export const studioJobAssetSchema = z.object({
  /** The spec shows video; voiceover audio is an asset too. */
  asset_type: z.enum(['video', 'audio']),
  url: z.string(),
  metadata: z.object({
    candidate_id: z.string().optional(),
    id: z.string().optional(),
    clip_id: z.string().optional(),
    video_id: z.string().optional(),
  }),
  /** When `url` stops working; fetch the assets again for fresh URLs. */
  expires_at: isoDateTimeSchema,
});
export type StudioJobAsset = z.infer<typeof studioJobAssetSchema>;

export const createStudioJobBodySchema = z.object({
  prompt: z.string().trim().min(1).max(4000),
  fps: z.literal(STUDIO_FPS_OPTIONS).default(DEFAULT_STUDIO_FPS),
  aspect: z.enum(ASPECT_RATIOS).default(DEFAULT_ASPECT_RATIO),
  duration_seconds: z
    .number()
    .int()
    .min(STUDIO_DURATION_LIMITS_S.min)
    .max(STUDIO_DURATION_LIMITS_S.max)
    .default(DEFAULT_STUDIO_DURATION_S),
  subject_refs: z.array(storageUriSchema).max(STUDIO_MAX_SUBJECT_REFS).default([]),
  style_ref: storageUriSchema.nullable().optional(),
  /** Absent or null: random. */
  seed: seedSchema.nullable().optional(),
  voice_id: z.string().min(1).max(128).optional(),
});
export type CreateStudioJobBody = z.infer<typeof createStudioJobBodySchema>;

export const studioJobCreatedSchema = z.object({ job_id: z.string(), workflow_id: z.string() });
export type StudioJobCreated = z.infer<typeof studioJobCreatedSchema>;

/** Starts generating the candidates; 403 when the quota is used up (counted here, atomically). */
export const createStudioJob = defineCall({
  name: 'createStudioJob',
  method: 'POST',
  path: '/studio/veo/jobs',
  auth: 'bearer',
  tag: TAG,
  summary: 'Start a studio job: generate the candidate clips',
  body: createStudioJobBodySchema,
  successStatus: 201,
  response: studioJobCreatedSchema,
});

/** A reference photo of a job: its storage URI and a signed URL to show it. */
export const studioReferenceSchema = z.object({ gcs_uri: z.string(), url: z.string(), filename: z.string() });
export type StudioReference = z.infer<typeof studioReferenceSchema>;

export const studioJobSchema = z.object({
  job_id: z.string(),
  workflow_id: z.string(),
  status: studioJobStatusSchema,
  /**
   * Ours: how far the work under way is, 0..1 (the event stream carries the same): the candidates,
   * then a running extension or lip-sync (each starts again from 0). It never goes down within one.
   */
  progress: z.number().min(0).max(1),
  candidates: z.array(studioCandidateSchema),
  selected_candidate_id: z.string().nullable(),
  steps: z.array(studioStepSchema),
  assets: z.array(studioJobAssetSchema),
  final_video_url: z.string().nullable(),
  voiceover_audio_url: z.string().nullable(),
  error: z.string().nullable(),
  /** Ours: what the job was asked for, so another device can resume it (the photos with URLs to show). */
  prompt: z.string(),
  subject_refs: z.array(studioReferenceSchema),
  style_ref: studioReferenceSchema.nullable(),
  aspect: z.string(),
  fps: z.number().int(),
  duration_seconds: z.number().int(),
  /** Ours: the library video the job makes (My Projects shows it as processing until the export). */
  video_id: z.string().nullable(),
  created_at: isoDateTimeSchema,
  /** Ours: when the job expires if left as it is (docs/decisions/037); null when it cannot. */
  expires_at: isoDateTimeSchema.nullable(),
});
export type StudioJob = z.infer<typeof studioJobSchema>;

/** Ours: one of the user's studio jobs, as the list of jobs to resume shows it. */
export const studioJobSummarySchema = z.object({
  job_id: z.string(),
  status: studioJobStatusSchema,
  prompt: z.string(),
  candidate_count: z.number().int().nonnegative(),
  selected_candidate_id: z.string().nullable(),
  /** A signed URL of the chosen clip, else the first candidate; null before any. */
  preview_url: z.string().nullable(),
  video_id: z.string().nullable(),
  error: z.string().nullable(),
  created_at: isoDateTimeSchema,
  /** The last step (what the expiry counts from). */
  updated_at: isoDateTimeSchema,
  expires_at: isoDateTimeSchema.nullable(),
});
export type StudioJobSummary = z.infer<typeof studioJobSummarySchema>;

export const listStudioJobsQuerySchema = z.object({
  /** Only the jobs neither complete nor failed (those a user can go on with). */
  open: textBooleanSchema.optional(),
  limit: limitQuerySchema.default(20),
});

/**
 * Ours (issue 36): the user's studio jobs, the last changed first, so a job can be resumed from any
 * device. Jobs past their expiry are expired as they are read.
 */
export const listStudioJobs = defineCall({
  name: 'listStudioJobs',
  method: 'GET',
  path: '/studio/veo/jobs',
  auth: 'bearer',
  tag: TAG,
  summary: "The signed-in user's studio jobs, the last changed first",
  query: listStudioJobsQuerySchema,
  response: z.object({ jobs: z.array(studioJobSummarySchema) }),
});

export const getStudioJob = defineCall({
  name: 'getStudioJob',
  method: 'GET',
  path: '/studio/veo/jobs/:id',
  auth: 'bearer',
  tag: TAG,
  summary: 'State of a studio job',
  params: idParamsSchema,
  response: studioJobSchema,
});

/**
 * One event of a job's stream: the SSE `event:` field is `type`, `data:` is this object as JSON.
 * The event types are the spec's (001 section 4); their fields are ours.
 */
export const studioEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state'), status: studioJobStatusSchema, message: z.string().nullable() }),
  z.object({ type: z.literal('asset'), asset: studioJobAssetSchema }),
  z.object({
    type: z.literal('progress'),
    status: studioJobStatusSchema,
    progress: z.number().min(0).max(1),
  }),
  z.object({ type: z.literal('voiceover_complete'), voiceover_audio_url: z.string() }),
  z.object({ type: z.literal('extension_complete'), final_video_url: z.string() }),
  z.object({ type: z.literal('lipsync_complete'), final_video_url: z.string() }),
  z.object({ type: z.literal('step_complete'), step: studioStepSchema }),
  z.object({ type: z.literal('workflow_complete'), final_video_url: z.string() }),
  z.object({ type: z.literal('error'), message: z.string() }),
  z.object({ type: z.literal('lipsync_failed'), message: z.string() }),
]);
export type StudioEvent = z.infer<typeof studioEventSchema>;
export type StudioEventType = StudioEvent['type'];
export const STUDIO_EVENT_TYPES: readonly StudioEventType[] = studioEventSchema.options.map(
  (option) => option.shape.type.value,
);

/**
 * Server-sent events of one job, authenticated with the Bearer header (the client reads the stream with
 * fetch, since EventSource cannot send headers). The first event is the current state.
 */
export const streamStudioJobEvents = defineCall({
  name: 'streamStudioJobEvents',
  method: 'GET',
  path: '/studio/veo/jobs/:id/events',
  auth: 'bearer',
  tag: TAG,
  summary: 'Live events of a studio job (text/event-stream)',
  params: idParamsSchema,
  responseKind: 'event-stream',
  response: studioEventSchema,
});

/** Answer of the calls that change the job's video. */
export const studioVideoAnswerSchema = z.object({
  status: studioJobStatusSchema,
  /** Null while the work continues in the background (watch the event stream). */
  final_video_url: z.string().nullable(),
});
export type StudioVideoAnswer = z.infer<typeof studioVideoAnswerSchema>;

/** 400 `Candidates not ready for selection` before CANDIDATES_READY; the client retries. */
export const selectStudioCandidate = defineCall({
  name: 'selectStudioCandidate',
  method: 'POST',
  path: '/studio/veo/jobs/:id/select',
  auth: 'bearer',
  tag: TAG,
  summary: 'Choose one of the candidates as the video',
  params: idParamsSchema,
  body: z.object({ candidate_id: idSchema }),
  response: studioVideoAnswerSchema,
});

/** Idempotency keys guard the calls that start paid work: a retried request does not start it twice. */
export const extendStudioVideo = defineCall({
  name: 'extendStudioVideo',
  method: 'POST',
  path: '/studio/veo/jobs/:id/extend',
  auth: 'bearer',
  tag: TAG,
  summary: 'Lengthen the chosen video',
  params: idParamsSchema,
  headers: idempotencyHeadersSchema,
  body: z.object({
    additional_seconds: z.number().int().min(STUDIO_DURATION_LIMITS_S.min).max(STUDIO_DURATION_LIMITS_S.max),
    /** What happens in the added part; absent: continue the scene. */
    prompt: z.string().trim().max(4000).optional(),
  }),
  response: studioVideoAnswerSchema,
});

const voiceSettingSchema = z.number().min(0).max(1);

export const studioVoiceoverBodySchema = z.object({
  text: z.string().trim().min(1).max(5000),
  voice_id: z.string().min(1).max(128).default(DEFAULT_VOICE_ID),
  stability: voiceSettingSchema.default(VOICE_SETTINGS_DEFAULTS.stability),
  similarity_boost: voiceSettingSchema.default(VOICE_SETTINGS_DEFAULTS.similarity_boost),
  style: voiceSettingSchema.default(VOICE_SETTINGS_DEFAULTS.style),
  use_speaker_boost: z.boolean().default(VOICE_SETTINGS_DEFAULTS.use_speaker_boost),
});
export type StudioVoiceoverBody = z.infer<typeof studioVoiceoverBodySchema>;

export const studioVoiceoverAnswerSchema = z.object({
  status: studioJobStatusSchema,
  message: z.string(),
  voiceover_audio_url: z.string().nullable(),
});
export type StudioVoiceoverAnswer = z.infer<typeof studioVoiceoverAnswerSchema>;

/** Needs VIDEO_READY: 400 `Video must be ready before adding voiceover` otherwise. */
export const createStudioVoiceover = defineCall({
  name: 'createStudioVoiceover',
  method: 'POST',
  path: '/studio/veo/jobs/:id/voiceover',
  auth: 'bearer',
  tag: TAG,
  summary: 'Narrate the video with a synthesised voice',
  params: idParamsSchema,
  headers: idempotencyHeadersSchema,
  body: studioVoiceoverBodySchema,
  response: studioVoiceoverAnswerSchema,
});

/** Answer not shown in the spec: ours is the same as the synthesised voiceover's. */
export const uploadStudioVoiceover = defineCall({
  name: 'uploadStudioVoiceover',
  method: 'POST',
  path: '/studio/veo/jobs/:id/voiceover/recorded',
  auth: 'bearer',
  tag: TAG,
  summary: 'Use a recorded voiceover',
  params: idParamsSchema,
  body: z.object({}),
  bodyEncoding: 'multipart',
  files: [
    {
      name: 'audio_file',
      repeated: false,
      required: true,
      accept: RECORDED_VOICEOVER_MIME_TYPES,
      maxBytes: UPLOAD_MAX_BYTES,
    },
  ],
  response: studioVoiceoverAnswerSchema,
});

export const studioLipsyncBodySchema = z.object({
  /** Absent: the job's own voiceover. 400 `No audio available for lip-sync` when it has none. */
  audio_url: z.union([mediaUrlSchema, storageUriSchema]).optional(),
  model: z.string().min(1).max(64).default(DEFAULT_LIPSYNC_MODEL),
});
export type StudioLipsyncBody = z.infer<typeof studioLipsyncBodySchema>;

/** Answer not shown in the spec: ours says the work started; completion arrives as events. */
export const applyStudioLipsync = defineCall({
  name: 'applyStudioLipsync',
  method: 'POST',
  path: '/studio/veo/jobs/:id/lipsync',
  auth: 'bearer',
  tag: TAG,
  summary: 'Fit the lips of the video to the voiceover',
  params: idParamsSchema,
  headers: idempotencyHeadersSchema,
  body: studioLipsyncBodySchema,
  successStatus: 202,
  response: z.object({ status: studioJobStatusSchema, message: z.string() }),
});

export const getStudioJobAssets = defineCall({
  name: 'getStudioJobAssets',
  method: 'GET',
  path: '/studio/veo/jobs/:id/assets',
  auth: 'bearer',
  tag: TAG,
  summary: 'Media of a studio job, with fresh signed URLs',
  params: idParamsSchema,
  response: z.object({ job_id: z.string(), assets: z.array(studioJobAssetSchema) }),
});
