import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeHeavy } from '../../helpers/each-database';
import { SOCKET_CLOSE_UNAUTHORIZED, videoCountSchema } from '@reelcraft/contract';
import { openProduct, type Product } from '../../../src/services';
import { serverRoot } from '../../../src/platform/paths';
import { createScratchDatabase, testDatabaseUrl, type ScratchDatabase } from '../../helpers/databases';
import {
  makeTempDir,
  startTestServer,
  testConfig,
  testProviders,
  type TestServer,
} from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';
import { TestSocket } from '../../helpers/ws-client';
import { api } from '../payments/checkout-helpers';

const run = promisify(execFile);
/** Each admin run is a Node process of its own (tsx, the database): on a busy machine, tens of seconds. */
const ADMIN_TEST_CEILING_MS = 900_000;

interface AdminResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run admin -- ...` as a self-hoster runs it: its own process, the server's environment. */
async function admin(env: Record<string, string>, ...args: string[]): Promise<AdminResult> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', path.join('src', 'admin', 'admin-main.ts'), ...args],
      { cwd: serverRoot(), env: { ...process.env, LOG_LEVEL: 'silent', ...env }, timeout: 300_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function openProductOn(dataDir: string): Promise<Product> {
  const config = testConfig({ DATA_DIR: dataDir });
  return openProduct({ config, logger: pino({ level: 'silent' }), providers: await testProviders() });
}

describeHeavy('npm run admin on the embedded database', { timeout: ADMIN_TEST_CEILING_MS }, () => {
  const dataDir = makeTempDir('reelcraft-admin-');
  const env = { DATA_DIR: dataDir };
  let email = '';
  let userId = '';

  beforeAll(async () => {
    const product = await openProductOn(dataDir);
    try {
      const { user } = await createUserWithToken(product.platform, `admin-${Date.now()}@example.com`);
      email = user.email;
      userId = user.id;
    } finally {
      await product.close();
    }
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('grants a plan, adds videos, lists the account, shows its history and revokes', async () => {
    const granted = await admin(env, 'grant', email.toUpperCase(), 'business', '--days', '10');
    expect(granted, granted.stderr).toMatchObject({ code: 0 });
    expect(granted.stdout).toMatch(new RegExp(`^Granted business to ${email} until \\d{4}-`));

    const added = await admin(env, 'add-videos', userId, '5');
    expect(added.stdout.trim()).toBe(`Added 5 videos to ${email}: 85 of 85 left`);

    const listed = await admin(env, 'users', '--search', email.split('@')[0] ?? '', '--json');
    expect(listed.code, listed.stderr).toBe(0);
    const [row] = JSON.parse(listed.stdout) as {
      email: string;
      planId: string;
      expiry: string;
      count: object;
    }[];
    expect(row).toMatchObject({
      email,
      planId: 'business',
      count: { has_subscription: true, max_videos: 85, remaining_videos: 85, subscription_status: 'active' },
    });
    expect(Math.abs(Date.parse(row?.expiry ?? '') - (Date.now() + 10 * 24 * 3600 * 1000))).toBeLessThan(
      120_000,
    );

    const revoked = await admin(env, 'revoke', email);
    expect(revoked.stdout.trim()).toBe(`${email} is back on the free plan`);
    const again = await admin(env, 'revoke', email);
    expect(again.stdout.trim()).toBe(`${email} has no paid plan`);

    const history = await admin(env, 'history', email);
    const kinds = history.stdout
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(/\s+/)[1]);
    expect(kinds).toEqual(['admin_revoke', 'admin_videos_added', 'admin_grant']);

    const product = await openProductOn(dataDir);
    try {
      const count = await product.services.quota.getVideoCount(userId);
      expect(count).toMatchObject({ has_subscription: false, max_videos: 3, is_expired: true });
    } finally {
      await product.close();
    }
  });

  it('explains its mistakes with the usage and exit code 2, and unknown accounts with 1', async () => {
    for (const args of [['grant', 'x@example.com', 'gold'], ['add-videos', 'x@example.com', '-3'], ['fly']]) {
      const result = await admin(env, ...args);
      expect(result.code, args.join(' ')).toBe(args[0] === 'grant' ? 1 : 2);
    }
    const usage = await admin(env, 'add-videos', email, 'many');
    expect(usage).toMatchObject({ code: 2 });
    expect(usage.stderr).toContain('Usage: npm run admin -- <command>');
    expect((await admin(env, 'grant', 'nobody@example.com', 'starter')).stderr.trim()).toBe(
      'No account for nobody@example.com',
    );
  });

  it('refuses to open the embedded database while the server has it', async () => {
    const product = await openProductOn(dataDir);
    try {
      const result = await admin(env, 'users');
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('is in use: stop the server first');
    } finally {
      await product.close();
    }
  });
});

describe.skipIf(!testDatabaseUrl)(
  'npm run admin next to a running server on PostgreSQL',
  { timeout: ADMIN_TEST_CEILING_MS },
  () => {
    let database: ScratchDatabase;
    let server: TestServer;

    beforeAll(async () => {
      database = await createScratchDatabase(testDatabaseUrl ?? '');
      server = await startTestServer({ work: false, listen: true, env: { DATABASE_URL: database.url } });
    });
    afterAll(async () => {
      await server?.close();
      await database?.drop();
    });

    it("changes what the running server answers for the account's quota", async () => {
      const { user, token } = await createUserWithToken(server.platform);
      const env = { DATABASE_URL: database.url, DATA_DIR: makeTempDir('reelcraft-admin-pg-') };
      expect((await admin(env, 'grant', user.email, 'professional')).code).toBe(0);
      expect((await admin(env, 'add-videos', user.email, '20')).code).toBe(0);
      const count = videoCountSchema.parse((await api(server, 'GET', '/user/video-count', token)).json());
      expect(count).toMatchObject({ has_subscription: true, max_videos: 220, remaining_videos: 220 });
      const me = await api(server, 'GET', '/auth/me', token);
      expect(me.json()).toMatchObject({ subscription_status: 'active' });
      fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
    });

    it('deletes an account: it cannot sign in, and the running server closes its open socket', async () => {
      const { user, token } = await createUserWithToken(server.platform);
      const socket = new TestSocket(`${server.baseUrl.replace('http', 'ws')}/ws?token=${token}`);
      await socket.next('ready');
      const env = { DATABASE_URL: database.url, DATA_DIR: makeTempDir('reelcraft-admin-pg-') };
      const deleted = await admin(env, 'delete-user', user.email);
      expect(deleted).toMatchObject({ code: 0, stdout: expect.stringContaining('is deleted') });
      // Another process deleted it: the event reached this server through the database.
      expect(await socket.waitClosed()).toBe(SOCKET_CLOSE_UNAUTHORIZED);
      expect((await api(server, 'GET', '/auth/me', token)).statusCode).toBe(401);
      fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
    });
  },
);
