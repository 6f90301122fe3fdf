import { z } from 'zod';
import { ASPECT_RATIOS, TEXT_VIDEO_DURATIONS_S } from '../constants';
import { defineCall } from '../define-call';
import { storyboardMessages } from '../messages';
import { binaryAnswerSchema, idSchema, isoDateTimeSchema } from '../shared-schemas';

const TAG = 'storyboards';

/**
 * Storyboards (issue 31, DESIGN.md section 8, docs/decisions/035): the one editable model of what a
 * video says and shows. Every flow writes one; the renderer reads only it.
 */

/** Bounds every storyboard is held to; the server refuses anything outside them with a 422. */
export const STORYBOARD_LIMITS = {
  minScenes: 1,
  maxScenes: 40,
  /** About 40 s of speech: a scene says one thing. */
  maxNarrationChars: 600,
  minSceneSeconds: 1,
  maxSceneSeconds: 30,
  /** The whole video; longer ones are several videos. */
  maxTotalSeconds: 180,
  maxSubjects: 3,
  maxScenePromptChars: 500,
  /** Saved versions kept for the history (older ones are dropped). */
  keptVersions: 30,
} as const;

/**
 * The pace a narration is estimated and written at: the offline voices say 3.4-3.9 words a second
 * (measured on espeak-ng's eight narrators), vendor voices a little slower. A render measures the
 * speech itself; this is the estimate the editor shows and drafts are sized by.
 */
export const NARRATION_WORDS_PER_SECOND = 3.6;

/** Seconds a narration takes to say, as the editor shows it live (the render measures the speech). */
export function estimateNarrationSeconds(narration: string): number {
  const words = narration.split(/\s+/).filter(Boolean).length;
  if (words === 0) return 0;
  return Math.round((words / NARRATION_WORDS_PER_SECOND + 0.6) * 10) / 10;
}

/**
 * A scene's length when it follows its narration: the estimate within the scene limits; a scene
 * without narration keeps `fallback`. The editor shows it and the server saves it.
 */
export function narratedSceneSeconds(narration: string, fallback: number): number {
  const estimate = estimateNarrationSeconds(narration);
  if (estimate === 0) return fallback;
  return Math.min(STORYBOARD_LIMITS.maxSceneSeconds, Math.max(STORYBOARD_LIMITS.minSceneSeconds, estimate));
}

export const SCENE_SETTINGS = [
  'forest',
  'snowfield',
  'city',
  'beach',
  'desert',
  'mountains',
  'space',
  'underwater',
  'office',
  'kitchen',
  'studio',
  'cafe',
  'field',
  'lake',
  'sky',
  'home',
  'abstract',
] as const;
export const sceneSettingSchema = z.enum(SCENE_SETTINGS);
export type SceneSetting = z.infer<typeof sceneSettingSchema>;

export const TIMES_OF_DAY = ['dawn', 'day', 'sunset', 'night'] as const;
export const timeOfDaySchema = z.enum(TIMES_OF_DAY);
export type TimeOfDay = z.infer<typeof timeOfDaySchema>;

export const WEATHERS = ['clear', 'cloudy', 'fog', 'rain', 'snow', 'storm'] as const;
export const weatherSchema = z.enum(WEATHERS);
export type SceneWeather = z.infer<typeof weatherSchema>;

/** `auto`: the renderer picks a move that suits the scene. */
export const CAMERA_MOVES = ['auto', 'push-in', 'pull-back', 'pan', 'orbit', 'aerial'] as const;
export const cameraMoveSchema = z.enum(CAMERA_MOVES);
export type SceneCameraMove = z.infer<typeof cameraMoveSchema>;

/**
 * What the subjects do: stand (hero), cross the frame, fly in an arc, turn, float, fall, grow; or
 * speak: the scene's image subject is a portrait that says the narration to the camera, its mouth
 * moving with the words (the avatar presenter). A speaking scene needs an image subject.
 */
export const SCENE_ACTIONS = ['hero', 'cross', 'arc', 'spin', 'bob', 'drop', 'grow', 'speak'] as const;
export const sceneActionSchema = z.enum(SCENE_ACTIONS);
export type SceneAction = z.infer<typeof sceneActionSchema>;

