import { eq } from 'drizzle-orm';
import { libraryImages } from '../../../src/db-schema';
import { expect, it } from 'vitest';
import {
  libraryImageSchema,
  type LibraryImage,
  type LibraryImageSaveRecord,
  type LibraryImageSource,
} from '@reelcraft/contract';
import { LibraryImageRefusedError, uploadKeyPrefix } from '../../../src/modules/library';
import type { Platform } from '../../../src/platform/platform';
import { describeEachDatabase } from '../../helpers/each-database';
import type { TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

function auth(token: string | undefined) {
  return token ? { authorization: `Bearer ${token}` } : {};
}

function saveImages(server: TestServer, token: string | undefined, images: unknown[]) {
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/user/library/images/save',
    headers: auth(token),
    payload: { images },
  });
}

async function savedImages(server: TestServer, token: string, images: unknown[]): Promise<LibraryImage[]> {
  const response = await saveImages(server, token, images);
  expect(response.statusCode).toBe(201);
  return (response.json() as unknown[]).map((image) => libraryImageSchema.parse(image));
}

function listImages(server: TestServer, token: string | undefined) {
  return server.app.inject({ method: 'GET', url: '/api/v1/user/library/images', headers: auth(token) });
}

async function library(server: TestServer, token: string): Promise<LibraryImage[]> {
  const response = await listImages(server, token);
  expect(response.statusCode).toBe(200);
  return (response.json() as unknown[]).map((image) => libraryImageSchema.parse(image));
}

function deleteImage(server: TestServer, token: string | undefined, id: string) {
  return server.app.inject({
    method: 'DELETE',
    url: `/api/v1/user/library/images/${encodeURIComponent(id)}`,
    headers: auth(token),
  });
}

/** Fetches a signed URL the way a browser would: no token, only what the URL carries. */
function fetchSigned(server: TestServer, url: string) {
  const { pathname, search } = new URL(url, 'http://localhost');
  return server.app.inject({ method: 'GET', url: `${pathname}${search}` });
}

/** Stores an object in the user's upload area and answers its URI. */
async function upload(
  platform: Platform,
  userId: string,
  name: string,
  body: Buffer = PNG,
  contentType = 'image/png',
): Promise<string> {
  const stored = await platform.storage.put(`${uploadKeyPrefix(userId)}${name}`, body, { contentType });
  return stored.uri;
}

function record(
  gcsUri: string,
  filename: string,
  source: LibraryImageSource = 'image-enhancement',
  extra: Partial<LibraryImageSaveRecord> = {},
): LibraryImageSaveRecord {
  return {
    gcs_uri: gcsUri,
    public_url: 'https://cdn.example.com/signed?sig=1',
    original_filename: filename,
    content_type: 'image/png',
    size_bytes: 1234,
    width: 1024,
    height: 768,
    source,
    ...extra,
  };
}

