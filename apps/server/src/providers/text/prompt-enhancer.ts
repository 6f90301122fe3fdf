import {
  ENHANCED_PROMPT_MIN_CHARS,
  ENHANCED_PROMPT_TARGET_WORDS,
  PROMPT_ENHANCE_MIN_CHARS,
  promptEnhancementMessages,
} from '@reelcraft/contract';
import { hashText } from '../../media/seeded-random';
import { classifyPrompt, PROMPT_CATEGORIES, promptWords, type PromptCategory } from '../prompt-categories';
import { ProviderError } from '../provider-error';
import { KIND_VOCABULARY, namedPlace, promptKind } from './prompt-kinds';

const CAMERA_WORDS =
  /\b(shot|drone|aerial|close-up|closeup|macro|dolly|pan|tracking|orbit|handheld|camera|zoom|angle|pov)\b/i;
const LIGHT_WORDS =
  /\b(light|lighting|lit|sunset|sunrise|golden hour|neon|glow|backlit|shadows?|moonlight)\b/i;
const STYLE_WORDS = /\b(cinematic|style|aesthetic|4k|photorealistic|film look|documentary|realistic)\b/i;

const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;
const capitalise = (text: string) => (text ? text[0]?.toUpperCase() + text.slice(1) : text);

function checkPrompt(prompt: string): string {
  const clean = prompt.replace(/\s+/g, ' ').trim();
  if (!clean) throw new ProviderError('invalid_input', promptEnhancementMessages.promptRequired);
  if (clean.length < PROMPT_ENHANCE_MIN_CHARS)
    throw new ProviderError('invalid_input', promptEnhancementMessages.promptTooShort);
  return clean.replace(/[.!?,;:\s]+$/, '');
}

/** Keeps the first `max` words, ending cleanly. */
function clip(text: string, max: number): string {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length <= max) return text;
  return `${words
    .slice(0, max)
    .join(' ')
    .replace(/[,;:]$/, '')}.`;
}

/**
 * Expands a short prompt into a 20-50 word video prompt: the user's words first, all of them and as
 * written, then what its kind of video needs (specific detail, camera, lighting, style), skipping what
 * the prompt already says. Only a prompt longer than 50 words is cut. Deterministic.
 */
export function enhancePrompt(prompt: string): { prompt: string; category: PromptCategory } {
  const subject = checkPrompt(prompt);
  const pick = <T>(items: readonly T[], salt: string): T =>
    items[hashText(`${salt}|${subject.toLowerCase()}`) % items.length] as T;
  const category = classifyPrompt(subject, pick(PROMPT_CATEGORIES, 'category')).category;
  const words = KIND_VOCABULARY[promptKind(subject, category)];
  const place = namedPlace(subject) ?? words.place;
  const specific = (detail: string) => detail.replaceAll('{place}', place);
  const { min, max } = ENHANCED_PROMPT_TARGET_WORDS;
  const subjectPart = clip(capitalise(subject), max).replace(/\.$/, '');
  const parts = [
    CAMERA_WORDS.test(subject) ? null : pick(words.cameras, 'camera'),
    LIGHT_WORDS.test(subject) ? null : pick(words.lighting, 'light'),
    STYLE_WORDS.test(subject) ? null : pick(words.styles, 'style'),
  ].filter((part): part is string => part !== null);
  // The kind's detail that repeats none of the user's words ("street food" said once, not twice).
  const userWords = new Set(promptWords(subject));
  const start = hashText(`detail|${subject.toLowerCase()}`) % words.details.length;
  const inTurn = words.details.map((_, index) => words.details[(start + index) % words.details.length]!);
  // The template is checked, not the filled-in detail: naming the user's place again is the point.
  const repeats = (template: string) =>
    promptWords(template).some((word) => word.length > 3 && userWords.has(word));
  const detail = specific(inTurn.find((template) => !repeats(template)) ?? inTurn[0]!);
  const compose = (head: string, tail: readonly string[]) =>
    tail.length ? `${head}. ${capitalise(tail.join(', '))}.` : `${head}.`;

  // The detail goes right after the user's words; what does not fit in 50 words is left out, the
  // user's words never (up to the 50).
  const withDetail = `${subjectPart}, ${detail}`;
  const head = countWords(withDetail) <= max - 6 ? withDetail : subjectPart;
  let result = compose(head, parts);
  while (countWords(result) > max && parts.length > 0) {
    parts.pop();
    result = compose(head, parts);
  }
  // Too short: more of the kind's details, then its styles, until the minimum is met.
  const extras = [...words.details.map(specific), ...words.styles].filter((extra) => !result.includes(extra));
  for (const extra of extras) {
    if (countWords(result) >= min) break;
    result = `${result.replace(/\.$/, '')}, ${extra}.`;
  }
  result = clip(result, max);
  if (result.length < ENHANCED_PROMPT_MIN_CHARS) {
    throw new ProviderError('failed', promptEnhancementMessages.invalidResponse);
  }
  return { prompt: result, category };
}

/** The prompt inside an instruction ("Enhance this video prompt ...: \"a cat\""), or null. */
export function promptFromInstruction(text: string): string | null {
  const quoted = [...text.matchAll(/["“«]([^"”»]{5,})["”»]/g)].map((match) => match[1] ?? '');
  if (quoted.length > 0) return quoted.sort((a, b) => b.length - a.length)[0]?.trim() ?? null;
  // "Rewrite this prompt … Answer with the prompt only.\n\n<the user's prompt>": the last paragraph.
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const last = paragraphs.at(-1);
  if (paragraphs.length > 1 && last && last.length >= PROMPT_ENHANCE_MIN_CHARS) return last;
  const afterColon = text.split(/:\s*/).pop()?.trim() ?? '';
  if (afterColon && afterColon !== text.trim() && afterColon.length >= PROMPT_ENHANCE_MIN_CHARS)
    return afterColon;
  return null;
}

/** True when a free prompt asks to enhance a video prompt (the web client's instruction). */
export const isEnhancementInstruction = (text: string) =>
  /\b(enhance|improve|rewrite|expand|refine|better)\b/i.test(text) && /\bprompt\b/i.test(text);
