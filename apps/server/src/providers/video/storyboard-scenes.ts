import crypto from 'node:crypto';
import {
  narratedSceneSeconds,
  STORYBOARD_LIMITS,
  type MusicMoodName,
  type SceneCameraMove,
  type StoryboardContent,
  type StoryboardScene,
} from '@reelcraft/contract';
import type { VideoQuality } from '../../media/frame-size';
import type { MotionKind } from '../../media/render-plan';
import { createRandom, hashText } from '../../media/seeded-random';
import { classifyPrompt, type PromptCategory } from '../prompt-categories';
import type { PromptReading, PromptSubject } from '../prompt-reading';
import { sceneRole, writeSceneScript, type SceneRole } from '../text/scene-script';
import { CATEGORY_LOOKS } from './category-looks';
import { gapAfter, illustratedScene, type NarrationSpacing, type SceneLayout } from './scene-planner';

/**
 * The storyboard's scenes as the offline renderer sees them (issue 31, docs/decisions/035): the key
 * a scene's clip is cached under, the layout its visual fields draw, and a draft written from a
 * prompt. Pure.
 */

/**
 * Raised when a change to the renderer changes what a scene's clip looks or sounds like: every
 * cached clip then renders again instead of mixing old and new looks in one video.
 */
export const SCENE_RENDERER_VERSION = 2;

/** The music of each mood: the look of the prompt category it was tuned for. */
export const MOOD_CATEGORIES: Record<MusicMoodName, PromptCategory> = {
  calm: 'nature',
  bright: 'product',
  energetic: 'action',
  dreamy: 'abstract',
  warm: 'lifestyle',
  modern: 'technology',
};
export const CATEGORY_MOODS = Object.fromEntries(
  Object.entries(MOOD_CATEGORIES).map(([mood, category]) => [category, mood]),
) as Record<PromptCategory, MusicMoodName>;

/** What a clip's look depends on beyond the scene itself. */
export interface SceneFormat {
  quality: VideoQuality;
  fps: number;
}

/**
 * The cache key of a scene's clip: a hash of everything the clip is made from (the scene, the
 * settings that reach its pictures and speech, the storyboard's seed, the renderer's version, and
 * who films its pictures when a vendor does: `source`, the provider's `sceneSource`). The scene's
 * position is not in it: moving a scene reuses its clip. The music is mixed over the joined clips
 * afterwards, so its volume renders no scene again; its mood does, since it chooses the look.
 */
export function sceneRenderKey(
  content: Pick<StoryboardContent, 'aspect_ratio' | 'voice_id' | 'captions' | 'language' | 'music'>,
  scene: StoryboardScene,
  seed: number,
  format: SceneFormat,
  source?: string,
): string {
  const inputs = {
    renderer: SCENE_RENDERER_VERSION,
    // The music's mood chooses the scenes' look (palette, art, caption style); its volume does not.
    look: MOOD_CATEGORIES[content.music.mood],
    // Unset offline, and then not hashed at all: drawn clips keep the keys they always had.
    source,
    aspect: content.aspect_ratio,
    voice: content.voice_id,
    captions: content.captions,
    language: content.language,
    format,
    seed: sceneSeed(seed, scene.id),
    scene: {
      narration: scene.narration,
      duration: scene.duration_fixed ? scene.duration_seconds : null,
      // A silent scene lasts what it says; a spoken one lasts its speech.
      silentDuration: content.voice_id === null || !scene.narration ? scene.duration_seconds : null,
      transition: scene.transition,
      visual: scene.visual,
    },
  };
  return crypto.createHash('sha256').update(canonicalJson(inputs)).digest('hex').slice(0, 32);
}

/**
 * JSON with every object's keys sorted: the same scene hashes alike however it was stored (jsonb
 * reorders keys) or parsed (zod writes them in schema order).
 */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The seed a scene draws with: the storyboard's, mixed with the scene's id (stable across moves). */
export const sceneSeed = (seed: number, sceneId: string) => hashText(`scene|${sceneId}`, seed >>> 0);

