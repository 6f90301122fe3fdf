import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase, testDatabaseUrl } from '../helpers/databases';
import { describeHeavy } from '../helpers/each-database';
import { exited } from '../helpers/processes';
import { startDeployedProcess } from '../helpers/product-process';
import { makeTempDir } from '../helpers/test-platform';

const ROUNDS = 5;

/**
 * Two API and two worker processes started at the same moment on a fresh PostgreSQL database: the
 * migrations and pg-boss's queue creation once deadlocked in about half of the tries (issue 19).
 */
(testDatabaseUrl ? describeHeavy : describe.skip)(
  'four processes starting at once on a fresh database',
  () => {
    it(`all come up, ${ROUNDS} times in a row`, async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const database = await createScratchDatabase(testDatabaseUrl ?? '');
        const dataDir = makeTempDir('reelcraft-concurrent-');
        const started: ChildProcess[] = [];
        try {
          const roles = ['api', 'api', 'worker', 'worker'] as const;
          const outcomes = await Promise.allSettled(
            roles.map(async (role) => {
              const { child } = await startDeployedProcess(role, {
                dataDir,
                databaseUrl: database.url,
                jwtSecret: 'concurrent-start-test-secret-32-characters',
              });
              started.push(child);
            }),
          );
          const failures = outcomes.flatMap((outcome) =>
            outcome.status === 'rejected' ? [String(outcome.reason).slice(0, 2000)] : [],
          );
          expect(failures, `round ${round + 1}`).toEqual([]);
        } finally {
          for (const child of started) child.kill('SIGTERM');
          await Promise.all(started.map((child) => exited(child)));
          await database.drop();
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      }
    }, 600_000);
  },
);
