import type { FastifyInstance } from 'fastify';
import { getHealth, type HealthAnswer } from '@reelcraft/contract';
import { APP_VERSION } from '../../platform/version';
import type { ModuleContext } from '../../platform/module-context';

/** `GET /health`: 200 when the database and the queue answer, 503 otherwise (for load balancers). */
export async function healthRoutes(
  app: FastifyInstance,
  { platform, registerCall }: ModuleContext,
): Promise<void> {
  registerCall(app, getHealth, async ({ reply }) => {
    const database = await platform.database
      .ping()
      .then(() => ({ status: 'ok' as const }))
      .catch((error: Error) => ({ status: 'error' as const, detail: error.message }));
    const queue = await platform.queue.health();
    const answer: HealthAnswer = {
      status: database.status === 'ok' && queue.status === 'ok' ? 'ok' : 'degraded',
      database,
      queue,
      version: APP_VERSION,
    };
    if (answer.status !== 'ok') reply.status(503);
    return answer;
  });
}
