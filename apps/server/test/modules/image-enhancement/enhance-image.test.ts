import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import {
  enhanceImageAnswerSchema,
  imageEnhancerMessages,
  libraryImageSchema,
  serverDetailMessages,
  type UploadAnswer,
} from '@reelcraft/contract';
import { uploadKeyPrefix } from '../../../src/modules/library';
import { apiClient, formData, type ApiClient } from '../../helpers/api-client';
import { describeEachDatabase } from '../../helpers/each-database';
import type { TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';
import { testImage } from '../../fixtures/test-images';

async function signedIn(server: TestServer) {
  const { user, token } = await createUserWithToken(server.platform);
  return { user, api: apiClient(server, token) };
}

/** Uploads one image as the enhancer tab does, and answers its storage URI. */
async function uploaded(api: ApiClient, data: Buffer, filename: string): Promise<string> {
  const answer = await api.postForm(
    '/upload/signed-url',
    formData({ source: 'image-enhancement' }, [{ name: 'files', data, filename }]),
  );
  expect(answer.status).toBe(200);
  return answer.json<UploadAnswer>().images[0]!.gcs_uri;
}

const enhance = (api: ApiClient, objectKey: string, prompt = 'white background, brighter, square') =>
  api.postJson('/product-videos/enhance-image', { object_key: objectKey, prompt });

describeEachDatabase('POST /product-videos/enhance-image', { work: false, listen: true }, (server) => {
  let photo: Buffer;
  beforeAll(async () => {
    photo = await testImage('jpeg', 640, 480);
  });

  it("enhances the caller's upload, keeps the result in their uploads and library, and signs it", async () => {
    const { user, api } = await signedIn(server());
    const source = await uploaded(api, photo, 'sneaker.jpg');
    const answer = await enhance(api, source);
    expect(answer.status).toBe(200);
    const body = enhanceImageAnswerSchema.parse(answer.json());
    expect(body.enhanced_image_gcs_uri).toMatch(
      new RegExp(`^local://${uploadKeyPrefix(user.id)}[0-9a-f-]{36}\\.(jpg|png)$`),
    );
    expect(body.enhanced_image_gcs_uri).not.toBe(source);

    const { pathname, search } = new URL(body.enhanced_image_url);
    const fetched = await fetch(`${server().baseUrl}${pathname}${search}`);
    expect(fetched.status).toBe(200);
    const metadata = await sharp(Buffer.from(await fetched.arrayBuffer())).metadata();
    // "square" was asked for.
    expect(metadata.width).toBe(metadata.height);

    const library = (await api.get('/user/library/images'))
      .json<unknown[]>()
      .map((image) => libraryImageSchema.parse(image));
    expect(library).toEqual([
      expect.objectContaining({ source: 'image-enhancement', filename: expect.stringMatching(/^enhanced-/) }),
    ]);

    // The enhanced image can be enhanced again (Enhance Again).
    expect((await enhance(api, body.enhanced_image_gcs_uri, 'warmer colours')).status).toBe(200);
  });

  it("keeps the enhanced copy in the library under the user's own file name (issue 36)", async () => {
    const { api } = await signedIn(server());
    const source = await uploaded(api, photo, 'Summer sneaker – side view.jpg');
    const answer = await api.postJson('/product-videos/enhance-image', {
      object_key: source,
      prompt: 'white background',
      original_filename: 'Summer sneaker – side view.jpg',
    });
    expect(answer.status, answer.body.toString()).toBe(200);
    const [image] = (await api.get('/user/library/images'))
      .json<unknown[]>()
      .map((entry) => libraryImageSchema.parse(entry));
    expect(image?.filename).toMatch(/^Summer sneaker – side view \(enhanced\)\.(jpg|png)$/);
  });

  it("answers 404 for another user's image, a missing one, or one outside the uploads", async () => {
    const owner = await signedIn(server());
    const source = await uploaded(owner.api, photo, 'mine.jpg');
    const stranger = await signedIn(server());
    for (const key of [
      source,
      `local://${uploadKeyPrefix(stranger.user.id)}missing.jpg`,
      `local://videos/${owner.user.id}/clip.jpg`,
      's3://another-bucket/uploads/x.jpg',
    ]) {
      const answer = await enhance(stranger.api, key);
      expect(answer.status, key).toBe(404);
      expect(answer.json()).toEqual({ detail: serverDetailMessages.imageNotFound });
    }
    // Nothing was made for the stranger.
    expect((await stranger.api.get('/user/library/images')).json()).toEqual([]);
  });

  it('refuses what the enhancer does not take, and validates the body', async () => {
    const { api } = await signedIn(server());
    const gif = await uploaded(api, await testImage('gif', 60, 40), 'logo.gif');
    const refused = await enhance(api, gif);
    expect(refused.status).toBe(400);
    expect(refused.json()).toEqual({ detail: imageEnhancerMessages.invalidFormat });

    const source = await uploaded(api, photo, 'a.jpg');
    const blank = await enhance(api, source, '  ');
    expect(blank.status).toBe(422);
    expect(blank.json()).toEqual({
      detail: [
        expect.objectContaining({ loc: ['body', 'prompt'], msg: imageEnhancerMessages.instructionsRequired }),
      ],
    });
    const notUri = await enhance(api, 'https://example.com/a.jpg');
    expect(notUri.status).toBe(422);
    expect(
      (
        await apiClient(server()).postJson('/product-videos/enhance-image', {
          object_key: source,
          prompt: 'x',
        })
      ).status,
    ).toBe(401);
  });
});

describeEachDatabase(
  'POST /product-videos/enhance-image: the stored file is named by its bytes',
  {
    work: false,
    listen: true,
    // An enhancer that makes a PNG but says JPEG, and one that says PNG and makes a JPEG.
    providers: (shared) => ({
      ...shared,
      imageEnhancement: {
        kind: 'local',
        async enhance(request) {
          const png = request.instruction.includes('png');
          const data = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#fd1010' } })
            [png ? 'png' : 'jpeg']()
            .toBuffer();
          return { data, contentType: png ? 'image/jpeg' : 'image/png', width: 64, height: 48, steps: [] };
        },
      },
    }),
  },
  (server) => {
    it('stores, serves and lists the result with the extension and content type of its real format', async () => {
      const { api } = await signedIn(server());
      const source = await uploaded(api, await testImage('jpeg', 640, 480), 'shoe.jpg');
      for (const [prompt, extension, contentType] of [
        ['brighter (makes a png)', 'png', 'image/png'],
        ['brighter (makes a jpeg)', 'jpg', 'image/jpeg'],
      ] as const) {
        const answer = await enhance(api, source, prompt);
        expect(answer.status, prompt).toBe(200);
        const body = enhanceImageAnswerSchema.parse(answer.json());
        expect(body.enhanced_image_gcs_uri.endsWith(`.${extension}`), prompt).toBe(true);
        const { pathname, search } = new URL(body.enhanced_image_url);
        const fetched = await fetch(`${server().baseUrl}${pathname}${search}`);
        expect(fetched.headers.get('content-type'), prompt).toBe(contentType);
        const metadata = await sharp(Buffer.from(await fetched.arrayBuffer())).metadata();
        expect(metadata.format, prompt).toBe(extension === 'jpg' ? 'jpeg' : 'png');
      }
      const names = (await api.get('/user/library/images'))
        .json<unknown[]>()
        .map((image) => libraryImageSchema.parse(image).filename)
        .sort();
      expect(names).toEqual([
        expect.stringMatching(/^enhanced-.*\.jpg$/),
        expect.stringMatching(/^enhanced-.*\.png$/),
      ]);
    });
  },
);