/** Storyboard videos are rendered at the text screen's format: standard quality, 24 frames a second. */
export const STORYBOARD_FORMAT = { quality: 'standard', fps: 24 } as const satisfies SceneFormat;

/** Every scene's cache key, in order; `source` is who films the scenes (unset: drawn offline). */
/**
 * The files of the footage a vendor filmed for a scene, in a render's clip folder and beside the
 * clips in storage (docs/decisions/035): the video, and a label of what it was filmed from.
 */
export const footageFiles = (sceneId: string) => ({
  video: `footage-${sceneId}.mp4`,
  label: `footage-${sceneId}.json`,
});

export const sceneKeysOf = (
  content: StoryboardContent,
  seed: number,
  format: SceneFormat = STORYBOARD_FORMAT,
  source?: string,
) => content.scenes.map((scene) => sceneRenderKey(content, scene, seed, format, source));

/**
 * The pauses a scene's narration is laid with (seconds): close after the cut, phrases close
 * together, a little more after a sentence, little left at the end.
 */
export const NARRATION_SPACING: NarrationSpacing = {
  lead: 0.15,
  phraseGap: 0.04,
  sentenceGap: 0.18,
  tail: 0.3,
};

/**
 * How long a spoken scene lasts: its phrases said one after another from the lead-in, each followed
 * by its pause, then the tail. The renderer applies it to the speech it measured, the slides
 * screen's estimate to the speech it predicts (issue 36 item 9), so the two agree by construction.
 * Pure.
 */
export function spokenSceneSeconds(phrases: readonly string[], phraseSeconds: readonly number[]): number {
  const speech = phraseSeconds.reduce(
    (sum, seconds, index) =>
      sum +
      seconds +
      (index < phraseSeconds.length - 1 ? gapAfter(phrases[index] ?? '', NARRATION_SPACING) : 0),
    NARRATION_SPACING.lead,
  );
  return Math.max(1, speech + NARRATION_SPACING.tail + 0.01);
}

/** Scenes that follow their narration take its estimated length (the render measures the speech). */
export function withNarratedDurations(content: StoryboardContent): StoryboardContent {
  return {
    ...content,
    scenes: content.scenes.map((scene) =>
      scene.duration_fixed
        ? scene
        : { ...scene, duration_seconds: narratedSceneSeconds(scene.narration, scene.duration_seconds) },
    ),
  };
}

/** The layout role of a scene, from its own fields only (so a scene looks the same wherever it moves). */
function layoutRole(scene: StoryboardScene): 'hero' | 'action' | 'wide' | 'close' {
  const { camera, action } = scene.visual;
  if (camera === 'pull-back' || camera === 'aerial') return 'wide';
  if (camera === 'push-in') return 'close';
  return ['cross', 'arc', 'bob', 'drop'].includes(action) ? 'action' : 'hero';
}

const ROLE_INDEX = { hero: 0, action: 1, wide: 2, close: 3 } as const;

/**
 * What a scene's visual draws: its illustrated subjects laid out for the scene's role. Image
 * subjects are composed by the renderer itself (they are the user's pictures), so only the
 * illustrations are laid out here.
 */
export function sceneLayout(scene: StoryboardScene, seed: number): SceneLayout {
  const counts = new Map<string, number>();
  for (const subject of scene.visual.subjects)
    if (subject.kind === 'illustration') counts.set(subject.id, (counts.get(subject.id) ?? 0) + 1);
  const subjects: PromptSubject[] = [...counts].map(([icon, count]) => {
    const subject = scene.visual.subjects.find(
      (candidate) => candidate.kind === 'illustration' && candidate.id === icon,
    );
    const tint = subject?.kind === 'illustration' ? subject.tint : null;
    return { word: icon, icon, label: icon, tint, plural: count > 1, phrase: icon, tags: [] };
  });
  const action = scene.visual.action;
  return illustratedScene(
    {
      subjects,
      // A speaking portrait stands: its footage moves the mouth (talking-portrait-footage.ts).
      action: action === 'hero' || action === 'speak' ? null : { verb: action, kind: action, phrase: action },
      setting: scene.visual.setting,
    },
    ROLE_INDEX[layoutRole(scene)],
    createRandom(sceneSeed(seed, scene.id)),
  );
}

