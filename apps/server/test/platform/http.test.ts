import crypto from 'node:crypto';
import { users } from '../../src/db-schema';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineCall } from '@reelcraft/contract';
import { registerCall } from '../../src/platform/http/register-call';
import { forbidden } from '../../src/platform/http/http-error';
import { requireUser } from '../../src/platform/http/request-user';
import { makeTempDir, startTestServer, type TestServer } from '../helpers/test-platform';
import { createUserWithToken } from '../helpers/users';

// Calls that exist only in this test, to drive the platform's validation, errors and auth.
const echoCall = defineCall({
  name: 'testEcho',
  method: 'POST',
  path: '/test/echo/:id',
  auth: 'bearer',
  tag: 'test',
  summary: 'Echoes its input',
  params: z.object({ id: z.coerce.number().int() }),
  body: z.object({ title: z.string().min(1, 'Title is required'), count: z.number().int().max(10) }),
  successStatus: 201,
  response: z.object({ id: z.number(), title: z.string(), user_id: z.string() }),
});
const failingCall = defineCall({
  name: 'testFail',
  method: 'GET',
  path: '/test/fail/:kind',
  auth: 'none',
  tag: 'test',
  summary: 'Fails as asked',
  params: z.object({ kind: z.enum(['forbidden', 'crash', 'bad-answer']) }),
  response: z.object({ ok: z.boolean() }),
});

const INLINE_THEME_SCRIPT = "document.documentElement.classList.add('dark')";

