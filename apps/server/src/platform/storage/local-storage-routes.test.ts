import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LocalObjectStorage } from './local-storage';
import { createLocalStorage } from './local-storage';
import { localStorageRoutes } from './local-storage-routes';
import { createS3Storage } from './s3-storage';

const START = Date.UTC(2030, 0, 1, 12, 0, 0);
const VIDEO = Buffer.from('0123456789abcdefghij');

let root: string;
let clock: number;
let storage: LocalObjectStorage;
let app: FastifyInstance;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'storage-routes-'));
  storage = createLocalStorage({ root, signingSecret: 'routes-test-secret-0123456789', now: () => clock });
  await storage.put('renders/7/clip.mp4', VIDEO, { contentType: 'video/mp4' });
  app = Fastify();
  await app.register(localStorageRoutes, { storage });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await storage.close();
  await rm(root, { recursive: true, force: true });
});

beforeEach(() => {
  clock = START;
});

describe('GET /api/v1/storage/*', () => {
  it('serves the object through a signed URL', async () => {
    const url = await storage.signedUrl('renders/7/clip.mp4', { expiresInSeconds: 300 });
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(VIDEO);
    expect(response.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(VIDEO.length),
      'accept-ranges': 'bytes',
      'cache-control': 'private, max-age=300',
      'x-content-type-options': 'nosniff',
    });
    expect(response.headers['content-disposition']).toBeUndefined();
  });

  it('offers a download under the signed name', async () => {
    const url = await storage.signedUrl('renders/7/clip.mp4', {
      expiresInSeconds: 60,
      downloadName: 'Summer sale – final.mp4',
    });
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Summer sale _ final.mp4"; filename*=UTF-8''Summer%20sale%20%E2%80%93%20final.mp4`,
    );
  });

  it('answers a byte range with 206 and Content-Range', async () => {
    const url = await storage.signedUrl('renders/7/clip.mp4', { expiresInSeconds: 60 });
    const response = await app.inject({ method: 'GET', url, headers: { range: 'bytes=5-9' } });
    expect(response.statusCode).toBe(206);
    expect(response.body).toBe('56789');
    expect(response.headers['content-range']).toBe(`bytes 5-9/${VIDEO.length}`);
    expect(response.headers['content-length']).toBe('5');

    const suffix = await app.inject({ method: 'GET', url, headers: { range: 'bytes=-3' } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.body).toBe('hij');
    expect(suffix.headers['content-range']).toBe(`bytes 17-19/${VIDEO.length}`);
  });

  it('answers 416 for a range past the end', async () => {
    const url = await storage.signedUrl('renders/7/clip.mp4', { expiresInSeconds: 60 });
    const response = await app.inject({ method: 'GET', url, headers: { range: 'bytes=20-' } });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${VIDEO.length}`);
    expect(response.json()).toEqual({ detail: 'Requested range not satisfiable' });
  });

  it('serves the whole object for a multi-range request', async () => {
    const url = await storage.signedUrl('renders/7/clip.mp4', { expiresInSeconds: 60 });
    const response = await app.inject({ method: 'GET', url, headers: { range: 'bytes=0-1,4-5' } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(VIDEO);
  });

  it('answers HEAD with the headers and no body', async () => {
    const url = await storage.signedUrl('renders/7/clip.mp4', { expiresInSeconds: 60 });
    const response = await app.inject({ method: 'HEAD', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(VIDEO.length));
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.body).toBe('');

    const ranged = await app.inject({ method: 'HEAD', url, headers: { range: 'bytes=2-' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 2-19/${VIDEO.length}`);
    expect(ranged.headers['content-length']).toBe('18');
  });

  it('refuses an expired link with 403', async () => {
    const url = await storage.signedUrl('renders/7/clip.mp4', { expiresInSeconds: 60 });
    clock = START + 61_000;
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'Invalid or expired link' });
  });

  it('refuses a tampered link with 403', async () => {
    await storage.put('renders/8/other.mp4', Buffer.from('not yours'), { contentType: 'video/mp4' });
    const url = await storage.signedUrl('renders/7/clip.mp4', { expiresInSeconds: 60 });
    const tampered = [
      url.replace('renders/7/clip.mp4', 'renders/8/other.mp4'),
      url.replace(/expires=(\d+)/, (_match, value: string) => `expires=${Number(value) + 3600}`),
      url.replace(
        /signature=([A-Za-z0-9_-])/,
        (_match, first: string) => `signature=${first === 'a' ? 'b' : 'a'}`,
      ),
      url.replace(/&signature=[^&]+/, ''),
      `${url}&name=evil.html`,
      '/api/v1/storage/renders/7/clip.mp4',
      url.replace('renders/7/clip.mp4', 'renders/7/../8/other.mp4'),
      url.replace('renders/7/clip.mp4', 'renders/7/%2e%2e/8/other.mp4'),
    ];
    for (const candidate of tampered) {
      const response = await app.inject({ method: 'GET', url: candidate });
      expect(response.statusCode, candidate).toBe(403);
      expect(response.json()).toEqual({ detail: 'Invalid or expired link' });
    }
  });

  it('answers 404 for a validly signed link to a missing object', async () => {
    const url = await storage.signedUrl('renders/7/gone.mp4', { expiresInSeconds: 60 });
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found' });
  });

  it('cannot be registered for the S3 driver', async () => {
    const s3 = createS3Storage({ bucket: 'b', region: 'us-east-1', accessKeyId: 'a', secretAccessKey: 'b' });
    const other = Fastify();
    await expect(other.register(localStorageRoutes, { storage: s3 }).ready()).rejects.toThrow(
      /local driver only/,
    );
    await other.close();
    await s3.close();
  });
});
