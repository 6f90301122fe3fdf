import {
  ENHANCED_PROMPT_MIN_CHARS,
  ENHANCED_PROMPT_TARGET_WORDS,
  PROMPT_ENHANCE_MIN_CHARS,
  promptEnhancementMessages,
} from '@reelcraft/contract';
import { hashText } from '../../media/seeded-random';
import { classifyPrompt, PROMPT_CATEGORIES, type PromptCategory } from '../prompt-categories';
import { ProviderError } from '../provider-error';

interface CategoryVocabulary {
  details: readonly string[];
  cameras: readonly string[];
  lighting: readonly string[];
  styles: readonly string[];
}

/** What a good video prompt adds per category: subject detail, camera, lighting and style. */
const VOCABULARY: Readonly<Record<PromptCategory, CategoryVocabulary>> = {
  nature: {
    details: [
      'with rich natural textures and gentle movement in the air',
      'where leaves, water and light move softly together',
      'with distant layers fading into a soft haze',
    ],
    cameras: [
      'slow aerial drone shot gliding over the landscape',
      'smooth tracking shot at eye level',
      'gentle push-in from a wide establishing view',
    ],
    lighting: [
      'warm golden-hour backlight',
      'soft diffused morning light',
      'glowing sunset light with long shadows',
    ],
    styles: [
      'cinematic nature documentary style, rich natural colours',
      'serene and immersive mood, shallow depth of field',
      'photorealistic 4K detail, calm atmosphere',
    ],
  },
  product: {
    details: [
      'presented on a minimal pedestal with clean reflections',
      'with crisp material details and subtle highlights',
      'rotating slowly to reveal its shape and finish',
    ],
    cameras: [
      'slow 360-degree orbit around the product',
      'smooth macro push-in on the details',
      'steady turntable shot with a gentle dolly',
    ],
    lighting: [
      'soft studio lighting with a bright rim light',
      'high-key lighting on a seamless backdrop',
      'dramatic spotlight with soft gradients',
    ],
    styles: [
      'premium commercial look, sharp focus, elegant minimalism',
      'sleek advertising style with clean composition',
      'luxury brand aesthetic, polished and modern',
    ],
  },
  action: {
    details: [
      'full of speed, dust and flying motion',
      'with powerful movement and sharp reactions',
      'pushing to the limit in a split-second moment',
    ],
    cameras: [
      'fast tracking shot with dynamic handheld energy',
      'low-angle follow camera with quick whip pans',
      'high-speed slow-motion close-up',
    ],
    lighting: [
      'high-contrast sunlight with bold shadows',
      'dramatic backlight with flying particles',
      'punchy stadium lighting',
    ],
    styles: [
      'intense cinematic sports style, vivid colours',
      'energetic trailer look with motion blur',
      'gritty and kinetic, crisp detail',
    ],
  },
  abstract: {
    details: [
      'made of flowing shapes that morph and blend',
      'with swirling colours folding into each other',
      'where soft geometry drifts and reassembles',
    ],
    cameras: [
      'slow floating camera drifting through the forms',
      'smooth continuous zoom into the patterns',
      'gentle rotating camera move',
    ],
    lighting: [
      'luminous gradients and soft glow',
      'iridescent light with gentle bloom',
      'neon accents over deep shadows',
    ],
    styles: [
      'dreamlike motion-graphics style, seamless loop feel',
      'surreal and hypnotic, rich saturated palette',
      'elegant minimal art style, smooth transitions',
    ],
  },
  lifestyle: {
    details: [
      'with natural, candid moments and genuine smiles',
      'in a cosy, lived-in setting with small everyday details',
      'capturing relaxed movement and warm connection',
    ],
    cameras: [
      'handheld eye-level camera with a natural sway',
      'smooth gimbal shot following the moment',
      'slow push-in to a medium close-up',
    ],
    lighting: [
      'warm natural window light',
      'soft afternoon sunlight',
      'golden evening glow with gentle bokeh',
    ],
    styles: [
      'authentic lifestyle film look, warm tones',
      'airy and bright editorial style',
      'cinematic vlog aesthetic, soft contrast',
    ],
  },
  technology: {
    details: [
      'surrounded by glowing interfaces and flowing data',
      'with precise mechanical detail and clean lines',
      'connected by streams of light and digital particles',
    ],
    cameras: [
      'slow dolly shot through the scene',
      'smooth crane move revealing the whole system',
      'sleek macro slide across the surfaces',
    ],
    lighting: [
      'cool blue and cyan neon lighting',
      'clean futuristic lighting with soft reflections',
      'holographic glow in a dark space',
    ],
    styles: [
      'futuristic sci-fi style, high-tech and polished',
      'sleek product-film aesthetic, crisp 4K detail',
      'cyberpunk mood with deep contrast',
    ],
  },
};

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
 * Expands a short prompt into a 20-50 word video prompt: the subject first, then what the category
 * needs (detail, camera, lighting, style), skipping what the prompt already says. Deterministic.
 */
export function enhancePrompt(prompt: string): { prompt: string; category: PromptCategory } {
  const subject = checkPrompt(prompt);
  const pick = <T>(items: readonly T[], salt: string): T =>
    items[hashText(`${salt}|${subject.toLowerCase()}`) % items.length] as T;
  const category = classifyPrompt(subject, pick(PROMPT_CATEGORIES, 'category')).category;
  const words = VOCABULARY[category];
  const { min, max } = ENHANCED_PROMPT_TARGET_WORDS;
  // A long prompt keeps its substance and only gains what it lacks, within the word limit.
  const subjectPart = clip(capitalise(subject), max - 12);
  const parts = [
    CAMERA_WORDS.test(subject) ? null : pick(words.cameras, 'camera'),
    LIGHT_WORDS.test(subject) ? null : pick(words.lighting, 'light'),
    STYLE_WORDS.test(subject) ? null : pick(words.styles, 'style'),
  ].filter((part): part is string => part !== null);
  const detail = pick(words.details, 'detail');
  const withDetail = `${subjectPart.replace(/\.$/, '')}, ${detail}.`;
  const compose = (head: string, tail: string[]) =>
    tail.length ? `${head} ${capitalise(tail.join(', '))}.` : head;

  let result = compose(
    countWords(subjectPart) < max - 20 ? withDetail : `${subjectPart.replace(/\.$/, '')}.`,
    parts,
  );
  // Too long: drop the detail, then the trailing parts, then cut.
  if (countWords(result) > max) result = compose(`${subjectPart.replace(/\.$/, '')}.`, parts);
  while (countWords(result) > max && parts.length > 0) {
    parts.pop();
    result = compose(`${subjectPart.replace(/\.$/, '')}.`, parts);
  }
  result = clip(result, max);
  // Too short: add the category's other details until the minimum is met.
  for (const extra of [...words.details, ...words.styles]) {
    if (countWords(result) >= min) break;
    if (!result.includes(extra)) result = `${result.replace(/\.$/, '')}, ${extra}.`;
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
