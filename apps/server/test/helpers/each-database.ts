import { afterAll, beforeAll, describe } from 'vitest';
import { createScratchDatabase, testDatabaseUrl, type ScratchDatabase } from './databases';
import { startTestServer, type TestServer, type TestServerOptions } from './test-platform';

export interface DatabaseTarget {
  kind: 'pglite' | 'postgres';
  name: string;
  /** The server of TEST_DATABASE_URL; each suite gets a scratch database of its own on it. */
  serverUrl?: string;
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is given. */
export const databaseTargets: DatabaseTarget[] = [
  { kind: 'pglite', name: 'PGlite' },
  ...(testDatabaseUrl ? [{ kind: 'postgres' as const, name: 'PostgreSQL', serverUrl: testDatabaseUrl }] : []),
];

/**
 * Runs a suite once per database target against a real app started for it, so one test file covers
 * the embedded default and the scale-out database. `body` reads the server through `server()`.
 */
export function describeEachDatabase(
  title: string,
  options: TestServerOptions,
  body: (server: () => TestServer, target: DatabaseTarget) => void,
): void {
  for (const target of databaseTargets) {
    describe(`${title} on ${target.name}`, () => {
      let scratch: ScratchDatabase | undefined;
      let running: TestServer | undefined;

      beforeAll(async () => {
        scratch = target.serverUrl ? await createScratchDatabase(target.serverUrl) : undefined;
        running = await startTestServer({
          ...options,
          env: { ...options.env, ...(scratch ? { DATABASE_URL: scratch.url } : {}) },
        });
      });
      afterAll(async () => {
        await running?.close();
        await scratch?.drop();
      });

      body(() => {
        if (!running) throw new Error('The test server did not start');
        return running;
      }, target);
    });
  }
}

/**
 * A suite that renders real media or runs the product as separate processes: part of `npm test`,
 * left out of the fast tier (`npm run test:fast` sets TEST_FAST).
 */
export const describeHeavy = process.env.TEST_FAST ? describe.skip : describe;
