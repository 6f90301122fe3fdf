import { frameCount } from '../../media/frame-size';
import type { SubjectPlacement } from '../../media/image-intake';
import type { MusicMood } from '../../media/music-bed';
import type { Motion, MotionKind, Transition, TransitionKind } from '../../media/render-plan';
import { createRandom, hashText, type Random } from '../../media/seeded-random';
import { classifyPrompt, PROMPT_CATEGORIES, promptWords, type PromptCategory } from '../prompt-categories';
import { CATEGORY_LOOKS, COLOR_WORDS, type CaptionStyle, type CategoryLook } from './category-looks';
import { paletteFromColor, shiftPalette, type Palette } from './palette';
import { writeNarration } from '../text/narration-writer';
import { readPrompt, type CameraMove, type PromptReading, type Setting } from '../prompt-reading';
import { estimatedLineSeconds, wordTimes, type WordTime } from '../../media/word-timing';
import type { IllustrationTint } from './illustrations';
import type { Motif, SpriteKind } from './scene-art';
import { HORIZON, type Scenery, type StillFigure } from './scenery-art';

/** What a scene shows: generated art, or one of the caller's (vetted) images. */
export type SceneSource =
  | { kind: 'art'; motifs: readonly Motif[] }
  | { kind: 'image'; index: number }
  /** A studio subject reference standing in a scene of generated art. */
  | { kind: 'subject'; index: number; motifs: readonly Motif[]; placement: SubjectPlacement };

export interface PlannedSprite {
  kind: SpriteKind;
  color: string;
  /** Size as a fraction of the frame's short side. */
  size: number;
  fromX: number;
  fromY: number;
  toX: number;
  toY: number;
  swayFraction: number;
  swayPeriodSeconds: number;
  swayPhase: number;
}

export interface PlannedCaption {
  text: string;
  startFrame: number;
  endFrame: number;
  /** When each word is said (shot-local frames): the card highlights it. None for silent captions. */
  words?: { startFrame: number; endFrame: number }[];
}

export interface PlannedScene {
  source: SceneSource;
  palette: Palette;
  frames: number;
  motion: Motion;
  transitionIn: Transition;
  captions: PlannedCaption[];
  /** Spoken at the start of the scene, or null. */
  narration: string | null;
  sprites: PlannedSprite[];
  /** Seed of the scene's art, so each scene draws differently but reproducibly. */
  artSeed: number;
  /** Illustrated scenes (text videos): the setting and the subjects drawn in it and moving over it. */
  scenery?: Scenery;
  figures?: StillFigure[];
  moving?: MovingSubject[];
}

export interface StoryPlan {
  category: PromptCategory;
  confidence: number;
  scenes: PlannedScene[];
  captionStyle: CaptionStyle;
  music: MusicMood;
  musicSeed: number;
  narrator: string;
  totalFrames: number;
  fps: number;
  /** What the prompt asked for (text videos). */
  reading?: PromptReading;
  /** Caption phrases of the narration, each spoken as one line (text videos). */
  narrationLines: string[];
  /** Whether the narration lines are spoken (else they are only captions). */
  spoken?: boolean;
}

/** Scenes of a text video: 3 to 6, about one per 3.75 s (15 s: 4, 30 s and 60 s: 6). */
export function sceneCountFor(durationSeconds: number): number {
  return Math.min(6, Math.max(3, Math.round(durationSeconds / 3.75)));
}

/**
 * Scripts the offline renderer cannot show or say (Indic, Thai, CJK, Hangul): the DejaVu faces have
 * no glyphs for them (drawtext would draw empty boxes) and the English voices would spell them out.
 */
