import {
  STORYBOARD_LIMITS,
  storyboardContentSchema,
  storyboardMessages,
  type StoryboardContent,
} from '@reelcraft/contract';
import { ApiError } from '../../lib/api-client';
import { totalSeconds } from './scene-edits';

// What is wrong with a storyboard, by where it is: the contract's own schema checks the content as the
// server will (so the editor says it first, next to the field), and a 422's issues land on the same
// places. Keys are paths into the content: `title`, `scenes`, `scenes.2.narration`,
// `scenes.2.visual.subjects`; `duration` is the whole video's length.

export type FieldErrors = ReadonlyMap<string, string>;

export const NO_ERRORS: FieldErrors = new Map();

/** Paths below these are shown on them (a subject's id on the scene's subject list). */
const GROUPED_PATHS = [/^(scenes\.\d+\.visual\.subjects)\..+$/, /^(music)\..+$/, /^(captions)\..+$/];

function keyOf(path: readonly PropertyKey[]): string {
  const key = path.map(String).join('.');
  for (const pattern of GROUPED_PATHS) {
    const match = pattern.exec(key);
    if (match?.[1]) return match[1];
  }
  return key;
}

// zod's own texts ("Too small: expected string to have >=1 characters") are not for people: these
// fields get ours; the contract's storyboard messages are kept as they are.
const GENERIC_MESSAGE = /^(Too small|Too big|Invalid)/;
const FIELD_MESSAGES: Record<string, string> = {
  title: 'Give the storyboard a title (up to 200 characters).',
  voice_id: storyboardMessages.unknownVoice,
  language: 'Choose the language of the narration.',
  aspect_ratio: 'Choose an aspect ratio.',
};

function readable(key: string, message: string): string {
  if (!GENERIC_MESSAGE.test(message)) return message;
  if (key.endsWith('.visual.prompt')) {
    return `A scene prompt holds at most ${STORYBOARD_LIMITS.maxScenePromptChars} characters.`;
  }
  return (
    FIELD_MESSAGES[key] ??
    (key.endsWith('.visual.subjects') ? storyboardMessages.unknownIllustration : message)
  );
}

/** The problems of `content` as the contract sees them, plus the whole video's length; empty when it can be saved. */
export function validateContent(content: StoryboardContent): FieldErrors {
  const errors = new Map<string, string>();
  const parsed = storyboardContentSchema.safeParse(content);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = keyOf(issue.path);
      if (!errors.has(key)) errors.set(key, readable(key, issue.message));
    }
  }
  if (totalSeconds(content) > STORYBOARD_LIMITS.maxTotalSeconds) {
    errors.set('duration', storyboardMessages.videoTooLong);
  }
  return errors;
}

/** The issues of a 422 answer to a save, by path (its `loc` without "body"); null for any other error. */
export function serverFieldErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 422 || !Array.isArray(error.detail)) return null;
  const errors = new Map<string, string>();
  for (const issue of error.detail) {
    const path = issue.loc[0] === 'body' ? issue.loc.slice(1) : issue.loc;
    const key = path.length === 0 ? 'form' : keyOf(path);
    if (!errors.has(key)) errors.set(key, issue.msg);
  }
  return errors;
}

/** The first message of any of `keys`. */
export function errorAt(errors: FieldErrors, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const message = errors.get(key);
    if (message) return message;
  }
  return undefined;
}

/** The fields a scene card shows its errors on; anything else of the scene is listed on the card. */
const SCENE_FIELDS = ['narration', 'duration_seconds', 'visual.subjects', 'visual.prompt', 'transition'];

export function sceneErrors(errors: FieldErrors, index: number) {
  const prefix = `scenes.${index}.`;
  const other: string[] = [];
  for (const [key, message] of errors) {
    if (!key.startsWith(prefix)) continue;
    if (!SCENE_FIELDS.includes(key.slice(prefix.length))) other.push(message);
  }
  return {
    narration: errors.get(`${prefix}narration`),
    duration: errors.get(`${prefix}duration_seconds`),
    subjects: errors.get(`${prefix}visual.subjects`),
    prompt: errors.get(`${prefix}visual.prompt`),
    other,
  };
}

/** Messages that no field of the editor shows (a server issue about something the screen has no field for). */
export function unplacedErrors(errors: FieldErrors): string[] {
  const placed = /^(title|voice_id|language|aspect_ratio|music|captions|duration|scenes|scenes\.\d+\..+)$/;
  return [...errors].filter(([key]) => !placed.test(key)).map(([, message]) => message);
}
