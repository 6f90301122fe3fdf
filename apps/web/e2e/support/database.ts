import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

// The app server's database, for the tests that need to reach it from outside the server: set when
// the run is on PostgreSQL (playwright.config.ts with TEST_DATABASE_URL), unset on embedded PGlite,
// which only the server's own process can open.

export const e2eDatabaseUrl = process.env.E2E_DATABASE_URL;
export const NEEDS_POSTGRES =
  'Needs the app server on PostgreSQL (set TEST_DATABASE_URL): the embedded PGlite database can only be opened by the server process';

/** Runs `work` with a client of the app server's database. */
export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  if (!e2eDatabaseUrl) throw new Error(NEEDS_POSTGRES);
  const client = new pg.Client({ connectionString: e2eDatabaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');
const run = promisify(execFile);

/**
 * Creates a notification for the user from another process, through the notifications service, as
 * a job in a worker does (apps/server/test/fixtures/create-notification.ts). The service pushes it to
 * the user's sockets through PostgreSQL NOTIFY, which the app server's process hears.
 */
export async function createNotificationElsewhere(
  userId: string,
  notification: { title: string; message: string; status?: string; link?: string },
): Promise<void> {
  if (!e2eDatabaseUrl) throw new Error(NEEDS_POSTGRES);
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'apps/server/test/fixtures/create-notification.ts'],
    {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        DATABASE_URL: e2eDatabaseUrl,
        NOTIFICATION_USER_ID: userId,
        NOTIFICATION_JSON: JSON.stringify(notification),
      },
      timeout: 30_000,
    },
  );
  if (!stdout.includes('created')) throw new Error(`The notification was not created: ${stdout}`);
}
