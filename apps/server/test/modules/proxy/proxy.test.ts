import crypto from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { uploadKeyPrefix } from '../../../src/modules/library';
import { proxyMessages } from '../../../src/modules/proxy';
import { apiClient, type ApiClient } from '../../helpers/api-client';
import { describeEachDatabase } from '../../helpers/each-database';
import type { TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';

/** Stand-in bytes: the proxy serves stored objects as they are, it never decodes them. */
const VIDEO_BYTES = crypto.randomBytes(4096);

interface Owner {
  userId: string;
  api: ApiClient;
  videoUri: string;
  thumbnailUri: string;
  signedUrl: string;
  uploadUri: string;
}

/** A user with one finished video (stored file, thumbnail, library row) and one upload. */
async function ownerWithVideo(server: TestServer, title: string): Promise<Owner> {
  const { platform, services } = server;
  const { user, token } = await createUserWithToken(platform);
  const { videos } = services;
  const video = await videos.create({
    userId: user.id,
    title,
    projectType: 'text-to-video',
    status: 'processing',
  });
  const stored = await platform.storage.put(`videos/${user.id}/${video.id}.mp4`, VIDEO_BYTES, {
    contentType: 'video/mp4',
  });
  const thumbnail = await platform.storage.put(`videos/${user.id}/${video.id}.jpg`, Buffer.from('jpeg'), {
    contentType: 'image/jpeg',
  });
  await videos.markCompleted(video.id, { videoUri: stored.uri, thumbnailUri: thumbnail.uri });
  const upload = await platform.storage.put(`${uploadKeyPrefix(user.id)}photo.png`, Buffer.from('png'), {
    contentType: 'image/png',
  });
  return {
    userId: user.id,
    api: apiClient(server, token),
    videoUri: stored.uri,
    thumbnailUri: thumbnail.uri,
    signedUrl: (await videos.signedUrl(stored.uri))!,
    uploadUri: upload.uri,
  };
}

const proxied = (api: ApiClient, url: string, headers?: Record<string, string>) =>
  api.get(`/proxy/video?url=${encodeURIComponent(url)}`, headers);

describeEachDatabase('GET /proxy/video', { work: false, listen: true }, (server) => {
  let owner: Owner;
  let other: Owner;
  beforeAll(async () => {
    owner = await ownerWithVideo(server(), 'Beach day: the édit');
    other = await ownerWithVideo(server(), 'Not yours');
  });

  it("serves the owner's video by signed URL (relative too) or storage URI, as an attachment", async () => {
    for (const url of [
      owner.signedUrl,
      new URL(owner.signedUrl).pathname + new URL(owner.signedUrl).search,
      owner.videoUri,
    ]) {
      const answer = await proxied(owner.api, url);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(VIDEO_BYTES);
      expect(answer.headers.get('content-type')).toBe('video/mp4');
      expect(answer.headers.get('content-disposition')).toBe(
        `attachment; filename="Beach_day__the__dit.mp4"; filename*=UTF-8''Beach_day__the__dit.mp4`,
      );
      expect(answer.headers.get('content-length')).toBe(String(VIDEO_BYTES.length));
    }
    // Its thumbnail and the owner's uploads too.
    expect((await proxied(owner.api, owner.thumbnailUri)).status).toBe(200);
    const upload = await proxied(owner.api, owner.uploadUri);
    expect(upload.status).toBe(200);
    expect(upload.headers.get('content-disposition')).toContain('photo.png');
  });

  it('serves a signed URL after it expired: the bearer token is what counts here', async () => {
    const expired = new URL(owner.signedUrl);
    expired.searchParams.set('expires', '1000');
    expect((await proxied(owner.api, expired.toString())).status).toBe(200);
  });

  it('serves byte ranges, and 416 past the end', async () => {
    const part = await proxied(owner.api, owner.videoUri, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${VIDEO_BYTES.length}`);
    expect(part.body).toEqual(VIDEO_BYTES.subarray(100, 200));
    const tail = await proxied(owner.api, owner.videoUri, { range: 'bytes=-10' });
    expect(tail.body).toEqual(VIDEO_BYTES.subarray(-10));
    const past = await proxied(owner.api, owner.videoUri, { range: 'bytes=999999-' });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${VIDEO_BYTES.length}`);
  });

  it("answers 404 for another user's video, thumbnail or upload, as for a missing one", async () => {
    for (const url of [other.signedUrl, other.videoUri, other.thumbnailUri, other.uploadUri]) {
      const answer = await proxied(owner.api, url);
      expect(answer.status).toBe(404);
      expect(answer.json()).toEqual({ detail: proxyMessages.notFound });
    }
    expect((await proxied(owner.api, `local://videos/${owner.userId}/missing.mp4`)).status).toBe(404);
    expect((await proxied(owner.api, `local://${uploadKeyPrefix(owner.userId)}missing.png`)).status).toBe(
      404,
    );
    // An object of ours that belongs to no video of the caller: not served either.
    await server().platform.storage.put(`videos/${owner.userId}/stray.mp4`, VIDEO_BYTES, {
      contentType: 'video/mp4',
    });
    expect((await proxied(owner.api, `local://videos/${owner.userId}/stray.mp4`)).status).toBe(404);
  });

  it('stops serving a video once its owner deleted it', async () => {
    const gone = await ownerWithVideo(server(), 'Soon gone');
    const listed = (await gone.api.get('/videos')).json<{ videos: { id: string }[] }>();
    expect((await gone.api.request('DELETE', `/videos/${listed.videos[0]!.id}`)).status).toBe(200);
    expect((await proxied(gone.api, gone.videoUri)).status).toBe(404);
  });

  it('refuses any address that is not our storage, without requesting it', async () => {
    const signed = new URL(owner.signedUrl);
    const foreign = [
      'https://example.com/video.mp4',
      `https://example.com${signed.pathname}${signed.search}`,
      `http://127.0.0.1:9/${signed.pathname}`,
      `${signed.protocol}//user:pass@${signed.host}${signed.pathname}`,
      '/api/v1/videos',
      '/api/v1/storage/../../../etc/passwd',
      '/api/v1/storage/%2e%2e/%2e%2e/etc/passwd',
      `/api/v1/storage/videos/${owner.userId}/..%2F..%2Fjwt-secret`,
      '/api/v1/storage/.meta/x.json',
      `s3://bucket/videos/${owner.userId}/x.mp4`,
      'gs://bucket/video.mp4',
      'local://../../etc/passwd',
      'local:///etc/passwd',
    ];
    for (const url of foreign) {
      const answer = await proxied(owner.api, url);
      expect(answer.status, url).toBe(400);
      expect(answer.json(), url).toEqual({ detail: proxyMessages.notOurs });
    }
    // Not a URL the contract takes at all: other schemes, protocol-relative, nothing.
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      '//example.com/x.mp4',
      'data:video/mp4;base64,AAAA',
    ]) {
      expect((await proxied(owner.api, url)).status, url).toBe(422);
    }
    expect((await owner.api.get('/proxy/video')).status).toBe(422);
  });

  it('needs a token', async () => {
    expect((await proxied(apiClient(server()), owner.videoUri)).status).toBe(401);
  });
});
