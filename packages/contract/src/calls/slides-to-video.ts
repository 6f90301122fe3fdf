import { z } from 'zod';
import {
  ASPECT_RATIOS,
  DECK_MAX_BYTES,
  DECK_MAX_SLIDES,
  DECK_MIME_TYPES,
  DEFAULT_ASPECT_RATIO,
  DEFAULT_VOICE_ID,
  SLIDE_NARRATION_MAX_CHARS,
} from '../constants';
import { defineCall } from '../define-call';
import { idParamsSchema, idSchema, isoDateTimeSchema } from '../shared-schemas';
import { generationJobStatusSchema, sessionStartedSchema } from './text-to-video';
import { imageVideoCurrentStageSchema } from './image-to-video';

const TAG = 'slides-to-video';

// Ours, all of it: spec 000 and 001 name the route /ppt-to-video and say its screen is not shown.

/** What the server can import here: LibreOffice and poppler are system tools that may be missing. */
export const slidesCapabilitiesSchema = z.object({
  pdf: z.boolean(),
  pptx: z.boolean(),
  /** The Debian packages to install for what is missing, e.g. `libreoffice-impress`. */
  missing: z.array(z.string()),
  /** The screen's explanation when something is missing; null when everything works. */
  message: z.string().nullable(),
});
export type SlidesCapabilities = z.infer<typeof slidesCapabilitiesSchema>;

export const getSlidesCapabilities = defineCall({
  name: 'getSlidesCapabilities',
  method: 'GET',
  path: '/ppt-to-video/capabilities',
  auth: 'bearer',
  tag: TAG,
  summary: 'Which deck formats this server can import',
  response: slidesCapabilitiesSchema,
});

export const deckStatusSchema = z.enum(['processing', 'ready', 'failed']);
export type DeckStatus = z.infer<typeof deckStatusSchema>;

export const deckSlideSchema = z.object({
  /** 1-based, in the deck's order. */
  index: z.number().int().min(1),
  /** Expiring signed URL of the slide rendered 1920 px wide (PNG). */
  image_url: z.string(),
  /** The slide's own text. */
  text: z.string(),
  /** Speaker notes (PPTX); empty for a PDF. */
  notes: z.string(),
  /** Proposed narration: the notes when present, else written from the slide's text. */
  narration: z.string(),
});
export type DeckSlide = z.infer<typeof deckSlideSchema>;

export const deckSchema = z.object({
  deck_id: z.string(),
  filename: z.string(),
  format: z.enum(['pdf', 'pptx']),
  status: deckStatusSchema,
  /** Percent of the import, 0..100. */
  progress: z.number().min(0).max(100),
  /** Readable reason of a failed import. */
  error: z.string().nullable(),
  slides: z.array(deckSlideSchema),
  created_at: isoDateTimeSchema,
});
export type Deck = z.infer<typeof deckSchema>;

/** A PDF or PPTX, checked by its content; the import runs in the background. */
export const uploadDeck = defineCall({
  name: 'uploadDeck',
  method: 'POST',
  path: '/ppt-to-video/decks',
  auth: 'bearer',
  tag: TAG,
  summary: 'Import a PDF or PowerPoint deck',
  bodyEncoding: 'multipart',
  files: [
    { name: 'file', repeated: false, required: true, accept: DECK_MIME_TYPES, maxBytes: DECK_MAX_BYTES },
  ],
  successStatus: 202,
  response: deckSchema,
});

export const getDeck = defineCall({
  name: 'getDeck',
  method: 'GET',
  path: '/ppt-to-video/decks/:id',
  auth: 'bearer',
  tag: TAG,
  summary: 'A deck and its slides',
  params: idParamsSchema,
  response: deckSchema,
});

export const createSlidesVideoBodySchema = z.object({
  deck_id: idSchema,
  /** The slides to keep, in the video's order, each with its narration (empty: shown for 3 s). */
  slides: z
    .array(
      z.object({
        index: z.number().int().min(1).max(DECK_MAX_SLIDES),
        narration: z.string().trim().max(SLIDE_NARRATION_MAX_CHARS),
      }),
    )
    .min(1, 'Keep at least one slide')
    .max(DECK_MAX_SLIDES),
  voice_id: z.string().min(1).max(128).default(DEFAULT_VOICE_ID),
  aspect_ratio: z.enum(ASPECT_RATIOS).default(DEFAULT_ASPECT_RATIO),
  music: z.boolean().default(true),
  /** A client-chosen id makes a retried start idempotent. */
  session_id: idSchema.optional(),
});
export type CreateSlidesVideoBody = z.infer<typeof createSlidesVideoBodySchema>;

/** Reserves one video of the quota and queues the render. */
export const createSlidesVideo = defineCall({
  name: 'createSlidesVideo',
  method: 'POST',
  path: '/ppt-to-video/sessions',
  auth: 'bearer',
  tag: TAG,
  summary: 'Render a narrated video from a deck',
  body: createSlidesVideoBodySchema,
  successStatus: 201,
  response: sessionStartedSchema,
});

export const slidesVideoEstimateSchema = z.object({
  /**
   * How long the video of this body will be, in seconds: each narration as the chosen voice says it
   * (with the renderer's pauses), each silent slide's 3 s. Issue 36 item 9.
   */
  duration_seconds: z.number().nonnegative(),
  /** Each kept slide's part of it, in the body's order. */
  slides: z.array(z.object({ index: z.number().int(), duration_seconds: z.number().nonnegative() })),
});
export type SlidesVideoEstimate = z.infer<typeof slidesVideoEstimateSchema>;

/** The length the start call with the same body would render, before it is started. */
export const estimateSlidesVideo = defineCall({
  name: 'estimateSlidesVideo',
  method: 'POST',
  path: '/ppt-to-video/estimate',
  auth: 'bearer',
  tag: TAG,
  summary: 'How long a slides video will be',
  body: createSlidesVideoBodySchema,
  response: slidesVideoEstimateSchema,
});

export const slidesVideoSessionSchema = z.object({
  session_id: z.string(),
  status: generationJobStatusSchema,
  progress: z.number().min(0).max(100),
  current_stage: imageVideoCurrentStageSchema,
  final_video_url: z.string().nullable(),
  error: z.string().nullable(),
  /** Ours (issue 19): an interrupted attempt is being retried. */
  retrying: z.boolean(),
});
export type SlidesVideoSession = z.infer<typeof slidesVideoSessionSchema>;

export const getSlidesVideo = defineCall({
  name: 'getSlidesVideo',
  method: 'GET',
  path: '/ppt-to-video/sessions/:id',
  auth: 'bearer',
  tag: TAG,
  summary: 'State of a slides render',
  params: idParamsSchema,
  response: slidesVideoSessionSchema,
});
