import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Browser tests drive the system Chromium (no browser download) against the built app served by
// the real server, on a fresh database (see TEST_DATABASE_URL below). `npm run test:e2e` builds first.
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'reelcraft-e2e-'));
// Tests that read what the server wrote (mails under DATA_DIR/mail) find it through this variable.
process.env.E2E_DATA_DIR = dataDir;

// With TEST_DATABASE_URL (CI sets it) the app server runs on PostgreSQL, in a scratch database of its
// own for this run (support/scratch-database.ts creates it before the server starts and drops it at
// the end), so tests can also reach the database from other processes: seed rows, and create
// notifications through the service as a job in a worker would. Without it, the embedded PGlite
// database is used and those tests skip. The config is loaded again in each worker: the name is
// chosen once and passed on through the environment.
const testDatabaseUrl = process.env.TEST_DATABASE_URL;
if (testDatabaseUrl && !process.env.E2E_DATABASE_URL) {
  const scratch = new URL(testDatabaseUrl);
  scratch.pathname = `/reelcraft_e2e_${crypto.randomBytes(6).toString('hex')}`;
  process.env.E2E_DATABASE_URL = scratch.toString();
}
const databaseUrl = process.env.E2E_DATABASE_URL;
// Helper servers take the ports after E2E_PORT, so one variable moves a whole run out of the way.
const scratchPort = Number(process.env.E2E_SCRATCH_PORT ?? port + 3);

// Sign-in with Google runs against a real local OpenID provider (apps/web/e2e/support/oidc-provider.ts),
// started before the app server, which discovers it on the first sign-in.
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? port + 2);
const oidcIssuer = `http://127.0.0.1:${oidcPort}`;
// The Google sign-in test checks it reached this provider.
process.env.E2E_OIDC_ISSUER = oidcIssuer;
const oidcClientId = 'reelcraft-e2e';
const oidcClientSecret = 'reelcraft-e2e-secret-0123456789';

export default defineConfig({
  testDir: 'apps/web/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? 'list' : [['list']],
  // Ceilings, not aims: on a busy machine a render or a page takes many times longer than on a quiet one.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  // Started in this order, each waited for before the next; stopped in the reverse order.
  webServer: [
    ...(testDatabaseUrl && databaseUrl
      ? [
          {
            command: 'node --import tsx apps/web/e2e/support/scratch-database.ts',
            url: `http://127.0.0.1:${scratchPort}/`,
            timeout: 30_000,
            reuseExistingServer: false,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
            // SIGTERM, not Playwright's default SIGKILL: the holder drops the database on its way out.
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
            env: {
              SCRATCH_ADMIN_URL: testDatabaseUrl,
              SCRATCH_DATABASE_URL: databaseUrl,
              SCRATCH_PORT: String(scratchPort),
            },
          },
        ]
      : []),
    {
      command: 'node --import tsx apps/web/e2e/support/oidc-provider.ts',
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        OIDC_PORT: String(oidcPort),
        OIDC_CLIENT_ID: oidcClientId,
        OIDC_CLIENT_SECRET: oidcClientSecret,
        OIDC_REDIRECT_URI: `http://127.0.0.1:${port}/api/v1/auth/google/callback`,
      },
    },
    {
      command: 'node apps/server/dist/main.js',
      url: `http://127.0.0.1:${port}/api/v1/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        GOOGLE_ISSUER: oidcIssuer,
        GOOGLE_CLIENT_ID: oidcClientId,
        GOOGLE_CLIENT_SECRET: oidcClientSecret,
        // Every browser test signs up from 127.0.0.1: the flood limits have their own server test.
        SIGNUPS_MAX_PER_ADDRESS: '100000',
        MAILS_MAX_PER_ADDRESS: '100000',
        FEEDBACK_MAX_PER_ADDRESS: '100000',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
    },
  ],
});
