import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { serverDetailMessages, type UploadAnswer, type User } from '@reelcraft/contract';
import { users } from '../../../src/db-schema';
import { apiClient, formData, type ApiClient } from '../../helpers/api-client';
import { describeEachDatabase } from '../../helpers/each-database';
import type { TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';
import { testImage } from '../../fixtures/test-images';

async function signedIn(server: TestServer) {
  const { user, token } = await createUserWithToken(server.platform);
  return { user, api: apiClient(server, token) };
}

async function uploadPhoto(api: ApiClient, hue: number) {
  const photo = await testImage('jpeg', 320, 320, { hue });
  const answer = await api.postForm(
    '/upload/signed-url',
    formData({}, [{ name: 'files', data: photo, filename: 'me.jpg', type: 'image/jpeg' }]),
  );
  expect(answer.status).toBe(200);
  const [image] = answer.json<UploadAnswer>().images;
  if (!image) throw new Error('The upload answered no image');
  return image;
}

/** What a browser gets at the address the profile answers. */
async function fetched(server: TestServer, url: string): Promise<{ status: number; type: string | null }> {
  const { pathname, search } = new URL(url, server.baseUrl);
  const answer = await fetch(`${server.baseUrl}${pathname}${search}`);
  await answer.arrayBuffer();
  return { status: answer.status, type: answer.headers.get('content-type') };
}

describeEachDatabase('the profile picture', { listen: true, work: false }, (server) => {
  it("takes one of the caller's uploaded images, by URI or signed URL, and answers a fresh link to it", async () => {
    const { api } = await signedIn(server());
    const photo = await uploadPhoto(api, 30);

    const byUri = await api.request('PUT', '/user/profile', { json: { profile_picture_url: photo.gcs_uri } });
    expect(byUri.status).toBe(200);
    const pictureUrl = byUri.json<User>().profile_picture_url ?? '';
    expect(pictureUrl).not.toBe(photo.gcs_uri);
    expect(await fetched(server(), pictureUrl)).toEqual({ status: 200, type: 'image/jpeg' });

    const other = await uploadPhoto(api, 200);
    const bySignedUrl = await api.request('PUT', '/auth/me', {
      json: { profile_picture_url: other.signed_url },
    });
    expect(bySignedUrl.status).toBe(200);
    const me = (await api.get('/auth/me')).json<User>();
    expect(me.profile_picture_url).toEqual(expect.any(String));
    expect(await fetched(server(), me.profile_picture_url ?? '')).toEqual({
      status: 200,
      type: 'image/jpeg',
    });
    const [row] = await server().platform.database.orm.select().from(users).where(eq(users.id, me.id));
    // Kept as the object's storage URI: the link answered is signed afresh each time.
    expect(row?.profilePictureUrl).toBe(other.gcs_uri);

    const cleared = await api.request('PUT', '/user/profile', { json: { profile_picture_url: null } });
    expect(cleared.json<User>().profile_picture_url).toBeNull();
  });

  it('refuses any other address with 422 and keeps the picture it had', async () => {
    const { user, api } = await signedIn(server());
    const stranger = await signedIn(server());
    const own = await uploadPhoto(api, 90);
    const theirs = await uploadPhoto(stranger.api, 150);
    expect(
      (await api.request('PUT', '/user/profile', { json: { profile_picture_url: own.gcs_uri } })).status,
    ).toBe(200);

    for (const address of [
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      'https://images.example.com/me.jpg',
      `${server().baseUrl}/api/v1/health`,
      theirs.gcs_uri,
      theirs.signed_url,
      `local://uploads/${user.id}/missing.jpg`,
      's3://another-bucket/uploads/me.jpg',
    ]) {
      for (const path of ['/user/profile', '/auth/me']) {
        const refused = await api.request('PUT', path, { json: { profile_picture_url: address } });
        expect(refused.status, `${path} ${address}`).toBe(422);
        expect(refused.json(), address).toEqual({
          detail: [
            {
              loc: ['body', 'profile_picture_url'],
              msg: serverDetailMessages.profilePictureNotOwnUpload,
              type: 'value_error',
            },
          ],
        });
      }
    }
    const me = (await api.get('/auth/me')).json<User>();
    expect(await fetched(server(), me.profile_picture_url ?? '')).toEqual({
      status: 200,
      type: 'image/jpeg',
    });
    const [row] = await server().platform.database.orm.select().from(users).where(eq(users.id, user.id));
    expect(row?.profilePictureUrl).toBe(own.gcs_uri);
  });

  it('never answers an address stored before the rule', async () => {
    const { user, api } = await signedIn(server());
    await server()
      .platform.database.orm.update(users)
      .set({ profilePictureUrl: 'http://169.254.169.254/latest/meta-data/' })
      .where(eq(users.id, user.id));
    expect((await api.get('/auth/me')).json<User>().profile_picture_url).toBeNull();
  });
});
