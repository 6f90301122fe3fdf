import {
  ENHANCED_PROMPT_MIN_CHARS,
  ENHANCED_PROMPT_TARGET_WORDS,
  promptEnhancementMessages,
} from '@reelcraft/contract';
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../provider-error';
import { createLocalTextProvider } from './local-text-provider';
import { enhancePrompt, isEnhancementInstruction, promptFromInstruction } from './prompt-enhancer';
import { promptKind, type PromptKind } from './prompt-kinds';

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Phrases that could follow any prompt at all: issue 36 item 16 found them on a travel reel. */
const GENERIC_FILLER = [
  'lived-in setting',
  'small everyday details',
  'natural, candid moments',
  'genuine smiles',
  'warm connection',
  'relaxed movement',
  'gentle movement in the air',
  'rich natural textures',
];

/** The words that carry a prompt's meaning (its subject, place and action), not its glue. */
const GLUE = new Set([
  'a',
  'an',
  'the',
  'of',
  'in',
  'on',
  'at',
  'to',
  'with',
  'and',
  'for',
  'my',
  'our',
  'over',
]);
const contentWords = (prompt: string) =>
  (prompt.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).filter(
    (word) => !GLUE.has(word),
  );

/** One prompt of each kind a customer writes, with the words its result must add to be specific. */
const PROMPTS: { prompt: string; kind: PromptKind; specific: RegExp }[] = [
  {
    prompt: 'Travel reel of Lisbon with my friends',
    kind: 'travel',
    specific: /Lisbon.*(street|market|viewpoint|landmark)|landmark|market|viewpoint/i,
  },
  {
    prompt: 'a weekend trip to Kyoto temples',
    kind: 'travel',
    specific: /street|market|viewpoint|landmark/i,
  },
  {
    prompt: 'homemade ramen with a soft egg',
    kind: 'food',
    specific: /steam|sauce|plating|herbs|ingredients|plate|table/i,
  },
  {
    prompt: 'chocolate cake for a bakery ad',
    kind: 'food',
    specific: /steam|sauce|plating|herbs|ingredients|plate|table/i,
  },
  {
    prompt: 'new wireless earbuds in a charging case',
    kind: 'product',
    specific: /pedestal|reflections|product|finish|highlights/i,
  },
  {
    prompt: 'misty pine forest at dawn',
    kind: 'nature',
    specific: /hills|water|grass|leaves|clouds|horizon|landscape|haze/i,
  },
  {
    prompt: 'golden retriever puppy playing with a ball',
    kind: 'animals',
    specific: /eyes|ears|fur|feathers|sniffs|animal/i,
  },
  {
    prompt: 'grandmother teaching her grandson to knit',
    kind: 'people',
    specific: /faces|hands|gestures|close-ups|mid-laugh|reactions/i,
  },
  {
    prompt: 'skateboarder landing a kickflip',
    kind: 'sport',
    specific: /speed|strides|muscles|reactions|limit|sweat/i,
  },
  {
    prompt: 'Tokyo streets at night in the rain',
    kind: 'city',
    specific: /traffic|windows|facades|trams|sidewalks|skyline|street signs/i,
  },
  {
    prompt: 'summer dress collection for women',
    kind: 'fashion',
    specific: /fabric|stitching|seams|outfit|garment|runway/i,
  },
  {
    prompt: 'our wedding day by the lake',
    kind: 'event',
    specific: /guests|first dance|string lights|confetti|speeches/i,
  },
  {
    prompt: 'scandinavian living room makeover',
    kind: 'home',
    specific: /linen|plants|wooden|sofa|mug|room to room|interior/i,
  },
];