export const UNSUPPORTED_SCRIPT =
  /[\u0900-\u0dff\u0e00-\u0e7f\u1100-\u11ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;
/** Only the start of a long prompt becomes captions; longer "words" (links, noise) are skipped. */
const MAX_PROMPT_CHARS = 1000;
const MAX_WORD_CHARS = 30;

const LEADING_FILLER = new Set(
  'a an the of in on at to create make generate show showing video clip film footage please with and of'.split(
    ' ',
  ),
);
const TAGLINES: Readonly<Record<PromptCategory, readonly string[]>> = {
  nature: ['Breathe it in', 'Wild and free', 'Into the light', 'Where quiet lives'],
  product: ['Designed to stand out', 'Every detail matters', 'Made to be noticed', 'Yours today'],
  action: ['Feel the rush', 'No limits', 'Go all in', 'Faster'],
  abstract: ['Shape and colour', 'Let it flow', 'Beyond form', 'Pure motion'],
  lifestyle: ['Everyday moments', 'Slow down', 'Good days ahead', 'Made for living'],
  technology: ['The future is now', 'Built on data', 'Smarter every day', 'Always connected'],
};

/**
 * A clause of the prompt: its full words (for narration) and a short on-screen form of whole parts
 * (null when no short form exists).
 */
interface Phrase {
  caption: string | null;
  spoken: string;
}

/** A phrase as a scene shows it: the caption is always set. */
interface ShownPhrase {
  caption: string;
  spoken: string;
}

const capitalise = (text: string) => (text ? text[0]?.toUpperCase() + text.slice(1) : text);

/** Words a caption should not end on ("Breakfast on a cozy" reads cut off). */
const DANGLING = new Set(
  'a an the of in on at to for with and or but from by into over under as its their our your my that which who whose'.split(
    ' ',
  ),
);
/** Prepositions that open a new part of a clause: captions are shortened by dropping whole parts. */
const PART_OPENERS = new Set(
  'on in at under over through across into onto from by near beside along against above below behind around beneath inside'.split(
    ' ',
  ),
);
const CAPTION_WORDS = 6;
/** A clause's first part longer than this is not a caption: a tagline stands in. */
const MAX_TITLE_WORDS = 8;

/**
 * Camera directions: they pick the camera move (see `motionWords`) and are neither shown nor said.
 * A clause loses these words and the words that only qualify them ("slow", "camera", "in"...).
 */
const CAMERA_WORDS = new Set(
  'camera cameras dolly dollies dollying pan pans panning panned zoom zooms zooming zoomed tracking track-in drone aerial close-up closeup macro orbit orbits orbiting crane tilt tilts tilting handheld hand-held shot shots footage angle pov timelapse time-lapse push-in pull-back gimbal steadicam fpv'.split(
    ' ',
  ),
);
const CAMERA_QUALIFIERS = new Set(
  'slow slowly smooth smoothly gentle gently cinematic fast quick quickly steady steadily wide low high top-down overhead in out left right up down around across away back forward a an the of over on'.split(
    ' ',
  ),
);

const bare = (word: string) => word.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/** The clause without its camera direction: the longest run of words the camera words leave. */
function withoutCameraWords(words: readonly string[]): string[] {
  const camera = words.map((word) => CAMERA_WORDS.has(bare(word)));
  if (!camera.includes(true)) return [...words];
  // Qualifiers next to a camera word belong to the direction ("slow camera dolly", "zoom in on").
  for (let changed = true; changed;) {
    changed = false;
    for (let i = 0; i < words.length; i += 1) {
      if (camera[i] || !CAMERA_QUALIFIERS.has(bare(words[i] ?? ''))) continue;
      if (camera[i - 1] || camera[i + 1]) {
        camera[i] = true;
        changed = true;
      }
    }
  }
  let best: string[] = [];
  let run: string[] = [];
  for (const [i, word] of words.entries()) {
    if (camera[i]) run = [];
    else run.push(word);
    if (run.length > best.length) best = [...run];
  }
  return best;
}

/** The words without leading filler ("a", "on the") and without a dangling last word ("by the"). */
function trimmed(all: readonly string[]): string[] {
  const words = [...all];
  while (words.length > 0 && LEADING_FILLER.has(bare(words[0] ?? ''))) words.shift();
  while (words.length > 0 && DANGLING.has(bare(words.at(-1) ?? ''))) words.pop();
  return words;
}

/** The first whole parts of a clause within `limit` words (the first part alone when it is longer). */
function leadingParts(words: readonly string[], limit: number): string[] {
  const [first = [], ...rest] = clauseParts(words);
  const kept = first.slice(0, limit);
  for (const part of rest) {
    if (kept.length + part.length > limit) break;
    kept.push(...part);
  }
  return kept;
}

/** Splits a clause's words into parts at the prepositions that open one ("on black marble"). */
function clauseParts(words: readonly string[]): string[][] {
  const parts: string[][] = [];
  for (const [i, word] of words.entries()) {
    if (i === 0 || PART_OPENERS.has(bare(word))) parts.push([word]);
    else parts.at(-1)?.push(word);
  }
  return parts;
}

/**
 * A caption of whole parts: the clause when it is short, else its first parts that fit
 * (never a part cut in two); null when even the first part is too long for a title.
 */
function captionOf(all: readonly string[]): string | null {
  const words = trimmed(all);
  if (words.length === 0) return null;
  if (words.length <= CAPTION_WORDS) return capitalise(words.join(' '));
  const firstPart = clauseParts(words)[0]?.length ?? 0;
  if (firstPart > MAX_TITLE_WORDS) return null;
  return capitalise(trimmed(leadingParts(words, Math.max(CAPTION_WORDS, firstPart))).join(' '));
}

/** Splits a prompt into short phrases for captions, in the prompt's order. Pure. */
export function promptPhrases(prompt: string): Phrase[] {
  const clauses = prompt
    .slice(0, MAX_PROMPT_CHARS)
    .replace(/\s+/g, ' ')
    .split(/[.!?;:,\n()"“”]+|\s[-–—]\s|\b(?:and|with|while|as|then|featuring|where|before|after|through)\b/i)
    .map((clause) => clause.trim())
    .filter(Boolean);
  const phrases: Phrase[] = [];
  for (const clause of clauses) {
    const words = trimmed(
      withoutCameraWords(
        clause.split(' ').filter((word) => /[\p{L}\p{N}]/u.test(word) && word.length <= MAX_WORD_CHARS),
      ),
    );
    if (words.length === 0 || words.join('').length < 3) continue;
    // The narration, too, keeps whole parts: at most 14 words.
    const spoken = leadingParts(words, 14);
    phrases.push({ caption: captionOf(spoken), spoken: spoken.join(' ') });
  }
  return phrases;
}

/** Splits a phrase in two at the part boundary nearest its middle; null when it has one part. */
function splitPhrase(phrase: Phrase): [Phrase, Phrase] | null {
  const parts = clauseParts(phrase.spoken.split(' '));
  if (parts.length < 2) return null;
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  let cut = 1;
  let bestDistance = Infinity;
  let before = 0;
  for (let i = 1; i < parts.length; i += 1) {
    before += parts[i - 1]?.length ?? 0;
    const distance = Math.abs(before - total / 2);
    if (distance < bestDistance) [cut, bestDistance] = [i, distance];
  }
  const first = parts.slice(0, cut).flat();
  const second = parts.slice(cut).flat();
  // The second half keeps its preposition in the narration, not on screen ("Black marble").
  if (trimmed(second).join('').length < 3) return null;
  return [
    { caption: captionOf(first), spoken: first.join(' ') },
    { caption: captionOf(second), spoken: second.join(' ') },
  ];
}

/**
 * Exactly `count` phrases: the prompt's, long ones split at a part boundary, then the category's
 * taglines (or, with `fill` false, just the prompt's, at most `count`). Captions are whole phrases
 * of the prompt or taglines, never camera directions.
 */
export function phrasesForScenes(
  prompt: string,
  count: number,
  category: PromptCategory,
  random: Random,
  fill = true,
): ShownPhrase[] {
  let phrases = promptPhrases(prompt);
  // Split the longest phrases while there are too few and something to split.
  const unsplittable = new Set<Phrase>();
  while (phrases.length < count) {
    const candidates = phrases.filter(
      (phrase) => !unsplittable.has(phrase) && phrase.spoken.split(' ').length >= 6,
    );
    const longest = candidates.reduce<Phrase | undefined>(
      (best, phrase) =>
        !best || phrase.spoken.split(' ').length > best.spoken.split(' ').length ? phrase : best,
      undefined,
    );
    if (!longest) break;
    const halves = splitPhrase(longest);
    if (!halves) {
      unsplittable.add(longest);
      continue;
    }
    const at = phrases.indexOf(longest);
    phrases = [...phrases.slice(0, at), ...halves, ...phrases.slice(at + 1)];
  }
  if (phrases.length > count) {
    // Keep the first (the subject) and spread the rest evenly.
    const kept = [phrases[0] as Phrase];
    for (let i = 1; i < count; i += 1)
      kept.push(phrases[Math.round((i * (phrases.length - 1)) / (count - 1))] as Phrase);
    phrases = kept;
  }
  const taglines = random.shuffle(TAGLINES[category]);
  // A phrase too long for a title shows a tagline and still says its words.
  const shown: ShownPhrase[] = phrases.map((phrase, index) => ({
    spoken: phrase.spoken,
    caption: phrase.caption ?? taglines[index % taglines.length] ?? 'Watch this',
  }));
  while (fill && shown.length < count) {
    const tagline = taglines[shown.length % taglines.length] ?? 'Watch this';
    shown.push({ caption: tagline, spoken: tagline });
  }
  return shown;
}

/** Splits `total` frames into `count` near-equal parts, the extra frames going to the last ones. */
export function splitFrames(total: number, count: number, weights?: readonly number[]): number[] {
  const w = weights ?? Array.from({ length: count }, () => 1);
  const sum = w.reduce((a, b) => a + b, 0);
  const parts = w.map((weight) => Math.floor((total * weight) / sum));
  let remaining = total - parts.reduce((a, b) => a + b, 0);
  for (let i = parts.length - 1; remaining > 0; i = (i - 1 + parts.length) % parts.length) {
    parts[i] = (parts[i] ?? 0) + 1;
    remaining -= 1;
  }
  return parts;
}

function paletteFor(words: readonly string[], look: CategoryLook, random: Random, variant?: number): Palette {
  const colorWord = words.find((word) => COLOR_WORDS[word] !== undefined);
  const base = colorWord
    ? paletteFromColor(colorWord, COLOR_WORDS[colorWord] as string)
    : variant !== undefined
      ? (look.palettes[variant % look.palettes.length] as Palette)
      : random.pick(look.palettes);
  // A small seeded hue turn: another seed, another shade of the same look.
  return shiftPalette(base, random.range(-14, 14) + (variant ?? 0) * 24);
}

function motionFor(kind: MotionKind, strength: number, random: Random): Motion {
  return { kind, strength, focusX: random.range(0.3, 0.7), focusY: random.range(0.3, 0.6) };
}

function transitionFor(kind: TransitionKind, seconds: number, fps: number, maxFrames: number): Transition {
  if (kind === 'cut') return { kind, frames: 0 };
  return { kind, frames: Math.max(2, Math.min(Math.round(seconds * fps), maxFrames)) };
}

function spritesFor(look: CategoryLook, palette: Palette, random: Random): PlannedSprite[] {
  const count = random.int(look.spriteCount[0], look.spriteCount[1]);
  return Array.from({ length: count }, (_, index) => {
    const lane = (index + random.range(0.2, 0.8)) / count;
    const base = {
      kind: look.sprite,
      color: random.pick([palette.glow, palette.accent, '#ffffff']),
      size: random.range(0.05, 0.1),
      swayFraction: random.range(0.01, 0.03),
      swayPeriodSeconds: random.range(2.5, 5),
      swayPhase: random.range(0, Math.PI * 2),
    };
    switch (look.spriteDrift) {
      case 'rise':
        return {
          ...base,
          fromX: lane,
          toX: lane + random.range(-0.05, 0.05),
          fromY: random.range(0.75, 1.05),
          toY: random.range(0.2, 0.5),
        };
      case 'across': {
        const y = random.range(0.1, 0.9);
        return {
          ...base,
          size: base.size * 1.4,
          fromX: random.range(1.0, 1.3),
          toX: random.range(-0.4, -0.1),
          fromY: y,
          toY: y - random.range(0.1, 0.3),
          swayFraction: 0,
        };
      }
      case 'float': {
        const y = random.range(0.15, 0.85);
        return {
          ...base,
          fromX: lane,
          toX: lane + random.range(-0.08, 0.08),
          fromY: y,
          toY: y + random.range(-0.08, 0.08),
        };
      }
    }
  });
}

function captionWindow(
  frames: number,
  incoming: number,
  fps: number,
): Pick<PlannedCaption, 'startFrame' | 'endFrame'> {
  const start = Math.min(frames - 2, incoming + Math.round(0.2 * fps));
  const end = Math.max(start + 2, frames - Math.round(0.25 * fps));
  return { startFrame: Math.max(0, start), endFrame: Math.min(frames, end) };
}

export interface TextPlanRequest {
  prompt: string;
  durationSeconds: number;
  fps: number;
  seed: number;
  /** Speak a narration (text videos); studio candidates leave the voice to a later step. */
  narration: boolean;
  /** The narration's sentences as the text provider wrote them; default: the offline writer's. */
  script?: readonly string[];
  /** Forces a palette variant (candidates) or a palette (a style reference's colours). */
  paletteVariant?: number;
  palette?: Palette;
  /** Studio subject references: every scene shows one standing in its art, by index. */
  imageCount?: number;
}

/** A subject moving on its own over the still (its own path, not the camera's). */
export interface MovingSubject {
  icon: string;
  tint: IllustrationTint | null;
  flip: boolean;
  /** Size as a fraction of the frame's short side. */
  size: number;
  fromX: number;
  fromY: number;
  toX: number;
  toY: number;
  arc: number;
  /** Up-and-down as a fraction of the short side, and its period. */
  bob: number;
  bobPeriodSeconds: number;
  easing: 'linear' | 'in';
}

/** Most words a caption phrase holds: whole phrases, read at a glance. */
const CAPTION_PHRASE_WORDS = 6;

/**
 * Splits narration sentences into caption phrases: at punctuation, else before a preposition or
 * conjunction near the middle, each at most six words; a phrase never ends on "a" or "the".
 */
export function captionPhrases(sentences: readonly string[]): string[] {
  const phrases: string[] = [];
  const split = (words: string[]) => {
    if (words.length <= CAPTION_PHRASE_WORDS) {
      if (words.length > 0) phrases.push(words.join(' '));
      return;
    }
    let cut = -1;
    let best = Infinity;
    for (let i = 2; i <= words.length - 2; i += 1) {
      const breaks = /[,;:]$/.test(words[i - 1] ?? '')
        ? 0
        : PART_OPENERS.has(bare(words[i] ?? '')) ||
            ['and', 'as', 'while', 'with', 'then', 'but'].includes(bare(words[i] ?? ''))
          ? 1
          : 3;
      if (DANGLING.has(bare(words[i - 1] ?? ''))) continue;
      const score = breaks * 2 + Math.abs(i - words.length / 2) / 2;
      if (score < best) [cut, best] = [i, score];
    }
    if (cut < 0) cut = Math.ceil(words.length / 2);
    split(words.slice(0, cut));
    split(words.slice(cut));
  };
  for (const sentence of sentences) {
    if (UNSUPPORTED_SCRIPT.test(sentence)) continue;
    const words = sentence.split(/\s+/).filter((word) => word && word.length <= MAX_WORD_CHARS);
    split(words);
  }
  return phrases;
}

/** How one narration line was said: its length and where the voice is in it (seconds). */
export interface SpokenLine {
  seconds: number;
  voicedStart: number;
  voicedEnd: number;
}

/** Seconds of silence around narration lines: before the first, after a phrase or sentence, at the end. */
export interface NarrationSpacing {
  lead: number;
  phraseGap: number;
  sentenceGap: number;
  tail: number;
}
const DEFAULT_SPACING: NarrationSpacing = { lead: 0.45, phraseGap: 0.08, sentenceGap: 0.28, tail: 0.35 };

/** The pause after a line: longer after a sentence's end. */
export const gapAfter = (line: string, spacing: NarrationSpacing) =>
  /[.!?]$/.test(line) ? spacing.sentenceGap : spacing.phraseGap;

/** A caption stays this long after its last word when no caption follows sooner. */
const CAPTION_HOLD_SECONDS = 0.6;

/** A narration line laid on the timeline: when its voice starts and ends, and each word (seconds). */
export interface TimedLine {
  text: string;
  start: number;
  end: number;
  words: WordTime[];
}

/**
 * Lays narration lines one after another from `lead` (a short pause between phrases, a longer one
 * after a sentence), stopping before the first line without speech or whose voice would end after
 * `until`. Answers the lines laid, where each one's sound starts, and where the last one's sound ends
 * (no pause after it). Pure.
 */
export function layNarrationLines(
  lines: readonly string[],
  spoken: readonly SpokenLine[],
  spacing: NarrationSpacing,
  { lead = spacing.lead, until = Infinity }: { lead?: number; until?: number } = {},
): { timed: TimedLine[]; starts: number[]; soundEnd: number } {
  let at = lead;
  let soundEnd = lead;
  const timed: TimedLine[] = [];
  const starts: number[] = [];
  for (const [index, line] of lines.entries()) {
    const speech = spoken[index];
    if (!speech || at + speech.voicedEnd > until) break;
    const words = wordTimes(line, { start: speech.voicedStart, end: speech.voicedEnd }).map((word) => ({
      start: at + word.start,
      end: at + word.end,
    }));
    starts.push(at);
    timed.push({ text: line, words, start: at + speech.voicedStart, end: at + speech.voicedEnd });
    soundEnd = at + speech.seconds;
    at += speech.seconds + gapAfter(line, spacing);
  }
  return { timed, starts, soundEnd };
}

/**
 * The laid lines as captions: each shows until the next one starts, at most a little after its last
 * word, and never past `trackEnd`. Pure.
 */
export function heldCaptions(timed: readonly TimedLine[], trackEnd = Infinity): TimedLine[] {
  return timed.map((line, index) => {
    const next = timed[index + 1];
    return { ...line, end: Math.min(next ? next.start : trackEnd, line.end + CAPTION_HOLD_SECONDS) };
  });
}

/**
 * Lays the narration lines one after another (a short pause between phrases, a longer one after a
 * sentence), drops the lines that would run past the end, and gives every scene the captions that
 * fall in it, with each word's frames (shot-local). Answers the plan and where each kept line starts.
 */
export function placeNarration(
  plan: StoryPlan,
  spoken: readonly SpokenLine[],
  spacing: NarrationSpacing = DEFAULT_SPACING,
): { plan: StoryPlan; starts: number[] } {
  const fps = plan.fps;
  const end = plan.totalFrames / fps - spacing.tail;
  const { timed, starts } = layNarrationLines(plan.narrationLines, spoken, spacing, {
    lead: Math.min(spacing.lead, end / 6),
    until: end,
  });
  const held = heldCaptions(timed);
  let sceneStart = 0;
  const scenes = plan.scenes.map((scene) => {
    const from = sceneStart;
    sceneStart += scene.frames;
    const captions: PlannedCaption[] = [];
    held.forEach((line) => {
      const startFrame = Math.round(line.start * fps) - from;
      const endFrame = Math.round(line.end * fps) - from;
      if (endFrame <= 0 || startFrame >= scene.frames) return;
      captions.push({
        text: line.text,
        startFrame: Math.max(0, startFrame),
        endFrame: Math.min(scene.frames, endFrame),
        words: line.words.map((word, wordIndex) => ({
          startFrame: Math.round(word.start * fps) - from,
          endFrame:
            wordIndex === line.words.length - 1
              ? Math.round(line.end * fps) - from
              : Math.round((line.words[wordIndex + 1]?.start ?? word.end) * fps) - from,
        })),
      });
    });
    return { ...scene, captions };
  });
  return { plan: { ...plan, scenes }, starts };
}

/** The spoken lines' timing when nothing is synthesised: estimated from their syllables. */
export function estimatedSpeech(lines: readonly string[]): SpokenLine[] {
  return lines.map((line) => {
    const seconds = estimatedLineSeconds(line);
    return { seconds, voicedStart: 0.05, voicedEnd: seconds - 0.1 };
  });
}

/** Where a subject of `size` (fraction of the short side) stands: its centre's height in the frame. */
function groundY(setting: Setting, size: number, width: number, height: number): number {
  if (['space', 'sky', 'underwater', 'abstract'].includes(setting)) return 0.5;
  const horizon = HORIZON[setting];
  const half = (size * Math.min(width, height)) / height / 2;
  const floor = horizon + (1 - horizon) * 0.45;
  return Math.min(0.86 - half, Math.max(0.3, floor - half));
}

/** A representative frame shape for placing subjects before the size is known (16:9). */
const PLAN_FRAME = { width: 16, height: 9 };

/**
 * Scenes of a prompt's subjects in their setting: the first shows the subject as the hero, the next
 * ones its action (runs cross the frame, flies arc, floats bob, falls drop), the wider setting and
 * close-ups, taking turns when there are several subjects. Pure.
 */
function illustratedScenes(reading: PromptReading, count: number, random: Random): SceneLayout[] {
  return Array.from({ length: count }, (_, index) => illustratedScene(reading, index, random));
}

/** What one illustrated scene shows: figures drawn into the still, subjects moving, a wide view. */
export interface SceneLayout {
  still: StillFigure[];
  moving: MovingSubject[];
  wide: boolean;
}

/** The role of scene `index` in a story: the hero first, then action, wide, close-up, second subject. */
export const sceneRoleAt = (index: number) =>
  index === 0 ? 'hero' : (['action', 'wide', 'close', 'action', 'second'] as const)[(index - 1) % 5];

/**
 * One scene of `illustratedScenes`: the subjects of `reading` (only its subjects, action kind and
 * setting are used) laid out for the role the scene's index gives it. Storyboard scenes use it too.
 */
export function illustratedScene(
  reading: Pick<PromptReading, 'subjects' | 'action' | 'setting'>,
  index: number,
  random: Random,
): SceneLayout {
  const { width, height } = PLAN_FRAME;
  const subjects = reading.subjects;
  const kind = reading.action?.kind ?? 'hero';
  const movesOnItsOwn = ['cross', 'arc', 'bob', 'drop'].includes(kind);
  {
    const role = sceneRoleAt(index);
    const subject =
      role === 'second' || (role === 'wide' && subjects.length > 1)
        ? (subjects[1] ?? subjects[0])
        : subjects[0];
    if (!subject) return { still: [], moving: [], wide: true };
    const size = role === 'close' ? 0.6 : role === 'wide' ? 0.3 : 0.44;
    const y = groundY(reading.setting, size, width, height);
    const copies = subject.plural ? 3 : 1;
    const others = subjects.filter((other) => other !== subject).slice(0, 1);
    const companions: StillFigure[] = others.map((other) => ({
      icon: other.icon,
      tint: other.tint,
      x: random.pick([0.2, 0.8]),
      y: groundY(reading.setting, size * 0.6, width, height),
      size: size * 0.6,
      shadow: !['space', 'sky', 'underwater'].includes(reading.setting),
    }));
    const shadow = !['space', 'sky', 'underwater', 'abstract'].includes(reading.setting);
    if (movesOnItsOwn && (role === 'action' || role === 'hero' || role === 'second')) {
      const moving: MovingSubject[] = Array.from({ length: copies }, (_, copy) => {
        const lag = copy * 0.16;
        const scale = copy === 0 ? 1 : 0.78;
        const base = {
          icon: subject.icon,
          tint: subject.tint,
          flip: false,
          size: size * scale,
          arc: 0,
          bob: 0,
          bobPeriodSeconds: 1,
          easing: 'linear' as const,
        };
        const copyY = y + copy * 0.04;
        switch (kind) {
          case 'cross':
            // Emoji animals and people face left: they travel right to left.
            return {
              ...base,
              fromX: 0.86 + lag,
              toX: 0.2 + lag,
              fromY: copyY,
              toY: copyY,
              bob: 0.012,
              bobPeriodSeconds: 0.45,
            };
          case 'arc':
            return {
              ...base,
              fromX: 0.85 + lag,
              toX: 0.15 + lag,
              fromY: 0.62 - copy * 0.08,
              toY: 0.5 - copy * 0.08,
              arc: 0.22,
            };
          case 'bob':
            return {
              ...base,
              fromX: 0.62 + lag - copy * 0.35,
              toX: 0.42 + lag - copy * 0.35,
              fromY: 0.5 + copy * 0.08,
              toY: 0.46 + copy * 0.08,
              bob: 0.025,
              bobPeriodSeconds: 2.6,
            };
          default:
            return {
              ...base,
              fromX: 0.5 + (copy - (copies - 1) / 2) * 0.24,
              toX: 0.5 + (copy - (copies - 1) / 2) * 0.24,
              fromY: -0.2 - lag,
              toY: y,
              easing: 'in',
            };
        }
      });
      return { still: companions, moving, wide: false };
    }
    const x = role === 'wide' ? random.pick([0.35, 0.65]) : 0.5;
    const still: StillFigure[] = Array.from({ length: copies }, (_, copy) => ({
      icon: subject.icon,
      tint: subject.tint,
      x: x + (copy - (copies - 1) / 2) * size * 0.62,
      y: y + (copy === 1 ? 0 : copies > 1 ? 0.02 : 0),
      size: copy === 1 || copies === 1 ? size : size * 0.8,
      shadow,
    }));
    return { still: [...companions, ...still], moving: [], wide: role === 'wide' };
  }
}

/** Camera moves of the prompt's words, as the renderer's motions. */
export function cameraMotion(move: CameraMove | undefined): MotionKind | undefined {
  switch (move) {
    case 'push-in':
    case 'close-up':
      return 'zoom-in';
    case 'pull-back':
    case 'wide':
      return 'zoom-out';
    case 'pan':
      return 'pan-left';
    case 'orbit':
      return 'drift';
    case 'aerial':
      return 'pan-down';
    default:
      return undefined;
  }
}

/**
 * Plans a video from a prompt: the prompt is read for its subjects, action, setting, time, weather and
 * camera; scenes show the subjects in the setting (the category still picks music, transitions and
 * particles); the narration is split into caption phrases. Pure: same input, same plan.
 */
export function planTextVideo(request: TextPlanRequest): StoryPlan {
  const { prompt, fps } = request;
  const random = createRandom(hashText(prompt.trim().toLowerCase(), request.seed >>> 0));
  const words = promptWords(prompt);
  const match = classifyPrompt(prompt, random.fork('fallback').pick(PROMPT_CATEGORIES));
  const look = CATEGORY_LOOKS[match.category];
  const reading = readPrompt(prompt);
  const totalFrames = frameCount(request.durationSeconds, fps);
  const imageCount = request.imageCount ?? 0;
  const count = Math.max(sceneCountFor(request.durationSeconds), Math.min(6, imageCount));
  const basePalette =
    request.palette ?? paletteFor(words, look, random.fork('palette'), request.paletteVariant);
  const framesPerScene = splitFrames(totalFrames, count);
  const shortest = Math.min(...framesPerScene);
  const cameraKind = cameraMotion(reading.camera[0]);
  const speed = reading.pace;
  const motifOffset = random.int(0, look.motifSets.length - 1);
  const transitions = random.fork('transitions');
  const layouts = illustratedScenes(reading, count, random.fork('layouts'));
  const scenery: Scenery = {
    setting: reading.setting,
    time: reading.time,
    weather: reading.weather,
    surface: reading.surface,
  };
  const sentences =
    request.script && request.script.length > 0
      ? [...request.script]
      : writeNarration(prompt, request.durationSeconds, request.seed).sentences;
  const narrationLines = captionPhrases(sentences);

  const scenes = layouts.map((layout, index): PlannedScene => {
    const frames = framesPerScene[index] ?? shortest;
    const sceneRandom = random.fork(`scene${index}`);
    const motifs = look.motifSets[(motifOffset + index) % look.motifSets.length] ?? [];
    const source: SceneSource =
      imageCount > 0
        ? {
            kind: 'subject',
            index: index % imageCount,
            motifs,
            placement: { x: sceneRandom.range(0.3, 0.7), scale: sceneRandom.range(0.42, 0.62) },
          }
        : { kind: 'art', motifs };
    const palette = index === 0 ? basePalette : shiftPalette(basePalette, sceneRandom.range(-10, 10));
    const hasMoving = layout.moving.length > 0;
    const heroGrow = reading.action?.kind === 'grow' || reading.action?.kind === 'spin';
    const kind: MotionKind =
      (index === 0 || reading.camera.length > 0) && cameraKind
        ? cameraKind
        : heroGrow && index % 2 === 0
          ? reading.action?.kind === 'spin'
            ? 'drift'
            : 'zoom-in'
          : hasMoving
            ? sceneRandom.pick(['pan-left', 'zoom-out'] as const)
            : layout.wide
              ? sceneRandom.pick(['pan-right', 'pan-left'] as const)
              : sceneRandom.pick(['zoom-in', 'zoom-in', 'drift'] as const);
    const incoming =
      index === 0
        ? { kind: 'cut' as const, frames: 0 }
        : transitionFor(
            transitions.pick(look.transitions),
            look.transitionSeconds,
            fps,
            Math.floor(shortest * 0.3),
          );
    const strength = Math.min(0.3, Math.max(0.08, look.motionStrength)) * speed * (heroGrow ? 2 : 1);
    return {
      source,
      palette,
      frames,
      // The subject stands a little below the middle: zooms centre on it.
      motion: { kind, strength, focusX: 0.5, focusY: 0.55 },
      transitionIn: incoming,
      captions: [],
      narration: null,
      sprites:
        source.kind === 'art' && reading.setting === 'abstract'
          ? spritesFor(look, palette, sceneRandom.fork('sprites'))
          : [],
      artSeed: sceneRandom.int(0, 2 ** 31 - 1),
      scenery,
      figures: imageCount > 0 ? [] : layout.still,
      moving: imageCount > 0 ? [] : layout.moving,
    };
  });

  const plan: StoryPlan = {
    category: match.category,
    confidence: match.confidence,
    scenes,
    captionStyle: look.caption,
    music: { ...look.music, tempo: look.music.tempo + random.int(-6, 6) },
    musicSeed: random.int(0, 2 ** 31 - 1),
    narrator: look.narrator,
    totalFrames,
    fps,
    reading,
    narrationLines,
    spoken: request.narration,
  };
  // Captions timed as a narrator would say them; the provider re-times them from the real speech.
  return placeNarration(plan, estimatedSpeech(narrationLines)).plan;
}

export interface ImagePlanRequest {
  prompt: string;
  imageCount: number;
  hasLastFrame: boolean;
  durationSeconds: number;
  fps: number;
  seed: number;
  mode: 'cinematic' | 'dynamic';
}

const CINEMATIC_CAPTION: CaptionStyle = {
  font: 'serif-bold',
  size: 0.066,
  color: '#fffaf0',
  borderColor: 'black@0.45',
  borderWidth: 2,
  align: 'center',
  y: 0.76,
  animation: 'rise',
  uppercase: false,
};
const DYNAMIC_CAPTION: CaptionStyle = {
  font: 'sans-bold',
  size: 0.078,
  color: '#ffffff',
  borderColor: 'black@0.85',
  borderWidth: 4,
  align: 'left',
  y: 0.7,
  animation: 'slide-in',
  uppercase: true,
};

/**
 * Plans a video from images: every image moves (the seed picks zoom or pan and where), cinematic is
 * slow with crossfades, dynamic cuts faster with zoom punches, flashes and slides; the prompt gives
 * the captions and the last-frame image closes the video. Pure.
 */
export function planImageVideo(request: ImagePlanRequest): StoryPlan {
  const { fps, mode } = request;
  if (request.imageCount < 1) throw new RangeError('At least one image is needed');
  const random = createRandom(
    hashText(`${request.prompt.trim().toLowerCase()}|${request.imageCount}|${mode}`, request.seed >>> 0),
  );
  const match = classifyPrompt(request.prompt, 'lifestyle');
  const totalFrames = frameCount(request.durationSeconds, fps);
  const dynamic = mode === 'dynamic';
  const minShotSeconds = dynamic ? 1.1 : 2.6;
  const maxShots = Math.max(
    1,
    Math.floor(request.durationSeconds / minShotSeconds) - (request.hasLastFrame ? 1 : 0),
  );
  // Dynamic shows every image twice (wide, then a punch in); cinematic once, more when few images.
  const wanted = dynamic ? request.imageCount * 2 : Math.max(request.imageCount, Math.min(3, maxShots));
  const shotCount = Math.max(1, Math.min(wanted, maxShots));
  const sources = Array.from({ length: shotCount }, (_, shot) =>
    dynamic ? Math.floor(shot / 2) % request.imageCount : shot % request.imageCount,
  );
  const totalShots = shotCount + (request.hasLastFrame ? 1 : 0);
  const weights = Array.from({ length: totalShots }, (_, shot) =>
    request.hasLastFrame && shot === totalShots - 1 ? 1.4 : 1,
  );
  const framesPerShot = splitFrames(totalFrames, totalShots, weights);
  const shortest = Math.min(...framesPerShot);
  // Dynamic captions ride on the first look at each image; cinematic ones may go on every shot.
  const captionable = framesPerShot
    .map((_, shot) => shot)
    .filter((shot) => !dynamic || shot % 2 === 0 || (request.hasLastFrame && shot === totalShots - 1));
  const phrases = phrasesForScenes(
    request.prompt,
    captionable.length,
    match.category,
    random.fork('phrases'),
    false,
  );
  // The prompt's phrases spread over the shots, the first on the first shot.
  const phraseAt = new Map(
    phrases.map((phrase, index) => [
      captionable[Math.floor((index * captionable.length) / phrases.length)] ?? 0,
      phrase,
    ]),
  );
  const style = dynamic ? DYNAMIC_CAPTION : CINEMATIC_CAPTION;
  const palette = shiftPalette(CATEGORY_LOOKS[match.category].palettes[0] as Palette, 0);
  const slowMoves: MotionKind[] = ['zoom-in', 'pan-right', 'zoom-out', 'pan-left', 'pan-up', 'pan-down'];
  const dynamicTransitions: TransitionKind[] = ['flash', 'slide-left', 'slide-up', 'slide-right', 'cut'];

  const scenes = framesPerShot.map((frames, shot): PlannedScene => {
    const shotRandom = random.fork(`shot${shot}`);
    const closing = request.hasLastFrame && shot === totalShots - 1;
    const source: SceneSource = { kind: 'image', index: closing ? request.imageCount : (sources[shot] ?? 0) };
    const secondLook = dynamic && shot % 2 === 1;
    const kind: MotionKind = closing
      ? dynamic
        ? 'punch-in'
        : 'zoom-out'
      : dynamic
        ? secondLook
          ? 'punch-in'
          : shotRandom.pick(['pan-left', 'pan-right', 'pan-up', 'zoom-in'] as const)
        : shotRandom.pick(slowMoves);
    const strength = dynamic ? shotRandom.range(0.25, 0.4) : shotRandom.range(0.08, 0.14);
    const incoming =
      shot === 0
        ? { kind: 'cut' as const, frames: 0 }
        : dynamic
          ? transitionFor(
              secondLook ? 'cut' : shotRandom.pick(dynamicTransitions),
              0.28,
              fps,
              Math.floor(shortest * 0.3),
            )
          : transitionFor(
              shotRandom.chance(0.2) ? 'dip-to-black' : 'crossfade',
              0.5,
              fps,
              Math.floor(shortest * 0.35),
            );
    const phrase = phraseAt.get(shot);
    return {
      source,
      palette,
      frames,
      motion: motionFor(kind, strength, shotRandom),
      transitionIn: incoming,
      captions: phrase
        ? [
            {
              text: style.uppercase ? phrase.caption.toUpperCase() : phrase.caption,
              ...captionWindow(frames, incoming.frames, fps),
            },
          ]
        : [],
      narration: null,
      sprites: [],
      artSeed: shotRandom.int(0, 2 ** 31 - 1),
    };
  });

  const mood: MusicMood = dynamic
    ? {
        tempo: 124 + random.int(-4, 6),
        scale: random.pick(['minor', 'major'] as const),
        progression: [0, 5, 3, 4],
        arpeggio: 'sixteenths',
        drums: 'driving',
        brightness: 0.7,
      }
    : {
        tempo: 76 + random.int(-4, 6),
        scale: random.pick(['major', 'minor'] as const),
        progression: [0, 4, 5, 3],
        arpeggio: random.pick(['none', 'eighths'] as const),
        drums: 'none',
        brightness: 0.4,
      };
  return {
    category: match.category,
    confidence: match.confidence,
    scenes,
    captionStyle: style,
    music: mood,
    musicSeed: random.int(0, 2 ** 31 - 1),
    narrator: CATEGORY_LOOKS[match.category].narrator,
    totalFrames,
    fps,
    narrationLines: [],
  };
}
