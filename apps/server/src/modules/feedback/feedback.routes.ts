import type { FastifyInstance } from 'fastify';
import { getFeedbackQuestions, submitFeedback } from '@reelcraft/contract';
import type { ModuleContext } from '../../platform/module-context';
import { FeedbackRepository } from './feedback.repository';
import { FeedbackService } from './feedback.service';

/** `GET /feedback/questions` and `POST /feedback/submit`, both with an optional token. */
export async function feedbackRoutes(
  app: FastifyInstance,
  { platform, registerCall }: ModuleContext,
): Promise<void> {
  const service = new FeedbackService(new FeedbackRepository(platform.database.orm));

  registerCall(app, getFeedbackQuestions, () => service.questions());
  registerCall(app, submitFeedback, ({ body, request }) => service.submit(body, request.user?.id ?? null));
}