describe('HTTP platform', () => {
  let server: TestServer;
  const webDistDir = makeTempDir('reelcraft-web-');

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDistDir, 'assets'));
    fs.writeFileSync(
      path.join(webDistDir, 'index.html'),
      `<!doctype html><html><head><script>${INLINE_THEME_SCRIPT}</script></head><body><div id="root"></div></body></html>`,
    );
    fs.writeFileSync(path.join(webDistDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    // The build's compressed copies (apps/web/vite.config.ts writes them).
    fs.writeFileSync(
      path.join(webDistDir, 'assets', 'app-abc123.js.br'),
      zlib.brotliCompressSync('console.log(1)'),
    );
    fs.writeFileSync(path.join(webDistDir, 'assets', 'app-abc123.js.gz'), zlib.gzipSync('console.log(1)'));
    server = await startTestServer({
      env: { WEB_DIST_DIR: webDistDir },
      extend(app, platform) {
        const authenticate = async (token: string) => {
          const verified = await platform.tokens.verify(token).catch(() => null);
          if (!verified) return null;
          const [row] = await platform.database.orm.select().from(users).where(eq(users.id, verified.userId));
          if (!row || verified.issuedAt < Math.floor(row.tokensValidAfter.getTime() / 1000)) return null;
          return { id: row.id };
        };
        registerCall(app, authenticate, echoCall, ({ params, body, request }) => ({
          id: params.id,
          title: body.title,
          user_id: requireUser(request).id,
        }));
        registerCall(app, authenticate, failingCall, ({ params }) => {
          if (params.kind === 'forbidden') throw forbidden('Video creation limit reached');
          if (params.kind === 'crash') throw new Error('secret internal detail at /srv/app.ts:12');
          return { ok: 'yes' } as unknown as { ok: boolean };
        });
      },
    });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webDistDir, { recursive: true, force: true });
  });

  it('answers health with the database and the queue', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: { status: 'ok' },
      queue: { status: 'ok' },
    });
    expect(response.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });

  it('validates with the contract schema and answers 422 with a detail array', async () => {
    const { token } = await createUserWithToken(server.platform);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo/7',
      headers: { authorization: `Bearer ${token}` },
      payload: { title: '', count: 99 },
    });
    expect(response.statusCode).toBe(422);
    const { detail } = response.json() as { detail: { loc: unknown[]; msg: string; type: string }[] };
    expect(detail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ loc: ['body', 'title'], msg: 'Title is required' }),
        expect.objectContaining({ loc: ['body', 'count'] }),
      ]),
    );
  });

  it('runs a valid call with the success status of the contract', async () => {
    const { user, token } = await createUserWithToken(server.platform);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo/7',
      headers: { authorization: `Bearer ${token}` },
      payload: { title: 'Hello', count: 3 },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: 7, title: 'Hello', user_id: user.id });
  });

  it('refuses missing, forged and revoked tokens with 401', async () => {
    const missing = await server.app.inject({ method: 'POST', url: '/api/v1/test/echo/1', payload: {} });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ detail: 'Not authenticated' });

    const { user, token } = await createUserWithToken(server.platform);
    const forged = `${token.slice(0, -4)}AAAA`;
    const forgedAnswer = await server.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo/1',
      headers: { authorization: `Bearer ${forged}` },
      payload: { title: 'x', count: 1 },
    });
    expect(forgedAnswer.statusCode).toBe(401);

    // Moving tokens_valid_after (what a password reset does) ends the sessions issued before.
    await server.platform.database.orm
      .update(users)
      .set({ tokensValidAfter: new Date(Date.now() + 5_000) })
      .where(eq(users.id, user.id));
    const revoked = await server.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo/1',
      headers: { authorization: `Bearer ${token}` },
      payload: { title: 'x', count: 1 },
    });
    expect(revoked.statusCode).toBe(401);
  });

  it('answers errors as {detail} and never leaks internals', async () => {
    const refused = await server.app.inject({ method: 'GET', url: '/api/v1/test/fail/forbidden' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'Video creation limit reached' });

    const crash = await server.app.inject({ method: 'GET', url: '/api/v1/test/fail/crash' });
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toEqual({ detail: 'Internal server error' });
    expect(crash.body).not.toContain('secret');

    // An answer that breaks the contract is caught on the way out.
    const badAnswer = await server.app.inject({ method: 'GET', url: '/api/v1/test/fail/bad-answer' });
    expect(badAnswer.statusCode).toBe(500);

    const { token } = await createUserWithToken(server.platform);
    const malformed = await server.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo/1',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: '{"title":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(typeof malformed.json().detail).toBe('string');
  });

  it('serves a call with or without a trailing slash', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/health/' });
    expect(response.statusCode).toBe(200);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/no-such-call' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not Found' });
  });

  it('serves the web app at every other path, with a CSP that allows its inline script only', async () => {
    const route = await server.app.inject({ method: 'GET', url: '/projects?open=42' });
    expect(route.statusCode).toBe(200);
    expect(route.headers['content-type']).toContain('text/html');
    expect(route.body).toContain('<div id="root">');
    expect(route.headers['cache-control']).toBe('no-cache');
    const hash = crypto.createHash('sha256').update(INLINE_THEME_SCRIPT).digest('base64');
    expect(route.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
    expect(route.headers['content-security-policy']).not.toContain("'unsafe-inline' 'self'");
    expect(route.headers['x-content-type-options']).toBe('nosniff');

    const asset = await server.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['content-encoding']).toBeUndefined();
    expect(asset.body).toBe('console.log(1)');

    // A browser that takes Brotli (or only gzip) gets the build's compressed copy, as JavaScript.
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const compressed = await server.app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': accept },
      });
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers['content-type']).toContain('javascript');
      expect(compressed.headers['cache-control']).toContain('immutable');
      const body = compressed.rawPayload;
      expect((encoding === 'br' ? zlib.brotliDecompressSync(body) : zlib.gunzipSync(body)).toString()).toBe(
        'console.log(1)',
      );
    }

    const post = await server.app.inject({ method: 'POST', url: '/projects' });
    expect(post.statusCode).toBe(404);
  });

  it('publishes OpenAPI built from the contract at /api/v1/docs', async () => {
    const spec = await server.app.inject({ method: 'GET', url: '/api/v1/docs/json' });
    expect(spec.statusCode).toBe(200);
    const document = spec.json() as { paths: Record<string, Record<string, { operationId?: string }>> };
    expect(document.paths['/api/v1/health']?.get?.operationId).toBe('getHealth');
    expect(document.paths['/api/v1/test/echo/{id}']?.post?.operationId).toBe('testEcho');
    const page = await server.app.inject({ method: 'GET', url: '/api/v1/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});

describe('Content-Security-Policy for payment providers', () => {
  it('allows PayPal and Stripe only when they are configured', async () => {
    const configured = await startTestServer({
      env: {
        PAYPAL_CLIENT_ID: 'client-id',
        PAYPAL_CLIENT_SECRET: 'client-secret',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_PRICING_TABLE_ID: 'prctbl_x',
      },
    });
    try {
      const page = await configured.app.inject({ method: 'GET', url: '/subscription-plans' });
      const policy = String(page.headers['content-security-policy']);
      expect(policy).toMatch(/script-src [^;]*https:\/\/\*\.paypal\.com/);
      expect(policy).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
      expect(policy).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
    } finally {
      await configured.close();
    }

    const plain = await startTestServer();
    try {
      const page = await plain.app.inject({ method: 'GET', url: '/subscription-plans' });
      const policy = String(page.headers['content-security-policy']);
      expect(policy).not.toContain('paypal');
      expect(policy).toContain("frame-src 'none'");
    } finally {
      await plain.close();
    }
  });
});
