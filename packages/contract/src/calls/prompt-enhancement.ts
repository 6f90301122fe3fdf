import { z } from 'zod';
import { PROMPT_ENHANCE_MIN_CHARS } from '../constants';
import { defineCall } from '../define-call';
import { promptEnhancementMessages } from '../messages';

export const generateTextBodySchema = z.object({
  prompt: z
    .string()
    .trim()
    .min(1, promptEnhancementMessages.promptRequired)
    .min(PROMPT_ENHANCE_MIN_CHARS, promptEnhancementMessages.promptTooShort)
    .max(8000),
});
export type GenerateTextBody = z.infer<typeof generateTextBodySchema>;

/**
 * The spec's client reads generated_text, text or content; ours answers generated_text, at least
 * ENHANCED_PROMPT_MIN_CHARS long (a shorter result is refused with 502 instead).
 */
export const generateTextAnswerSchema = z.object({ generated_text: z.string() });
export type GenerateTextAnswer = z.infer<typeof generateTextAnswerSchema>;

/** Used to enhance video prompts; the caller writes the instruction into the prompt. */
export const generateText = defineCall({
  name: 'generateText',
  method: 'POST',
  path: '/llm/generate/text',
  auth: 'bearer',
  tag: 'prompt-enhancement',
  summary: 'Generate text from a prompt',
  body: generateTextBodySchema,
  response: generateTextAnswerSchema,
});
