import type { FastifyInstance } from 'fastify';
import { getHealth, type HealthAnswer } from '@reelcraft/contract';
import { APP_VERSION } from '../../platform/version';
import type { Database } from '../../platform/db/database';
import type { RouteContext } from '../../platform/http/route-context';
import type { JobQueue } from '../../platform/queue/job-queue';

/** `GET /health`: 200 when the database and the queue answer, 503 otherwise (for load balancers). */
export async function healthRoutes(
  app: FastifyInstance,
  {
    registerCall,
    database,
    queue,
  }: RouteContext & { database: Pick<Database, 'ping'>; queue: Pick<JobQueue, 'health'> },
): Promise<void> {
  registerCall(app, getHealth, async ({ reply }) => {
    const databaseState = await database
      .ping()
      .then(() => ({ status: 'ok' as const }))
      .catch((error: Error) => ({ status: 'error' as const, detail: error.message }));
    const queueState = await queue.health();
    const answer: HealthAnswer = {
      status: databaseState.status === 'ok' && queueState.status === 'ok' ? 'ok' : 'degraded',
      database: databaseState,
      queue: queueState,
      version: APP_VERSION,
    };
    if (answer.status !== 'ok') reply.status(503);
    return answer;
  });
}
