import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { FORBIDDEN_TEXT_MESSAGE } from '@reelcraft/contract';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { createLogger } from '../../src/platform/logger';
import { MALFORMED_FORM } from '../../src/platform/http/multipart-form';
import { apiClient, formData } from '../helpers/api-client';
import { describeEachDatabase } from '../helpers/each-database';
import { createUserWithToken } from '../helpers/users';
import { testImage } from '../fixtures/test-images';

const NUL = 'before\u0000after';
const LONE_SURROGATE = 'broken \ud800 text';

/** A 422 naming the field, with the contract's text rule as the reason. */
function expectForbidden(answer: { status: number; json: <T>() => T }, loc: (string | number)[]) {
  expect(answer.status).toBe(422);
  expect(answer.json()).toEqual({ detail: [{ loc, msg: FORBIDDEN_TEXT_MESSAGE, type: 'forbidden_text' }] });
}

describeEachDatabase('text the database cannot store', { listen: true, work: false }, (server) => {
  it('answers 422 naming the field for a NUL or a lone surrogate, in every kind of request', async () => {
    const { token } = await createUserWithToken(server().platform);
    const api = apiClient(server(), token);
    const anonymous = apiClient(server());

    const login = await fetch(`${server().baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `username=before%00after&password=secret123&grant_type=password`,
    });
    expect(login.status).toBe(422);
    expect(await login.json()).toMatchObject({ detail: [{ loc: ['body', 'username'] }] });

    expectForbidden(
      await anonymous.postJson('/auth/register', {
        email: 'a@example.com',
        password: 'Secret123!',
        full_name: NUL,
      }),
      ['body', 'full_name'],
    );
    expectForbidden(
      await api.request('PUT', '/user/profile', {
        json: { full_name: LONE_SURROGATE, company_name: null, role: null, phone_number: null },
      }),
      ['body', 'full_name'],
    );
    expectForbidden(await api.get(`/videos?q=${encodeURIComponent(NUL)}`), ['query', 'q']);
    expectForbidden(
      await api.postForm('/text-to-video/sessions', formData({ prompt: NUL, duration: '15' })),
      ['body', 'prompt'],
    );
    // A multipart body is UTF-8: a lone surrogate cannot travel in it (it arrives as U+FFFD).
    expectForbidden(await api.postForm('/image-to-video/sessions', formData({ prompt: NUL })), [
      'body',
      'prompt',
    ]);
    // Tabs and line breaks are text like any other.
    const fine = await api.postForm(
      '/text-to-video/sessions',
      formData({ prompt: 'A fox\n\tin snow', duration: '15' }),
    );
    expect(fine.status).toBe(201);
    expect((await api.get('/health')).status).toBe(200);
  });

  it('refuses a BMP last frame whose header promises pixels the file does not hold', async () => {
    const { token } = await createUserWithToken(server().platform);
    const api = apiClient(server(), token);
    const header = Buffer.alloc(54);
    header.write('BM', 0, 'ascii');
    header.writeUInt32LE(54 + 7000 * 7000 * 3, 2);
    header.writeUInt32LE(54, 10);
    header.writeUInt32LE(40, 14);
    header.writeInt32LE(7000, 18);
    header.writeInt32LE(7000, 22);
    header.writeUInt16LE(1, 26);
    header.writeUInt16LE(24, 28);
    const answer = await api.postForm(
      '/image-to-video/sessions',
      formData({ prompt: 'A mug on a table' }, [
        { name: 'files', data: await testImage('png'), filename: 'a.png', type: 'image/png' },
        { name: 'last_frame_image', data: header, filename: 'last.bmp', type: 'image/bmp' },
      ]),
    );
    expect(answer.status).toBe(400);
    expect((await api.get('/videos')).json()).toMatchObject({ videos: [] });
  });

  it('keeps notification links inside the app: a path a browser reads as another site is refused', async () => {
    const { token } = await createUserWithToken(server().platform);
    const api = apiClient(server(), token);
    for (const link of ['/\\evil.example', '//evil.example', '/\\/evil.example', 'https://evil.example']) {
      const refused = await api.postJson('/notifications', { title: 'Hi', message: 'There', link });
      expect(refused.status, link).toBe(422);
    }
    const kept = await api.postJson('/notifications', {
      title: 'Hi',
      message: 'There',
      link: '/projects/../dashboard?x=1',
    });
    expect(kept.status).toBe(201);
    expect(kept.json()).toMatchObject({ link: '/dashboard?x=1' });
  });

  it('answers 4xx, not 500, for JSON nested 10,000 deep, on anonymous and signed-in calls', async () => {
    // Issue 37: the text-rule walk overflowed the stack and every JSON call answered 500.
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const deepObject = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
    const { token } = await createUserWithToken(server().platform);
    for (const [path, auth] of [
      ['/auth/forgot-password', null],
      ['/auth/register', null],
      ['/feedback/submit', null],
      ['/notifications', token],
    ] as const) {
      for (const body of [deep, deepObject]) {
        const answer = await fetch(`${server().baseUrl}/api/v1${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(auth ? { authorization: `Bearer ${auth}` } : {}),
          },
          body,
        });
        expect([400, 422], path).toContain(answer.status);
        expect(await answer.json(), path).toHaveProperty('detail');
      }
    }
  });

  it('answers 400 for a multipart body without a boundary or cut off, on every multipart call', async () => {
    const { token } = await createUserWithToken(server().platform);
    const headers = { authorization: `Bearer ${token}` };
    const boundary = 'reelcraftboundary';
    const cut = (field: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="prompt"\r\n\r\nA fox\r\n--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\nRIFF`;
    for (const [path, field] of [
      ['/upload/signed-url', 'files'],
      ['/image-to-video/sessions', 'files'],
      ['/elevenlabs/voice-clone', 'audio_file'],
    ] as const) {
      const noBoundary = await fetch(`${server().baseUrl}/api/v1${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'multipart/form-data' },
        body: 'hello',
      });
      expect([400, 415], path).toContain(noBoundary.status);
      const truncated = await fetch(`${server().baseUrl}/api/v1${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: cut(field),
      });
      expect(truncated.status, path).toBe(400);
      expect(await truncated.json(), path).toEqual({ detail: MALFORMED_FORM });
    }
  });
});

it('logs a failed query without its values (a password hash stays out of the log)', () => {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = createLogger('info', destination);
  const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
  const failure = new DrizzleQueryError(
    'insert into "users" ("email", "password_hash", "full_name") values ($1, $2, $3)',
    ['ada@example.com', hash, 'Ada'],
    new Error('invalid byte sequence for encoding "UTF8": 0x00'),
  );
  logger.error({ err: failure }, 'Request failed');
  const logged = lines.join('');
  expect(logged).toContain('insert into');
  expect(logged).toContain('invalid byte sequence');
  expect(logged).not.toContain(hash);
  expect(logged).not.toContain('ada@example.com');
});
