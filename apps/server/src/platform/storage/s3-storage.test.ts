import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3ObjectStorage } from './s3-storage';
import { createS3Storage } from './s3-storage';
import { InvalidStorageKeyError, RangeNotSatisfiableError, StorageObjectNotFoundError } from './storage';

const BUCKET = 'reelcraft-test';
const PART_SIZE = 5 * 1024 * 1024;

let directory: string;
let server: S3rver;
let endpoint: string;
let storage: S3ObjectStorage;

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  storage = createS3Storage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    // s3rver checks signatures against these fixed credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    partSizeBytes: PART_SIZE,
  });
});

afterAll(async () => {
  await storage?.close();
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

/** Sends `size` bytes in 64 KiB chunks, then fails if asked to, as an interrupted upload does. */
function patternStream(size: number, failAfter?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) {
        this.destroy(new Error('connection reset'));
        return;
      }
      if (sent >= size) {
        this.push(null);
        return;
      }
      const length = Math.min(64 * 1024, size - sent);
      const chunk = Buffer.alloc(length);
      for (let i = 0; i < length; i++) chunk[i] = (sent + i) % 251;
      sent += length;
      this.push(chunk);
    },
  });
}

/** 20300101T120000Z <-> ISO 8601, the two date formats of SigV4. */
function fromAmzDate(value: string): string {
  return value.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z');
}
function amzDate(date: Date): string {
  return date.toISOString().replace(/[-:]|\.\d{3}/g, '');
}

describe('S3 storage (against s3rver)', () => {
  it('puts, stats, reads and deletes an object', async () => {
    const stored = await storage.put('uploads/7/a.png', Buffer.from('png bytes'), {
      contentType: 'image/png',
    });
    expect(stored).toEqual({ uri: `s3://${BUCKET}/uploads/7/a.png`, key: 'uploads/7/a.png', size: 9 });

    expect(await storage.stat('uploads/7/a.png')).toMatchObject({
      key: 'uploads/7/a.png',
      size: 9,
      contentType: 'image/png',
    });
    expect(await storage.exists('uploads/7/a.png')).toBe(true);

    const object = await storage.get('uploads/7/a.png');
    expect(object.size).toBe(9);
    expect(object.contentType).toBe('image/png');
    expect(await text(object.stream)).toBe('png bytes');

    await storage.delete('uploads/7/a.png');
    expect(await storage.exists('uploads/7/a.png')).toBe(false);
    await expect(storage.delete('uploads/7/a.png')).resolves.toBeUndefined();
  });

  it('reads byte ranges', async () => {
    await storage.put('r.bin', Buffer.from('0123456789'), { contentType: 'application/octet-stream' });

    const middle = await storage.get('r.bin', { start: 2, end: 5 });
    expect(middle.size).toBe(10);
    expect(middle.range).toEqual({ start: 2, end: 5 });
    expect(await text(middle.stream)).toBe('2345');

    const open = await storage.get('r.bin', { start: 7 });
    expect(open.range).toEqual({ start: 7, end: 9 });
    expect(await text(open.stream)).toBe('789');

    await expect(storage.get('r.bin', { start: 5, end: 2 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
  });

  it('reports a missing object as StorageObjectNotFoundError', async () => {
    await expect(storage.get('missing/x.png')).rejects.toBeInstanceOf(StorageObjectNotFoundError);
    await expect(storage.stat('missing/x.png')).rejects.toBeInstanceOf(StorageObjectNotFoundError);
  });

  it('puts a small stream in one request', async () => {
    const stored = await storage.put('s/small.txt', Readable.from(['hello ', 'world']), {
      contentType: 'text/plain',
    });
    expect(stored.size).toBe(11);
    expect(await text((await storage.get('s/small.txt')).stream)).toBe('hello world');
  });

  it('puts a large stream in parts', async () => {
    const size = 2 * PART_SIZE + 123_457;
    const stored = await storage.put('s/large.bin', patternStream(size), { contentType: 'video/mp4' });
    expect(stored.size).toBe(size);
    expect(await storage.stat('s/large.bin')).toMatchObject({ size, contentType: 'video/mp4' });
    const bytes = await buffer((await storage.get('s/large.bin')).stream);
    expect(bytes.length).toBe(size);
    expect(bytes.equals(await buffer(patternStream(size)))).toBe(true);
  });

  it('leaves no object when a stream fails before, or after, the first part', async () => {
    await expect(
      storage.put('s/broken-small.bin', patternStream(PART_SIZE, 100_000), { contentType: 'video/mp4' }),
    ).rejects.toThrow('connection reset');
    expect(await storage.exists('s/broken-small.bin')).toBe(false);

    await expect(
      storage.put('s/broken-large.bin', patternStream(3 * PART_SIZE, PART_SIZE + 200_000), {
        contentType: 'video/mp4',
      }),
    ).rejects.toThrow('connection reset');
    expect(await storage.exists('s/broken-large.bin')).toBe(false);
  });

  it('refuses unsafe keys', async () => {
    await expect(storage.put('../x', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
    await expect(storage.get('/etc/passwd')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.signedUrl('a//b', { expiresInSeconds: 60 })).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
  });

  it('signs URLs that a browser can fetch, and that stop working when altered', async () => {
    await storage.put('renders/7/clip.mp4', Buffer.from('video bytes'), { contentType: 'video/mp4' });
    const url = await storage.signedUrl('renders/7/clip.mp4', { expiresInSeconds: 300 });
    expect(url.startsWith(`${endpoint}/${BUCKET}/renders/7/clip.mp4?`)).toBe(true);

    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(await response.text()).toBe('video bytes');

    const ranged = await fetch(url, { headers: { range: 'bytes=0-4' } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe('video');

    // s3rver does not recompute SigV4 signatures (its source says so), so a changed key or signature
    // cannot be caught here; it does enforce what the signature covers in time and identity.
    const signedAt = new URL(url).searchParams.get('X-Amz-Date') ?? '';
    const dayBefore = amzDate(new Date(Date.parse(fromAmzDate(signedAt)) - 24 * 3600 * 1000));
    const altered: [string, number][] = [
      [url.replace(`X-Amz-Date=${signedAt}`, `X-Amz-Date=${dayBefore}`), 403],
      [url.replace('X-Amz-Credential=S3RVER', 'X-Amz-Credential=INTRUDER'), 403],
      [url.replace(/&X-Amz-Signature=[0-9a-f]+/, ''), 400],
    ];
    for (const [candidate, status] of altered) {
      const refused = await fetch(candidate);
      expect(refused.status, candidate).toBe(status);
      expect(await refused.text()).not.toContain('video bytes');
    }
  });

  it('signs a download name into the response headers', async () => {
    await storage.put('renders/7/dl.mp4', Buffer.from('x'), { contentType: 'video/mp4' });
    const url = await storage.signedUrl('renders/7/dl.mp4', {
      expiresInSeconds: 60,
      downloadName: 'My clip.mp4',
    });
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="My clip.mp4"; filename*=UTF-8''My%20clip.mp4`,
    );
    await response.arrayBuffer();
  });

  it('signs URLs for the public endpoint when one is given', async () => {
    const publicStorage = createS3Storage({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint,
      publicEndpoint: 'https://media.example.com',
      forcePathStyle: true,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    });
    const url = await publicStorage.signedUrl('renders/7/clip.mp4', { expiresInSeconds: 60 });
    expect(url.startsWith(`https://media.example.com/${BUCKET}/renders/7/clip.mp4?`)).toBe(true);
    await publicStorage.close();
  });
});
