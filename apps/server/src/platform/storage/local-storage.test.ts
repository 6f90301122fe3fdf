import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LocalObjectStorage } from './local-storage';
import { createLocalStorage } from './local-storage';
import { InvalidStorageKeyError, RangeNotSatisfiableError, StorageObjectNotFoundError } from './storage';

const SECRET = 'test-signing-secret-0123456789abcdef';
const START = Date.UTC(2030, 0, 1, 12, 0, 0);

let root: string;
let clock: number;
let storage: LocalObjectStorage;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'local-storage-'));
  clock = START;
  storage = createLocalStorage({ root, signingSecret: SECRET, now: () => clock });
});

afterEach(async () => {
  await storage.close();
  await rm(root, { recursive: true, force: true });
});

/** A stream that sends some chunks, then fails, as an upload cut off by the client does. */
function failingStream(chunks: string[]): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent < chunks.length) {
        this.push(Buffer.from(chunks[sent++] ?? ''));
      } else {
        setImmediate(() => this.destroy(new Error('connection reset')));
      }
    },
  });
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://localhost').searchParams);
}

describe('local storage', () => {
  it('puts a buffer and reads it back with its type and size', async () => {
    const stored = await storage.put('uploads/7/a.png', Buffer.from('png bytes'), {
      contentType: 'image/png',
    });
    expect(stored).toEqual({ uri: 'local://uploads/7/a.png', key: 'uploads/7/a.png', size: 9 });
    expect(await readFile(path.join(root, 'uploads/7/a.png'), 'utf8')).toBe('png bytes');

    const object = await storage.get('uploads/7/a.png');
    expect(object.size).toBe(9);
    expect(object.contentType).toBe('image/png');
    expect(await text(object.stream)).toBe('png bytes');

    const info = await storage.stat('uploads/7/a.png');
    expect(info).toMatchObject({ key: 'uploads/7/a.png', size: 9, contentType: 'image/png' });
    expect(info.lastModified).toBeInstanceOf(Date);
    expect(await storage.exists('uploads/7/a.png')).toBe(true);
  });

  it('puts a stream and counts its bytes', async () => {
    const stored = await storage.put(
      'renders/v.mp4',
      Readable.from([Buffer.from('abc'), 'def', Buffer.alloc(0)]),
      {
        contentType: 'video/mp4',
      },
    );
    expect(stored.size).toBe(6);
    expect(await text((await storage.get('renders/v.mp4')).stream)).toBe('abcdef');
  });

  it('replaces an object put twice at the same key', async () => {
    await storage.put('a.txt', Buffer.from('first'), { contentType: 'text/plain' });
    await storage.put('a.txt', Buffer.from('second'), { contentType: 'text/markdown' });
    const object = await storage.get('a.txt');
    expect(object.contentType).toBe('text/markdown');
    expect(await text(object.stream)).toBe('second');
  });

  it('reads a byte range, clamping its end to the object', async () => {
    await storage.put('r.bin', Buffer.from('0123456789'), { contentType: 'application/octet-stream' });

    const middle = await storage.get('r.bin', { start: 2, end: 5 });
    expect(middle.size).toBe(10);
    expect(middle.range).toEqual({ start: 2, end: 5 });
    expect(await text(middle.stream)).toBe('2345');

    const tail = await storage.get('r.bin', { start: 7, end: 100 });
    expect(tail.range).toEqual({ start: 7, end: 9 });
    expect(await text(tail.stream)).toBe('789');

    const open = await storage.get('r.bin', { start: 8 });
    expect(await text(open.stream)).toBe('89');

    await expect(storage.get('r.bin', { start: 10 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
  });

  it('reports a missing object as StorageObjectNotFoundError', async () => {
    await expect(storage.get('nope/x.png')).rejects.toBeInstanceOf(StorageObjectNotFoundError);
    await expect(storage.stat('nope/x.png')).rejects.toBeInstanceOf(StorageObjectNotFoundError);
    expect(await storage.exists('nope/x.png')).toBe(false);
  });

  it('deletes an object and its type, and deleting again is fine', async () => {
    await storage.put('d/x.txt', Buffer.from('x'), { contentType: 'text/plain' });
    await storage.delete('d/x.txt');
    expect(await storage.exists('d/x.txt')).toBe(false);
    expect(await filesUnder(root)).toEqual([]);
    await expect(storage.delete('d/x.txt')).resolves.toBeUndefined();
    await expect(storage.delete('never/was.txt')).resolves.toBeUndefined();
  });

  it('leaves nothing at the key and no temporary file when the stream fails halfway', async () => {
    const body = failingStream(['half of ', 'the upload']);
    await expect(storage.put('uploads/7/broken.mp4', body, { contentType: 'video/mp4' })).rejects.toThrow(
      'connection reset',
    );
    expect(await storage.exists('uploads/7/broken.mp4')).toBe(false);
    await expect(readFile(path.join(root, 'uploads/7/broken.mp4'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
    expect(await filesUnder(root)).toEqual([]);
  });

  it('leaves nothing when the client aborts the upload without an error', async () => {
    const body = new Readable({
      read() {
        this.push(Buffer.from('some bytes'));
        setImmediate(() => this.destroy());
      },
    });
    await expect(storage.put('uploads/7/aborted.mp4', body, { contentType: 'video/mp4' })).rejects.toThrow();
    expect(await storage.exists('uploads/7/aborted.mp4')).toBe(false);
    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
  });

  it('keeps the previous object intact when a replacement fails', async () => {
    await storage.put('keep.txt', Buffer.from('original'), { contentType: 'text/plain' });
    await expect(
      storage.put('keep.txt', failingStream(['partial']), { contentType: 'application/pdf' }),
    ).rejects.toThrow();
    const kept = await storage.get('keep.txt');
    expect(kept.contentType).toBe('text/plain');
    expect(await text(kept.stream)).toBe('original');
    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
  });

  it('refuses unsafe keys before touching the disk', async () => {
    for (const key of ['../escape.txt', '/abs.txt', 'a/../../b', 'a\\b', '.tmp/x', 'a//b']) {
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    expect(await readdir(root)).toEqual([]);
  });

  it('destroys an upload stream it refuses, so the request does not hang', async () => {
    const body = Readable.from(['x']);
    await expect(storage.put('../x', body, { contentType: 'text/plain' })).rejects.toThrow();
    expect(body.destroyed).toBe(true);
  });

  it('refuses a content type that could break a header', async () => {
    await expect(
      storage.put('a.txt', Buffer.from('x'), { contentType: 'text/plain\r\nX: y' }),
    ).rejects.toThrow(TypeError);
  });

  it('refuses a signing secret too short to be a secret', () => {
    expect(() => createLocalStorage({ root, signingSecret: 'short' })).toThrow(/16 bytes/);
  });
});

describe('local storage signed URLs', () => {
  const key = 'uploads/7/a.png';

  it('has the documented format', async () => {
    const url = await storage.signedUrl(key, { expiresInSeconds: 600 });
    expect(url).toMatch(/^\/api\/v1\/storage\/uploads\/7\/a\.png\?expires=\d+&signature=[A-Za-z0-9_-]{43}$/);
    expect(queryOf(url).expires).toBe(String(START / 1000 + 600));

    const withBase = createLocalStorage({
      root,
      signingSecret: SECRET,
      publicBaseUrl: 'https://video.example/',
    });
    expect(await withBase.signedUrl(key, { expiresInSeconds: 60 })).toMatch(
      /^https:\/\/video\.example\/api\/v1\/storage\/uploads\/7\/a\.png\?/,
    );
  });

  it('is valid until it expires, and refused afterwards', async () => {
    const query = queryOf(await storage.signedUrl(key, { expiresInSeconds: 600 }));
    expect(storage.verifySignedRequest(key, query)).toEqual({
      ok: true,
      expiresAt: START / 1000 + 600,
      secondsLeft: 600,
    });
    clock = START + 599_000;
    expect(storage.verifySignedRequest(key, query)).toMatchObject({ ok: true, secondsLeft: 1 });
    clock = START + 600_000;
    expect(storage.verifySignedRequest(key, query)).toEqual({ ok: false, reason: 'expired' });
    expect(storage.verifySignedRequest(key, query, START)).toMatchObject({ ok: true });
  });

  it('carries a download name that is covered by the signature', async () => {
    const url = await storage.signedUrl(key, { expiresInSeconds: 60, downloadName: 'My video.mp4' });
    const query = queryOf(url);
    expect(query.name).toBe('My video.mp4');
    expect(storage.verifySignedRequest(key, query)).toMatchObject({ ok: true, downloadName: 'My video.mp4' });
    expect(storage.verifySignedRequest(key, { ...query, name: 'other.exe' })).toEqual({
      ok: false,
      reason: 'invalid',
    });
    const { name: _name, ...withoutName } = query;
    expect(storage.verifySignedRequest(key, withoutName)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('is refused when the key, the expiry or the signature is changed', async () => {
    const query = queryOf(await storage.signedUrl(key, { expiresInSeconds: 600 }));
    const signature = query.signature ?? '';
    // A and B differ only in the spare bits of the last base64url character: still refused.
    const flipped = signature.endsWith('A') ? 'B' : 'A';
    const refused = { ok: false, reason: 'invalid' };

    expect(storage.verifySignedRequest('uploads/8/a.png', query)).toEqual(refused);
    expect(
      storage.verifySignedRequest(key, { ...query, expires: String(Number(query.expires) + 1) }),
    ).toEqual(refused);
    expect(
      storage.verifySignedRequest(key, { ...query, signature: signature.slice(0, -1) + flipped }),
    ).toEqual(refused);
    expect(storage.verifySignedRequest(key, { ...query, signature: signature.slice(0, -1) })).toEqual(
      refused,
    );
    expect(storage.verifySignedRequest(key, { ...query, signature: [signature, signature] })).toEqual(
      refused,
    );
    expect(storage.verifySignedRequest('../a.png', query)).toEqual(refused);

    const otherSecret = createLocalStorage({ root, signingSecret: `${SECRET}-other`, now: () => clock });
    expect(otherSecret.verifySignedRequest(key, query)).toEqual(refused);
  });

  it('is refused when the signature or expiry is missing', async () => {
    const query = queryOf(await storage.signedUrl(key, { expiresInSeconds: 600 }));
    expect(storage.verifySignedRequest(key, {})).toEqual({ ok: false, reason: 'missing' });
    expect(storage.verifySignedRequest(key, { expires: query.expires })).toEqual({
      ok: false,
      reason: 'missing',
    });
    expect(storage.verifySignedRequest(key, { signature: query.signature })).toEqual({
      ok: false,
      reason: 'missing',
    });
  });

  it('refuses lifetimes outside 1 s to 7 days', async () => {
    for (const expiresInSeconds of [0, -5, 1.5, 7 * 24 * 3600 + 1]) {
      await expect(storage.signedUrl(key, { expiresInSeconds })).rejects.toThrow(RangeError);
    }
  });
});
