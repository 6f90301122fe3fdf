// A fresh PostgreSQL database for one browser-test run, held by this process: created at start, then
// a tiny HTTP answer tells Playwright it is ready, and SIGTERM (Playwright's graceful shutdown, sent
// after the app server is gone) drops it. It runs as the first webServer of playwright.config.ts,
// because Playwright starts web servers before globalSetup and the app server needs the database.
// Env: SCRATCH_ADMIN_URL (a database on the server, TEST_DATABASE_URL), SCRATCH_DATABASE_URL (the
// database to create), SCRATCH_PORT.
import http from 'node:http';
import pg from 'pg';

const adminUrl = process.env.SCRATCH_ADMIN_URL;
const scratchUrl = process.env.SCRATCH_DATABASE_URL;
const port = Number(process.env.SCRATCH_PORT ?? 3298);
if (!adminUrl || !scratchUrl) throw new Error('SCRATCH_ADMIN_URL and SCRATCH_DATABASE_URL are required');

const name = decodeURIComponent(new URL(scratchUrl).pathname.slice(1));
// The name goes into SQL as an identifier: only what playwright.config.ts generates is accepted.
if (!/^reelcraft_e2e_[a-z0-9]+$/.test(name)) throw new Error(`Refusing to manage database "${name}"`);

async function run(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

await run(`CREATE DATABASE ${name}`);

const server = http.createServer((_request, response) => {
  response.writeHead(200, { 'Content-Type': 'text/plain' });
  response.end(name);
});
server.listen(port, '127.0.0.1');

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  server.close();
  try {
    await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } catch (error) {
    console.error(`Could not drop the scratch database ${name}:`, error);
    process.exitCode = 1;
  }
  process.exit();
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
