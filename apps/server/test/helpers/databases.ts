import crypto from 'node:crypto';
import pg from 'pg';

/** The machine's PostgreSQL for tests, when given (CI sets it); PGlite tests run regardless. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh PostgreSQL database for one test file, created from TEST_DATABASE_URL's server and
 * dropped afterwards, so files running in parallel never see each other's rows or queues.
 */
export async function createScratchDatabase(baseUrl: string): Promise<ScratchDatabase> {
  const name = `reelcraft_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
