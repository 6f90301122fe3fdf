import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import {
  serverDetailMessages,
  uploadAnswerSchema,
  uploadMessages,
  type UploadAnswer,
} from '@reelcraft/contract';
import { uploadKeyPrefix } from '../../../src/modules/library';
import { apiClient, formData, type FormFile } from '../../helpers/api-client';
import { describeEachDatabase } from '../../helpers/each-database';
import type { TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';
import { pngBomb, incompressiblePng, testImage } from '../../fixtures/test-images';

const image = (data: Buffer, filename: string, type = 'image/jpeg'): FormFile => ({
  name: 'files',
  data,
  filename,
  type,
});

async function signedIn(server: TestServer) {
  const { user, token } = await createUserWithToken(server.platform);
  return { user, api: apiClient(server, token) };
}

/** The files in the user's upload area (the local driver keeps them under DATA_DIR/objects). */
function storedUploads(server: TestServer, userId: string): string[] {
  const dir = path.join(server.config.dataDir, 'objects', uploadKeyPrefix(userId));
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** Fetches a signed URL the way a browser would: no token, only what the URL carries. */
async function fetchSigned(server: TestServer, url: string) {
  const { pathname, search } = new URL(url);
  return fetch(`${server.baseUrl}${pathname}${search}`);
}

describeEachDatabase('POST /upload/signed-url', { work: false, listen: true }, (server) => {
  let jpeg: Buffer;
  let png: Buffer;
  beforeAll(async () => {
    // A portrait photo stored sideways with an EXIF turn, as phones write them.
    jpeg = await testImage('jpeg', 400, 300, { orientation: 6 });
    png = await testImage('png', 200, 100);
  });

  it('stores each image by its content under the uploader and answers signed URLs', async () => {
    const { user, api } = await signedIn(server());
    const webp = await testImage('webp', 64, 48);
    const gif = await testImage('gif', 50, 40);
    const answer = await api.postForm(
      '/upload/signed-url',
      formData({ source: 'image-enhancement' }, [
        image(jpeg, 'holiday.jpg'),
        // The claimed type is wrong; the bytes decide.
        image(png, 'chart.png', 'application/octet-stream'),
        image(webp, 'shoe.webp', 'image/webp'),
        image(gif, 'logo.gif', 'image/gif'),
      ]),
    );
    expect(answer.status).toBe(200);
    const body = uploadAnswerSchema.parse(answer.json());
    expect(body).toMatchObject({
      uploaded_count: 4,
      errors: [],
      warning: null,
      message: 'Successfully uploaded 4 images',
    });
    expect(body.images.map((stored) => stored.metadata)).toEqual([
      // The EXIF turn is applied: the stored photo stands upright.
      expect.objectContaining({
        original_filename: 'holiday.jpg',
        content_type: 'image/jpeg',
        width: 300,
        height: 400,
      }),
      expect.objectContaining({
        original_filename: 'chart.png',
        content_type: 'image/png',
        width: 200,
        height: 100,
      }),
      expect.objectContaining({
        original_filename: 'shoe.webp',
        content_type: 'image/webp',
        width: 64,
        height: 48,
      }),
      expect.objectContaining({
        original_filename: 'logo.gif',
        content_type: 'image/gif',
        width: 50,
        height: 40,
      }),
    ]);
    for (const stored of body.images) {
      expect(stored.source).toBe('image-enhancement');
      expect(stored.public_url).toBe(stored.signed_url);
      expect(stored.gcs_uri).toMatch(
        new RegExp(`^local://${uploadKeyPrefix(user.id)}${stored.id}\\.(jpg|png|webp|gif)$`),
      );
      const fetched = await fetchSigned(server(), stored.signed_url);
      expect(fetched.status).toBe(200);
      expect(fetched.headers.get('content-type')).toBe(stored.metadata.content_type);
      const metadata = await sharp(Buffer.from(await fetched.arrayBuffer())).metadata();
      expect([metadata.width, metadata.height]).toEqual([stored.metadata.width, stored.metadata.height]);
      // Re-encoded: no camera metadata travels on.
      expect(metadata.exif).toBeUndefined();
    }
  });

  it('keeps the good files and lists the refused ones; all refused is a 400', async () => {
    const { api } = await signedIn(server());
    const partly = await api.postForm(
      '/upload/signed-url',
      formData({}, [
        image(png, 'ok.png', 'image/png'),
        image(Buffer.from('<html><script>alert(1)</script></html>'), 'fake.jpg'),
        image(pngBomb(), 'bomb.png', 'image/png'),
        image(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0]), 'broken.jpg'),
      ]),
    );
    expect(partly.status).toBe(200);
    const body = partly.json<UploadAnswer>();
    expect(body.uploaded_count).toBe(1);
    expect(body.images[0]?.source).toBe('image-to-video');
    expect(body.errors).toEqual([
      { filename: 'fake.jpg', error: serverDetailMessages.unsupportedFileType },
      { filename: 'bomb.png', error: 'The image has too many pixels.' },
      { filename: 'broken.jpg', error: 'The image could not be read.' },
    ]);
    expect(body.warning).toBe('3 of 4 files could not be uploaded');

    const none = await api.postForm(
      '/upload/signed-url',
      formData({}, [image(Buffer.from('plain text'), 'a.png')]),
    );
    expect(none.status).toBe(400);
    expect(none.json()).toEqual({ detail: uploadMessages.allUploadsFailed });
  });

  it('answers the spec texts for no files and too many files', async () => {
    const { api } = await signedIn(server());
    const empty = await api.postForm('/upload/signed-url', formData({ source: 'ai-studio' }));
    expect(empty.status).toBe(400);
    expect(empty.json()).toEqual({ detail: uploadMessages.noFiles });
    const json = await api.postJson('/upload/signed-url', { files: [] });
    expect(json.status).toBe(400);
    expect(json.json()).toEqual({ detail: uploadMessages.noFiles });

    const tooMany = await api.postForm(
      '/upload/signed-url',
      formData(
        {},
        Array.from({ length: 21 }, (_, n) => image(png, `p${n}.png`, 'image/png')),
      ),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.json()).toEqual({ detail: 'Maximum 20 images can be uploaded at once' });
    expect(
      (
        await api.postForm(
          '/upload/signed-url',
          formData(
            {},
            Array.from({ length: 20 }, (_, n) => image(png, `p${n}.png`)),
          ),
        )
      ).status,
    ).toBe(200);
  });

  it('takes 10 MB per image, 20 MB for the enhancer, and answers 413 above', async () => {
    const { user, api } = await signedIn(server());
    // About 12 MB of incompressible pixels.
    const large = await incompressiblePng(2000, 2000);
    expect(large.length).toBeGreaterThan(10 * 1024 * 1024);
    const refused = await api.postForm(
      '/upload/signed-url',
      formData({}, [image(png, 'small.png'), image(large, 'large.png')]),
    );
    expect(refused.status).toBe(413);
    expect(refused.json()).toEqual({ detail: uploadMessages.filesTooLarge });
    // Nothing of a refused request stays in storage.
    expect(storedUploads(server(), user.id)).toEqual([]);

    const enhancer = await api.postForm(
      '/upload/signed-url',
      formData({ source: 'image-enhancement' }, [image(large, 'large.png', 'image/png')]),
    );
    expect(enhancer.status).toBe(200);
    expect(storedUploads(server(), user.id)).toHaveLength(1);

    const huge = Buffer.concat([large, large]);
    const tooLarge = await api.postForm(
      '/upload/signed-url',
      formData({ source: 'image-enhancement' }, [image(huge, 'huge.png', 'image/png')]),
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json()).toEqual({ detail: uploadMessages.filesTooLarge });
  });

  it('refuses an unknown source with 422 and a stranger with 401', async () => {
    const { api } = await signedIn(server());
    const badSource = await api.postForm(
      '/upload/signed-url',
      formData({ source: 'somewhere' }, [image(png, 'a.png')]),
    );
    expect(badSource.status).toBe(422);
    expect(badSource.json<{ detail: { loc: unknown[] }[] }>().detail[0]?.loc).toEqual(['body', 'source']);
    const anonymous = await apiClient(server()).postForm(
      '/upload/signed-url',
      formData({}, [image(png, 'a.png')]),
    );
    expect(anonymous.status).toBe(401);
  });
});