describe('prompt enhancer', () => {
  it('expands prompts of any length into 20-50 words (spec 001 section 5)', () => {
    const prompts = [
      'a cat',
      'sunset over the ocean',
      'A premium watch on a marble pedestal',
      'kids playing football in the rain',
      'robot',
      'swirling ink in water, macro shot, dramatic lighting, cinematic style',
      Array.from({ length: 80 }, (_, i) => `word${i}`).join(' '),
    ];
    for (const prompt of prompts) {
      const { prompt: enhanced } = enhancePrompt(prompt);
      expect(words(enhanced), enhanced).toBeGreaterThanOrEqual(ENHANCED_PROMPT_TARGET_WORDS.min);
      expect(words(enhanced), enhanced).toBeLessThanOrEqual(ENHANCED_PROMPT_TARGET_WORDS.max);
      expect(enhanced.length).toBeGreaterThanOrEqual(ENHANCED_PROMPT_MIN_CHARS);
    }
  });

  it.each(PROMPTS)(
    'keeps every word of "$prompt" and adds what a $kind video shows, no generic filler (issue 36 item 16)',
    ({ prompt, kind, specific }) => {
      expect(promptKind(prompt, 'lifestyle')).toBe(kind);
      const { prompt: enhanced } = enhancePrompt(prompt);
      const added = enhanced.slice(prompt.length);
      // The user's words come first, as written, and every one of them stays.
      expect(enhanced.toLowerCase().startsWith(prompt.toLowerCase()), enhanced).toBe(true);
      for (const word of contentWords(prompt)) expect(enhanced.toLowerCase(), enhanced).toContain(word);
      expect(added, enhanced).toMatch(specific);
      for (const filler of GENERIC_FILLER) expect(enhanced, enhanced).not.toContain(filler);
      expect(words(enhanced), enhanced).toBeGreaterThanOrEqual(ENHANCED_PROMPT_TARGET_WORDS.min);
      expect(words(enhanced), enhanced).toBeLessThanOrEqual(ENHANCED_PROMPT_TARGET_WORDS.max);
    },
  );

  it('adds different things to prompts of different kinds', () => {
    const additions = PROMPTS.map(({ prompt }) => {
      const { prompt: enhanced } = enhancePrompt(prompt);
      // The added phrases, each cut at its commas and full stops.
      return new Set(
        enhanced
          .slice(prompt.length)
          .split(/[,.]/)
          .map((phrase) => phrase.trim().toLowerCase())
          .filter((phrase) => words(phrase) >= 3),
      );
    });
    for (const [index, { kind }] of PROMPTS.entries()) {
      for (const [otherIndex, other] of PROMPTS.entries()) {
        if (other.kind === kind) continue;
        const shared = [...additions[index]!].filter((phrase) => additions[otherIndex]!.has(phrase));
        expect(shared, `${PROMPTS[index]!.prompt} / ${other.prompt}`).toEqual([]);
      }
    }
    // The travel reel of the issue names its place in what is added.
    expect(enhancePrompt('Travel reel of Lisbon with my friends').prompt.slice(40)).toContain('Lisbon');
  });

  it('keeps the subject first and adds camera, lighting and style by category', () => {
    const result = enhancePrompt('sunset over the ocean');
    expect(result.category).toBe('nature');
    expect(result.prompt.startsWith('Sunset over the ocean')).toBe(true);
    expect(result.prompt).toMatch(/shot|camera|push-in/);
    const product = enhancePrompt('A premium watch on a marble pedestal');
    expect(product.category).toBe('product');
    expect(product.prompt).toMatch(/studio|spotlight|high-key/);
  });

  it('does not repeat what the prompt already says about camera and light', () => {
    const result = enhancePrompt('swirling ink in water, macro shot, dramatic lighting');
    expect(result.prompt.match(/shot/g)).toHaveLength(1);
  });

  it('answers the same prompt the same way', () => {
    expect(enhancePrompt('a calm lake')).toEqual(enhancePrompt('a calm lake'));
  });

  it('refuses empty and too short prompts with the screen’s messages', () => {
    expect(() => enhancePrompt('   ')).toThrow(promptEnhancementMessages.promptRequired);
    expect(() => enhancePrompt('cat')).toThrow(promptEnhancementMessages.promptTooShort);
    expect(() => enhancePrompt('cat')).toThrow(ProviderError);
  });

  it('finds the prompt inside an enhancement instruction', () => {
    const instruction =
      'Enhance this video prompt in 20-50 words, adding camera and lighting: "a dog on a beach"';
    expect(isEnhancementInstruction(instruction)).toBe(true);
    expect(promptFromInstruction(instruction)).toBe('a dog on a beach');
    expect(promptFromInstruction('Improve the prompt: neon city at night')).toBe('neon city at night');
    expect(promptFromInstruction('no instruction here')).toBeNull();
  });

  it("answers the image screen's instruction with the enhanced prompt only, never the instruction", async () => {
    // The web client's exact instruction (features/prompt-enhancement/api/enhance-prompt.ts).
    const instruction =
      'Rewrite this image-to-video prompt as a vivid, detailed description of 20-50 words. ' +
      'Answer with the prompt only.\n\nred running shoe on white background';
    expect(promptFromInstruction(instruction)).toBe('red running shoe on white background');
    const { text } = await createLocalTextProvider().complete({ prompt: instruction });
    expect(text).toMatch(/^Red running shoe on white background/i);
    expect(text).not.toMatch(/rewrite|answer with|20-50 words/i);
  });
});