/** The camera move of a scene as the renderer's motion. */
export function sceneMotion(scene: StoryboardScene, layout: SceneLayout, pick: number): MotionKind {
  const moves: Record<Exclude<SceneCameraMove, 'auto'>, MotionKind> = {
    'push-in': 'zoom-in',
    'pull-back': 'zoom-out',
    pan: 'pan-left',
    orbit: 'drift',
    aerial: 'pan-down',
  };
  if (scene.visual.camera !== 'auto') return moves[scene.visual.camera];
  if (scene.visual.action === 'grow') return 'zoom-in';
  if (scene.visual.action === 'spin') return 'drift';
  if (layout.moving.length > 0) return pick < 0.5 ? 'pan-left' : 'zoom-out';
  if (layout.wide) return pick < 0.5 ? 'pan-right' : 'pan-left';
  return pick < 0.66 ? 'zoom-in' : 'drift';
}

/** Scenes of a drafted video: about one per 6 s (15 s: 3 scenes, 30 s: 5, 60 s: 10). */
export function draftSceneCount(durationSeconds: number): number {
  return Math.min(12, Math.max(3, Math.round(durationSeconds / 6)));
}

/** The camera a drafted scene of each role gets (the layout reads it back: see `layoutRole`). */
const ROLE_CAMERA: Record<SceneRole, SceneCameraMove> = {
  hero: 'auto',
  action: 'auto',
  wide: 'pull-back',
  close: 'push-in',
  second: 'auto',
  closing: 'pull-back',
};

export interface DraftRequest {
  /** The user's images, one scene each (image to video). */
  imageUris?: readonly string[];
  prompt: string;
  durationSeconds: number;
  aspect: StoryboardContent['aspect_ratio'];
  /** Unset: the narrator that suits the prompt's category; null: no narration spoken. */
  voiceId?: string | null;
  language: string;
  title: string;
  /** The prompt as read (prompt-reading.ts) and its category. */
  reading: PromptReading;
  category: PromptCategory;
  /** One narration line per scene (scene-script.ts or the text provider). */
  lines: readonly string[];
  roles: readonly SceneRole[];
  seconds: readonly number[];
}

/** A draft storyboard from a read prompt and its scene script: what the prompt asked, scene by scene. */
export function draftStoryboard(request: DraftRequest): StoryboardContent {
  const { reading, imageUris } = request;
  const look = CATEGORY_LOOKS[request.category];
  const illustrations = reading.subjects.map((subject) => ({
    kind: 'illustration' as const,
    id: subject.icon,
    label: subject.label,
    tint: subject.tint,
  }));
  const plural = (index: number) => (reading.subjects[index]?.plural ? 2 : 1);
  const subjectsFor = (role: SceneRole) => {
    const [first, second] = illustrations;
    if (!first) return [];
    if (role === 'second' && second)
      return [...Array<typeof second>(plural(1)).fill(second), first].slice(0, 3);
    const main = Array<typeof first>(plural(0)).fill(first);
    return (second && role !== 'close' ? [...main, second] : main).slice(0, STORYBOARD_LIMITS.maxSubjects);
  };
  const action = reading.action?.kind ?? 'hero';
  const promptCamera = reading.camera[0];
  const scenes = request.roles.map((role, index): StoryboardScene => {
    const camera = index === 0 && promptCamera ? cameraOfPrompt(promptCamera) : ROLE_CAMERA[role];
    const image = imageUris?.[index];
    return {
      id: `s${index + 1}-${crypto.randomBytes(4).toString('hex')}`,
      narration: (request.lines[index] ?? '').slice(0, STORYBOARD_LIMITS.maxNarrationChars),
      duration_seconds: Math.round((request.seconds[index] ?? 5) * 10) / 10,
      duration_fixed: false,
      transition: index === 0 ? 'fade' : index % 3 === 0 ? 'fade' : 'cut',
      visual: {
        subjects: image
          ? [{ kind: 'image', image_url: image, label: `Image ${index + 1}` }]
          : subjectsFor(role),
        setting: reading.setting,
        time: reading.time ?? 'day',
        weather: reading.weather,
        camera,
        action: role === 'close' || role === 'wide' ? 'hero' : action,
        prompt: null,
      },
    };
  });
  return withNarratedDurations({
    title: request.title,
    aspect_ratio: request.aspect,
    voice_id: request.voiceId === undefined ? look.narrator : request.voiceId,
    music: { mood: CATEGORY_MOODS[request.category], volume: 0.5 },
    captions: { enabled: true, style: 'highlight' },
    language: request.language,
    scenes,
  });
}

