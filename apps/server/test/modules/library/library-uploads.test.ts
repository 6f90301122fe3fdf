import { beforeAll, expect, it } from 'vitest';
import {
  libraryImageSchema,
  type LibraryImage,
  type LibraryImageSaveRecord,
  type UploadAnswer,
} from '@reelcraft/contract';
import { apiClient, formData, type ApiClient } from '../../helpers/api-client';
import { describeEachDatabase } from '../../helpers/each-database';
import type { TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';
import { testImage } from '../../fixtures/test-images';

// Issue 36 item 5: what image to video keeps in the library, over real HTTP as the web app sends it:
// upload, start a video from the upload, save it with the session, list it by its name, remove it.

const PROMPT = 'Our new running shoe on a city track at dawn';

async function signedIn(server: TestServer) {
  const { user, token } = await createUserWithToken(server.platform);
  return { user, api: apiClient(server, token) };
}

async function library(api: ApiClient): Promise<LibraryImage[]> {
  const answer = await api.get('/user/library/images');
  expect(answer.status).toBe(200);
  return libraryImageSchema.array().parse(answer.json());
}

let photo: Buffer;
beforeAll(async () => {
  photo = await testImage('jpeg', 320, 240, { hue: 30 });
});

describeEachDatabase('image library: uploads of image to video', { work: false, listen: true }, (server) => {
  /** Uploads the photo as the image screen does, starts a video from it, and answers both. */
  async function uploadAndStart(api: ApiClient, filename: string) {
    const upload = await api.postForm(
      '/upload/signed-url',
      formData({ source: 'image-to-video' }, [{ name: 'files', data: photo, filename, type: 'image/jpeg' }]),
    );
    expect(upload.status).toBe(200);
    const [image] = upload.json<UploadAnswer>().images;
    const started = await api.postForm(
      '/image-to-video/sessions',
      formData({
        prompt: PROMPT,
        source: 'image-to-video',
        existing_gcs_uris: JSON.stringify([image!.gcs_uri]),
        extra_params: JSON.stringify({
          quality: 'standard',
          mode: 'cinematic',
          aspect_ratio: '9:16',
          duration: 15,
        }),
      }),
    );
    expect(started.status).toBe(201);
    const { session_id } = started.json<{ session_id: string }>();
    const record: LibraryImageSaveRecord = {
      gcs_uri: image!.gcs_uri,
      public_url: image!.public_url,
      original_filename: image!.metadata.original_filename,
      content_type: 'image/jpeg',
      size_bytes: image!.metadata.size_bytes,
      width: image!.metadata.width,
      height: image!.metadata.height,
      source: 'image-to-video',
      metadata: {
        session_id,
        prompt: PROMPT,
        mode: 'cinematic',
        aspect_ratio: '9:16',
        duration: 15,
        from_library: false,
      },
    };
    return { image: image!, sessionId: session_id, record };
  }

  it('keeps an upload under its original name, lists it, and lets only its owner remove it', async () => {
    const alice = await signedIn(server());
    const bob = await signedIn(server());
    const name = 'Summer launch – été 2025 (final).jpg';
    const { image, record } = await uploadAndStart(alice.api, name);

    const saved = await alice.api.postJson('/user/library/images/save', { images: [record] });
    expect(saved.status).toBe(201);
    const [kept] = libraryImageSchema.array().parse(saved.json());
    expect(kept).toMatchObject({ filename: name, source: 'image-to-video', gcs_uri: image.gcs_uri });

    expect((await library(alice.api)).map(({ filename, source }) => ({ filename, source }))).toEqual([
      { filename: name, source: 'image-to-video' },
    ]);
    expect(await library(bob.api)).toEqual([]);
    // Its link shows the image to whoever holds it, as an <img> loads it.
    const listed = (await library(alice.api))[0]!;
    const { pathname, search } = new URL(listed.url, 'http://localhost');
    const shown = await fetch(`${server().baseUrl}${pathname}${search}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/jpeg');

    const refused = await bob.api.request('DELETE', `/user/library/images/${kept!.id}`);
    expect(refused.status).toBe(404);
    expect(refused.json()).toEqual({ detail: 'Image not found' });
    expect(await library(alice.api)).toHaveLength(1);

    const removed = await alice.api.request('DELETE', `/user/library/images/${kept!.id}`);
    expect(removed.status).toBe(200);
    expect(removed.json()).toMatchObject({ id: kept!.id, deleted_at: expect.any(String) });
    expect(await library(alice.api)).toEqual([]);
  });

  it('keeps the stored image a video was made from when it leaves the library', async () => {
    const { api } = await signedIn(server());
    const { image, sessionId, record } = await uploadAndStart(api, 'shoe.jpg');
    const [kept] = libraryImageSchema
      .array()
      .parse((await api.postJson('/user/library/images/save', { images: [record] })).json());

    expect((await api.request('DELETE', `/user/library/images/${kept!.id}`)).status).toBe(200);

    // The video's storyboard still names the image: its scenes can be rendered again.
    const key = server().platform.storage.keyFromUri(image.gcs_uri)!;
    expect(await server().platform.storage.exists(key)).toBe(true);
    const session = await api.get(`/image-to-video/sessions/${sessionId}`);
    expect(session.status).toBe(200);
  });
});
