import type { FastifyInstance } from 'fastify';
import { getHealth, type HealthAnswer } from '@reelcraft/contract';
import { APP_VERSION } from '../../platform/version';
import type { Database } from '../../platform/db/database';
import type { RouteContext } from '../../platform/http/route-context';
import type { JobQueue } from '../../platform/queue/job-queue';
import type { DiskSpaceMonitor } from '../../platform/storage';

/**
 * `GET /health`: 200 when the database and the queue answer and the local disks have room, 503
 * otherwise (for load balancers): free space below DISK_FREE_CRITICAL_MB makes the instance not ready.
 */
export async function healthRoutes(
  app: FastifyInstance,
  {
    registerCall,
    database,
    queue,
    diskSpace,
  }: RouteContext & {
    database: Pick<Database, 'ping'>;
    queue: Pick<JobQueue, 'health'>;
    diskSpace: Pick<DiskSpaceMonitor, 'check'>;
  },
): Promise<void> {
  registerCall(app, getHealth, async ({ reply }) => {
    const databaseState = await database
      .ping()
      .then(() => ({ status: 'ok' as const }))
      .catch((error: Error) => ({ status: 'error' as const, detail: error.message }));
    const queueState = await queue.health();
    const storageState = await storageHealth(diskSpace);
    const answer: HealthAnswer = {
      status:
        databaseState.status === 'ok' && queueState.status === 'ok' && storageState.status === 'ok'
          ? 'ok'
          : 'degraded',
      database: databaseState,
      queue: queueState,
      storage: storageState,
      version: APP_VERSION,
    };
    if (answer.status !== 'ok') reply.status(503);
    return answer;
  });
}

/**
 * The disks' part of the answer: `error` below the critical threshold; a low (or unreadable) disk
 * stays `ok` with the warning in `detail`, since the instance still serves.
 */
async function storageHealth(
  diskSpace: Pick<DiskSpaceMonitor, 'check'>,
): Promise<NonNullable<HealthAnswer['storage']>> {
  const report = await diskSpace.check();
  return {
    status: report.level === 'critical' ? 'error' : 'ok',
    ...(report.detail ? { detail: report.detail } : {}),
    ...(report.freeBytes !== undefined ? { free_bytes: report.freeBytes } : {}),
  };
}
