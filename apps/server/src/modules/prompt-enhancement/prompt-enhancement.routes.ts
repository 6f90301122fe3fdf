import type { FastifyInstance } from 'fastify';
import { generateText } from '@reelcraft/contract';
import type { RouteContext } from '../../platform/http/route-context';
import type { PromptEnhancementService } from './prompt-enhancement.service';

/** POST /llm/generate/text (spec 001 section 7), used by Enhance Prompt. */
export async function promptEnhancementRoutes(
  app: FastifyInstance,
  { registerCall, promptEnhancement }: RouteContext & { promptEnhancement: PromptEnhancementService },
): Promise<void> {
  registerCall(app, generateText, ({ body }) => promptEnhancement.generate(body.prompt));
}
