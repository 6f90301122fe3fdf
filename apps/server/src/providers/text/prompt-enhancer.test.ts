import {
  ENHANCED_PROMPT_MIN_CHARS,
  ENHANCED_PROMPT_TARGET_WORDS,
  promptEnhancementMessages,
} from '@reelcraft/contract';
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../provider-error';
import { createLocalTextProvider } from './local-text-provider';
import { enhancePrompt, isEnhancementInstruction, promptFromInstruction } from './prompt-enhancer';

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

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
