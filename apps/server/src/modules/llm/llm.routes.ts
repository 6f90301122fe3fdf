import type { FastifyInstance } from 'fastify';
import { generateText } from '@reelcraft/contract';
import type { ModuleContext } from '../../platform/module-context';
import { PromptEnhancementService } from './prompt-enhancement.service';

/** POST /llm/generate/text (spec 001 section 7), used by Enhance Prompt. */
export async function llmRoutes(
  app: FastifyInstance,
  { platform, registerCall }: ModuleContext,
): Promise<void> {
  const service = new PromptEnhancementService(platform.providers.text);

  registerCall(app, generateText, ({ body }) => service.generate(body.prompt));
}