export const SCENE_TRANSITIONS = ['cut', 'fade'] as const;
export const sceneTransitionSchema = z.enum(SCENE_TRANSITIONS);
export type SceneTransition = z.infer<typeof sceneTransitionSchema>;

export const MUSIC_MOODS = ['calm', 'bright', 'energetic', 'dreamy', 'warm', 'modern'] as const;
export const musicMoodSchema = z.enum(MUSIC_MOODS);
export type MusicMoodName = z.infer<typeof musicMoodSchema>;

export const CAPTION_STYLES = ['highlight', 'plain'] as const;
export const captionStyleSchema = z.enum(CAPTION_STYLES);

/** The shipped illustration set's names: lower-case words joined by dashes ("red-apple"). */
export const illustrationIdSchema = z
  .string()
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, storyboardMessages.unknownIllustration);

/** Who or what a scene shows: an illustration of the shipped set, or one of the user's own images. */
export const sceneSubjectSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('illustration'),
    id: illustrationIdSchema,
    label: z.string().max(120),
    /** A colour the prompt gave it ("a red ball"); `neutral` greys it (metals, black, white). */
    tint: z
      .object({ color: z.string().regex(/^#[0-9a-f]{6}$/), neutral: z.boolean() })
      .nullable()
      .default(null),
  }),
  z.object({
    kind: z.literal('image'),
    /**
     * One of the caller's uploads or library images: a storage URI or a URL the API handed out (the
     * server checks it is the caller's and keeps it as a storage URI).
     */
    image_url: z.string().min(1).max(4096),
    label: z.string().max(120),
  }),
]);
export type SceneSubject = z.infer<typeof sceneSubjectSchema>;

export const sceneVisualSchema = z.object({
  subjects: z
    .array(sceneSubjectSchema)
    .max(STORYBOARD_LIMITS.maxSubjects, storyboardMessages.tooManySubjects),
  setting: sceneSettingSchema,
  time: timeOfDaySchema,
  weather: weatherSchema,
  camera: cameraMoveSchema,
  action: sceneActionSchema,
  /** What a cloud video provider is asked to show; null offline (the fields above are drawn). */
  prompt: z.string().max(STORYBOARD_LIMITS.maxScenePromptChars).nullable(),
});
export type SceneVisual = z.infer<typeof sceneVisualSchema>;

export const sceneIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'A scene id holds letters, digits, dashes and underscores.');

export const storyboardSceneSchema = z.object({
  id: sceneIdSchema,
  /** The words spoken, which are also the captions (the server trims them). */
  narration: z.string().max(STORYBOARD_LIMITS.maxNarrationChars, storyboardMessages.narrationTooLong),
  duration_seconds: z
    .number()
    .min(STORYBOARD_LIMITS.minSceneSeconds, storyboardMessages.sceneTooShort)
    .max(STORYBOARD_LIMITS.maxSceneSeconds, storyboardMessages.sceneTooLong),
  /** True when the user set the length; otherwise it follows the narration. */
  duration_fixed: z.boolean(),
  transition: sceneTransitionSchema,
  visual: sceneVisualSchema,
});
export type StoryboardScene = z.infer<typeof storyboardSceneSchema>;

export const storyboardMusicSchema = z.object({
  mood: musicMoodSchema,
  /** 0 is no music. */
  volume: z.number().min(0).max(1),
});

export const storyboardCaptionsSchema = z.object({
  enabled: z.boolean(),
  style: captionStyleSchema,
});

/** What a save sends: the whole storyboard as edited. */
export const storyboardContentSchema = z.object({
  /** Must hold more than spaces (the server trims it). */
  title: z.string().regex(/\S/, storyboardMessages.titleRequired).max(200),
  aspect_ratio: z.enum(ASPECT_RATIOS),
  /** A built-in voice or one of the caller's clones; null: no narration is spoken. */
  voice_id: z.string().max(128).nullable(),
  music: storyboardMusicSchema,
  captions: storyboardCaptionsSchema,
  language: z.string().regex(/^[a-z]{2}$/),
  scenes: z
    .array(storyboardSceneSchema)
    .min(STORYBOARD_LIMITS.minScenes, storyboardMessages.noScenes)
    .max(STORYBOARD_LIMITS.maxScenes, storyboardMessages.tooManyScenes),
});
export type StoryboardContent = z.infer<typeof storyboardContentSchema>;

