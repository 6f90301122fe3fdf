import {
  ENHANCED_PROMPT_MIN_CHARS,
  promptEnhancementMessages,
  type GenerateTextAnswer,
} from '@reelcraft/contract';
import { badRequest, HttpError } from '../../platform/http/http-error';
import { ProviderError, type TextProvider } from '../../providers';

/**
 * POST /llm/generate/text: the Enhance Prompt action sends its instruction and the user's prompt;
 * the text provider answers a 20-50 word video prompt (spec 001 section 5).
 */
export class PromptEnhancementService {
  constructor(private readonly text: Pick<TextProvider, 'complete'>) {}

  async generate(prompt: string): Promise<GenerateTextAnswer> {
    let text: string;
    try {
      ({ text } = await this.text.complete({ prompt }));
    } catch (error) {
      if (error instanceof ProviderError && error.code === 'invalid_input') throw badRequest(error.message);
      if (error instanceof ProviderError && error.retryable) {
        throw new HttpError(503, promptEnhancementMessages.failed);
      }
      throw error;
    }
    const generated = text.trim();
    // What the screen would refuse anyway: say so here, as a failed upstream answer.
    if (generated.length < ENHANCED_PROMPT_MIN_CHARS) {
      throw new HttpError(502, promptEnhancementMessages.invalidResponse);
    }
    return { generated_text: generated };
  }
}