function cameraOfPrompt(move: PromptReading['camera'][number]): SceneCameraMove {
  switch (move) {
    case 'close-up':
      return 'push-in';
    case 'wide':
      return 'pull-back';
    default:
      return move;
  }
}

/** Splits a video's seconds over its scenes, to a tenth of a second. */
export function splitSeconds(total: number, count: number): number[] {
  const each = Math.floor((total / count) * 10) / 10;
  const seconds = Array<number>(count).fill(each);
  seconds[count - 1] = Math.round((total - each * (count - 1)) * 10) / 10;
  return seconds;
}

export interface StoryboardDraftRequest {
  prompt: string;
  durationSeconds: number;
  aspect: StoryboardContent['aspect_ratio'];
  /** Unset: the narrator suiting the prompt; null: no narration spoken. */
  voiceId?: string | null;
  language: string;
  title: string;
  seed: number;
  /** The user's images (storage URIs), one scene each in this order (image to video). */
  imageUris?: readonly string[];
}

/** The scenes a draft has (`count`, or about one per 6 s): each one's role and length. */
export function draftScenePlan(
  durationSeconds: number,
  count = draftSceneCount(durationSeconds),
): { roles: SceneRole[]; seconds: number[] } {
  return {
    roles: Array.from({ length: count }, (_, index) => sceneRole(index, count)),
    seconds: splitSeconds(durationSeconds, count),
  };
}

/** Writes in a render thread: reads the prompt, writes the script if none is given, lays out the scenes. */
export function draftFromReading(
  request: StoryboardDraftRequest & { reading: PromptReading; lines?: string[] },
): StoryboardContent {
  const { roles, seconds } = draftScenePlan(request.durationSeconds, request.imageUris?.length);
  const lines =
    request.lines ??
    writeSceneScript({
      prompt: request.prompt,
      reading: request.reading,
      scenes: roles.map((role, index) => ({ role, seconds: seconds[index] ?? 5 })),
      seed: request.seed,
    });
  return draftStoryboard({
    ...request,
    category: classifyPrompt(request.prompt, 'lifestyle').category,
    lines,
    roles,
    seconds,
  });
}

/**
 * A narration longer than a scene holds, split into scene-sized pieces at sentence ends (else at
 * spaces), in order: a slide's long notes become several scenes showing that slide.
 */
export function narrationChunks(
  text: string,
  maxChars: number = STORYBOARD_LIMITS.maxNarrationChars,
): string[] {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return [''];
  const sentences = clean.match(/[^.!?]+[.!?]+["')\]]*\s*|[^.!?]+$/g) ?? [clean];
  const chunks: string[] = [];
  let current = '';
  const push = () => {
    if (current.trim()) chunks.push(current.trim());
    current = '';
  };
  for (const sentence of sentences) {
    if ((current + sentence).trim().length <= maxChars) {
      current += sentence;
      continue;
    }
    push();
    // A sentence longer than a scene: cut at spaces.
    let rest = sentence.trim();
    while (rest.length > maxChars) {
      const cut = rest.lastIndexOf(' ', maxChars);
      const at = cut > maxChars / 2 ? cut : maxChars;
      chunks.push(rest.slice(0, at).trim());
      rest = rest.slice(at).trim();
    }
    current = rest ? `${rest} ` : '';
  }
  push();
  return chunks;
}