describeEachDatabase('image library', {}, (server) => {
  it("saves the caller's uploads and skips foreign URLs, other users' objects and path tricks", async () => {
    const { platform } = server();
    const alice = await createUserWithToken(platform);
    const bob = await createUserWithToken(platform);
    const enhanced = await upload(platform, alice.user.id, 'enhanced.png');
    const reference = await upload(
      platform,
      alice.user.id,
      'studio/ref.jpg',
      Buffer.from('jpeg'),
      'image/jpeg',
    );
    const notes = await upload(platform, alice.user.id, 'notes.txt', Buffer.from('text'), 'text/plain');
    const bobsSecret = await upload(platform, bob.user.id, 'secret.png');
    const bobKey = `${uploadKeyPrefix(bob.user.id)}secret.png`;
    await platform.storage.put(`videos/${alice.user.id}/poster.png`, PNG, { contentType: 'image/png' });
    const local = (key: string) => `local://${key}`;
    const alicePrefix = uploadKeyPrefix(alice.user.id);

    const saved = await savedImages(server(), alice.token, [
      record(enhanced, 'sneaker.png', 'image-enhancement', { metadata: { added_from: 'image-enhancement' } }),
      record('gs://old-bucket/uploads/photo.png', 'old.png'),
      record(`s3://bucket/${alicePrefix}enhanced.png`, 'other-store.png'),
      record(bobsSecret, 'stolen.png'),
      record(local(`${alicePrefix}../${bobKey.split('/').slice(1).join('/')}`), 'dotdot.png'),
      record(local(`${alicePrefix}%2e%2e/${bob.user.id}/secret.png`), 'encoded.png'),
      record(local(`${alicePrefix}./enhanced.png`), 'dot.png'),
      record(local(`${alicePrefix.slice(0, -1)}`), 'folder.png'),
      record(`local:///${alicePrefix}enhanced.png`, 'absolute.png'),
      record(local(`${alicePrefix}missing.png`), 'missing.png'),
      record(notes, 'notes.png'),
      record(local(`videos/${alice.user.id}/poster.png`), 'poster.png'),
      record(reference, 'subject.jpg', 'ai-studio', {
        metadata: { job_id: 'job-1', prompt: 'a red sneaker', type: 'subject_reference', index: 0 },
      }),
      record(enhanced, 'sneaker again.png'),
    ]);

    expect(saved.map(({ gcs_uri, filename, source }) => ({ gcs_uri, filename, source }))).toEqual([
      { gcs_uri: enhanced, filename: 'sneaker.png', source: 'image-enhancement' },
      { gcs_uri: reference, filename: 'subject.jpg', source: 'ai-studio' },
    ]);
    expect(await platform.storage.exists(bobKey)).toBe(true);

    const rows = await platform.database.orm
      .select()
      .from(libraryImages)
      .where(eq(libraryImages.userId, alice.user.id));
    expect(rows).toHaveLength(2);
    const stored = rows.find((row) => row.storageUri === reference);
    // Type and size come from storage, not from what the client said; its expiring link is not kept.
    expect(stored).toMatchObject({
      contentType: 'image/jpeg',
      sizeBytes: 4,
      width: 1024,
      height: 768,
      publicUrl: null,
      metadata: { job_id: 'job-1', prompt: 'a red sneaker', type: 'subject_reference', index: 0 },
    });

    // Signed URLs show the image without a token and are refused once tampered with.
    const image = saved[0]!;
    expect(image.public_url).toBe(image.url);
    const shown = await fetchSigned(server(), image.url);
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(PNG)).toBe(true);
    expect(shown.headers['content-type']).toBe('image/png');
    const forged = await fetchSigned(server(), image.url.replace(`${alicePrefix}enhanced.png`, bobKey));
    expect(forged.statusCode).toBe(403);
    const signature = new URL(image.url).searchParams.get('signature')!;
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect((await fetchSigned(server(), image.url.replace(signature, flipped))).statusCode).toBe(403);
  });

  it('keeps one image per object, answering the existing one when saved again', async () => {
    const { platform } = server();
    const alice = await createUserWithToken(platform);
    const uri = await upload(platform, alice.user.id, 'one.png');
    const [first] = await savedImages(server(), alice.token, [record(uri, 'one.png')]);
    const [again] = await savedImages(server(), alice.token, [record(uri, 'renamed.png', 'ai-studio')]);
    expect(again).toMatchObject({ id: first!.id, filename: 'one.png', source: 'image-enhancement' });

    const concurrent = await Promise.all([
      saveImages(server(), alice.token, [
        record(await upload(platform, alice.user.id, 'two.png'), 'two.png'),
      ]),
      saveImages(server(), alice.token, [record(`${uri.replace('one', 'two')}`, 'two.png')]),
    ]);
    const ids = concurrent.map((response) => (response.json() as LibraryImage[])[0]?.id);
    expect(ids[0]).toBeDefined();
    expect(ids[1]).toBe(ids[0]);
    expect(await library(server(), alice.token)).toHaveLength(2);
  });

  it('answers an empty list when every record is skipped', async () => {
    const { platform } = server();
    const alice = await createUserWithToken(platform);
    const bob = await createUserWithToken(platform);
    const bobs = await upload(platform, bob.user.id, 'mine.png');
    expect(await savedImages(server(), alice.token, [record(bobs, 'x.png')])).toEqual([]);
    expect(await library(server(), alice.token)).toEqual([]);
  });

  it("lists the caller's images newest first and nobody else's", async () => {
    const { platform } = server();
    const alice = await createUserWithToken(platform);
    const bob = await createUserWithToken(platform);
    for (const name of ['first.png', 'second.png', 'third.png']) {
      await savedImages(server(), alice.token, [record(await upload(platform, alice.user.id, name), name)]);
    }
    await savedImages(server(), bob.token, [
      record(await upload(platform, bob.user.id, 'bob.png'), 'bob.png'),
    ]);

    const images = await library(server(), alice.token);
    expect(images.map((image) => image.filename)).toEqual(['third.png', 'second.png', 'first.png']);
    expect(images.every((image) => image.gcs_uri.includes(alice.user.id))).toBe(true);
    for (const image of images) {
      expect(Date.parse(image.uploaded_at)).toBeGreaterThan(Date.now() - 60_000);
      expect((await fetchSigned(server(), image.url)).statusCode).toBe(200);
    }
    expect((await library(server(), bob.token)).map((image) => image.filename)).toEqual(['bob.png']);
    const newcomer = await createUserWithToken(platform);
    expect(await library(server(), newcomer.token)).toEqual([]);
  });

  it('deletes an image and its object, once, and only for its owner', async () => {
    const { platform } = server();
    const alice = await createUserWithToken(platform);
    const bob = await createUserWithToken(platform);
    const uri = await upload(platform, alice.user.id, 'gone.png');
    const key = platform.storage.keyFromUri(uri)!;
    const keptUri = await upload(platform, alice.user.id, 'kept.png');
    const [image, kept] = await savedImages(server(), alice.token, [
      record(uri, 'gone.png'),
      record(keptUri, 'kept.png'),
    ]);

    const refused = await deleteImage(server(), bob.token, image!.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ detail: 'Image not found' });
    expect(await platform.storage.exists(key)).toBe(true);

    const response = await deleteImage(server(), alice.token, image!.id);
    expect(response.statusCode).toBe(200);
    const answer = response.json() as { id: string; deleted_at: string };
    expect(answer.id).toBe(image!.id);
    expect(Date.parse(answer.deleted_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(await platform.storage.exists(key)).toBe(false);
    expect(await platform.storage.exists(platform.storage.keyFromUri(keptUri)!)).toBe(true);
    expect((await library(server(), alice.token)).map((left) => left.id)).toEqual([kept!.id]);
    // A link handed out before the delete finds nothing now.
    expect((await fetchSigned(server(), image!.url)).statusCode).toBe(404);

    const again = await deleteImage(server(), alice.token, image!.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'Image not found' });
    // The object is gone, so saving its URI again is skipped; a new upload there is a new image.
    expect(await savedImages(server(), alice.token, [record(uri, 'gone.png')])).toEqual([]);
    await upload(platform, alice.user.id, 'gone.png');
    const [reborn] = await savedImages(server(), alice.token, [record(uri, 'gone.png')]);
    expect(reborn!.id).not.toBe(image!.id);

    for (const id of ['6f1c7f55-4a53-4d1d-9a55-0f3c1c4e8f10', 'not-a-uuid']) {
      const unknown = await deleteImage(server(), alice.token, id);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ detail: 'Image not found' });
    }
  });

  it('refuses guests and malformed save records', async () => {
    const { platform } = server();
    const alice = await createUserWithToken(platform);
    const uri = await upload(platform, alice.user.id, 'a.png');
    expect((await saveImages(server(), undefined, [record(uri, 'a.png')])).statusCode).toBe(401);
    expect((await listImages(server(), undefined)).statusCode).toBe(401);
    expect((await deleteImage(server(), undefined, '6f1c7f55-4a53-4d1d-9a55-0f3c1c4e8f10')).statusCode).toBe(
      401,
    );

    const invalid: unknown[][] = [
      [],
      Array.from({ length: 21 }, () => record(uri, 'a.png')),
      [record('https://evil.example/a.png', 'a.png')],
      [record('/etc/passwd', 'a.png')],
      [record(uri, 'a.png', 'image-enhancement', { public_url: 'blob:http://localhost/1' })],
      [record(uri, 'a.png', 'image-enhancement', { public_url: 'data:image/png;base64,AAAA' })],
      [record(uri, '  ')],
      [record(uri, 'a.svg', 'image-enhancement', { content_type: 'image/svg+xml' as 'image/png' })],
      [{ ...record(uri, 'a.png'), source: 'elsewhere' }],
    ];
    for (const images of invalid) {
      const response = await saveImages(server(), alice.token, images);
      expect(response.statusCode).toBe(422);
      expect(Array.isArray((response.json() as { detail: unknown }).detail)).toBe(true);
    }
    expect(await library(server(), alice.token)).toEqual([]);
  });

  it('lets creation flows add uploads with their source and metadata', async () => {
    const { platform, services } = server();
    const alice = await createUserWithToken(platform);
    const bob = await createUserWithToken(platform);
    const service = services.library;
    const uri = await upload(platform, alice.user.id, 'enhanced/out.webp', PNG, 'image/webp');

    const image = await service.add(alice.user.id, {
      uri,
      originalFilename: 'out.webp',
      source: 'upload',
      metadata: { session_id: 'session-7', from_library: false },
      width: 640,
      height: 480,
    });
    expect(image).toMatchObject({ gcs_uri: uri, filename: 'out.webp', source: 'upload' });
    expect((await service.add(alice.user.id, { uri, originalFilename: 'x', source: 'upload' })).id).toBe(
      image.id,
    );
    expect((await library(server(), alice.token)).map((listed) => listed.id)).toEqual([image.id]);
    const [row] = await platform.database.orm
      .select()
      .from(libraryImages)
      .where(eq(libraryImages.id, image.id));
    expect(row).toMatchObject({
      metadata: { session_id: 'session-7', from_library: false },
      contentType: 'image/webp',
    });

    await expect(
      service.add(bob.user.id, { uri, originalFilename: 'x', source: 'upload' }),
    ).rejects.toMatchObject({
      name: 'LibraryImageRefusedError',
      reason: 'not-the-callers',
    });
    await expect(
      service.add(alice.user.id, { uri: `${uri}.missing`, originalFilename: 'x', source: 'upload' }),
    ).rejects.toBeInstanceOf(LibraryImageRefusedError);
    expect(await library(server(), bob.token)).toEqual([]);
  });
});
