import {
  ENHANCED_PROMPT_MIN_CHARS,
  ENHANCED_PROMPT_TARGET_WORDS,
  generateText,
  promptEnhancementMessages,
} from '@reelcraft/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** Thrown when the model's answer is too short to be a prompt. */
export class InvalidEnhancementError extends Error {
  constructor() {
    super(promptEnhancementMessages.invalidResponse);
  }
}

/**
 * POST /llm/generate/text with the spec's instruction (a vivid description of 20-50 words); resolves
 * with the enhanced prompt, or rejects with InvalidEnhancementError for a too short answer.
 */
export async function enhancePrompt(prompt: string): Promise<string> {
  const answer = await callApi(generateText, {
    body: {
      prompt:
        `Rewrite this image-to-video prompt as a vivid, detailed description of ` +
        `${ENHANCED_PROMPT_TARGET_WORDS.min}-${ENHANCED_PROMPT_TARGET_WORDS.max} words. ` +
        `Answer with the prompt only.\n\n${prompt}`,
    },
  });
  const enhanced = answer.generated_text.trim();
  if (enhanced.length < ENHANCED_PROMPT_MIN_CHARS) throw new InvalidEnhancementError();
  return enhanced;
}

export function useEnhancePrompt() {
  return useMutation({ mutationFn: enhancePrompt });
}