export const storyboardStatusSchema = z.enum(['draft', 'rendering', 'rendered']);
export type StoryboardStatus = z.infer<typeof storyboardStatusSchema>;

export const storyboardSchema = storyboardContentSchema.extend({
  id: z.string(),
  /** Grows by one with each save. */
  version: z.number().int().min(1),
  status: storyboardStatusSchema,
  /** The prompt it was written from (empty when made from other material). */
  prompt: z.string(),
  /** The scenes' seconds added up. */
  duration_seconds: z.number(),
  /** The newest video rendered from it, a signed URL to play it, and the version it came from. */
  video_id: z.string().nullable(),
  video_url: z.string().nullable(),
  rendered_version: z.number().int().nullable(),
  /** That video has its captions drawn into the picture: a player shows no captions track over them. */
  video_captions_in_picture: z.boolean(),
  /** While it renders: the generation to follow (GET /generations/{id}); null otherwise. */
  render_session_id: z.string().nullable(),
  /**
   * What "Render" would do now: the scenes that render again (all of them before the first
   * render) and how many videos of the quota it takes (docs/decisions/035).
   */
  pending_render: z.object({
    scene_ids: z.array(z.string()),
    videos_cost: z.number().int().min(0).max(1),
  }),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type Storyboard = z.infer<typeof storyboardSchema>;

export const storyboardParamsSchema = z.object({ id: idSchema });

export const createStoryboardBodySchema = z.object({
  prompt: z.string().trim().min(1, storyboardMessages.promptRequired).max(4000),
  duration: z.literal(TEXT_VIDEO_DURATIONS_S),
  aspect_ratio: z.enum(ASPECT_RATIOS).optional(),
  voice_id: z.string().max(128).nullable().optional(),
  language: z
    .string()
    .regex(/^[a-z]{2}$/)
    .optional(),
});
export type CreateStoryboardBody = z.infer<typeof createStoryboardBodySchema>;

/** Writes a draft storyboard from a prompt: nothing renders and nothing is taken from the quota. */
export const createStoryboard = defineCall({
  name: 'createStoryboard',
  method: 'POST',
  path: '/storyboards',
  auth: 'bearer',
  tag: TAG,
  summary: 'Plan a video from a prompt as an editable storyboard',
  body: createStoryboardBodySchema,
  successStatus: 201,
  response: storyboardSchema,
});

export const getStoryboard = defineCall({
  name: 'getStoryboard',
  method: 'GET',
  path: '/storyboards/:id',
  auth: 'bearer',
  tag: TAG,
  summary: 'One of the caller’s storyboards (404 for anyone else’s)',
  params: storyboardParamsSchema,
  response: storyboardSchema,
});

export const saveStoryboardBodySchema = storyboardContentSchema.extend({
  /** The version the edit started from: a save on top of a newer one answers 409. */
  version: z.number().int().min(1),
});
export type SaveStoryboardBody = z.infer<typeof saveStoryboardBodySchema>;

/** 409 answer of a save that lost a race: the reason and the storyboard as it now is. */
export const storyboardConflictSchema = z.object({ detail: z.string(), current: storyboardSchema });
export type StoryboardConflict = z.infer<typeof storyboardConflictSchema>;

export const saveStoryboard = defineCall({
  name: 'saveStoryboard',
  method: 'PUT',
  path: '/storyboards/:id',
  auth: 'bearer',
  tag: TAG,
  summary: 'Save the whole storyboard as a new version (409 when another save came first)',
  params: storyboardParamsSchema,
  body: saveStoryboardBodySchema,
  response: storyboardSchema,
});

export const renderStoryboard = defineCall({
  name: 'renderStoryboard',
  method: 'POST',
  path: '/storyboards/:id/render',
  auth: 'bearer',
  tag: TAG,
  summary: 'Render a saved version; follow it with GET /generations/{session_id}',
  params: storyboardParamsSchema,
  body: z.object({ version: z.number().int().min(1) }),
  successStatus: 202,
  response: z.object({ session_id: z.string(), video_id: z.string() }),
});

export const storyboardVersionSummarySchema = z.object({
  version: z.number().int(),
  saved_at: isoDateTimeSchema,
  scene_count: z.number().int(),
  duration_seconds: z.number(),
  /** Whether a video was rendered from this version. */
  rendered: z.boolean(),
});

export const listStoryboardVersions = defineCall({
  name: 'listStoryboardVersions',
  method: 'GET',
  path: '/storyboards/:id/versions',
  auth: 'bearer',
  tag: TAG,
  summary: 'The saved versions of a storyboard, newest first',
  params: storyboardParamsSchema,
  response: z.object({ versions: z.array(storyboardVersionSummarySchema) }),
});

/** Restores an old version by saving it again as the newest one (nothing is lost). */
export const restoreStoryboardVersion = defineCall({
  name: 'restoreStoryboardVersion',
  method: 'POST',
  path: '/storyboards/:id/versions/:version/restore',
  auth: 'bearer',
  tag: TAG,
  summary: 'Save an older version again as the newest',
  params: z.object({ id: idSchema, version: z.coerce.number().int().min(1) }),
  response: storyboardSchema,
});

export const scenePreviewParamsSchema = z.object({ id: idSchema, scene_id: sceneIdSchema });

/** A still PNG of a saved scene as the offline renderer draws it (without captions). */
export const getScenePreview = defineCall({
  name: 'getScenePreview',
  method: 'GET',
  path: '/storyboards/:id/scenes/:scene_id/preview',
  auth: 'bearer',
  tag: TAG,
  summary: 'A still of one scene',
  params: scenePreviewParamsSchema,
  responseKind: 'binary',
  response: binaryAnswerSchema,
});

export const illustrationSchema = z.object({
  id: z.string(),
  label: z.string(),
  preview_url: z.string(),
});
export type Illustration = z.infer<typeof illustrationSchema>;

export const searchIllustrations = defineCall({
  name: 'searchIllustrations',
  method: 'GET',
  path: '/illustrations',
  auth: 'bearer',
  tag: TAG,
  summary: 'Illustrations of the shipped set matching a word, for the subject picker',
  query: z.object({ q: z.string().trim().max(80).default('') }),
  response: z.array(illustrationSchema),
});

/** An illustration as SVG (public: the set ships with the product). */
export const getIllustrationImage = defineCall({
  name: 'getIllustrationImage',
  method: 'GET',
  path: '/illustrations/:id/image',
  auth: 'none',
  tag: TAG,
  summary: 'One illustration as SVG',
  params: z.object({ id: illustrationIdSchema }),
  responseKind: 'binary',
  response: binaryAnswerSchema,
});

export const videoCaptionsParamsSchema = z.object({ id: idSchema });

/** WebVTT captions of a finished video, timed to its speech (404 when it has none). */
export const getVideoCaptionsVtt = defineCall({
  name: 'getVideoCaptionsVtt',
  method: 'GET',
  path: '/videos/:id/captions.vtt',
  auth: 'bearer',
  tag: TAG,
  summary: 'Captions of a video as WebVTT',
  params: videoCaptionsParamsSchema,
  responseKind: 'binary',
  response: binaryAnswerSchema,
});

export const getVideoCaptionsSrt = defineCall({
  name: 'getVideoCaptionsSrt',
  method: 'GET',
  path: '/videos/:id/captions.srt',
  auth: 'bearer',
  tag: TAG,
  summary: 'Captions of a video as SubRip',
  params: videoCaptionsParamsSchema,
  responseKind: 'binary',
  response: binaryAnswerSchema,
});

/** Opens (or rebuilds) the storyboard of a video made before storyboards, or answers the existing one. */
export const getVideoStoryboard = defineCall({
  name: 'getVideoStoryboard',
  method: 'POST',
  path: '/videos/:id/storyboard',
  auth: 'bearer',
  tag: TAG,
  summary: 'The storyboard a video was rendered from, rebuilt from its prompt when it has none',
  params: videoCaptionsParamsSchema,
  response: storyboardSchema,
});
