import type { FastifyInstance } from 'fastify';
import { getFeedbackQuestions, submitFeedback } from '@reelcraft/contract';
import type { RouteContext } from '../../platform/http/route-context';
import type { FeedbackService } from './feedback.service';

/** `GET /feedback/questions` and `POST /feedback/submit`, both with an optional token. */
export async function feedbackRoutes(
  app: FastifyInstance,
  { registerCall, feedback }: RouteContext & { feedback: FeedbackService },
): Promise<void> {
  registerCall(app, getFeedbackQuestions, () => feedback.questions());
  registerCall(app, submitFeedback, ({ body, request }) =>
    feedback.submit(body, request.user?.id ?? null, request.ip),
  );
}
