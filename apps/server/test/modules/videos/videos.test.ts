import { expect, it } from 'vitest';
import {
  PROJECTS_PER_PAGE,
  RECENT_PROJECTS_LIMIT,
  recentProjectSchema,
  videoListAnswerSchema,
  videoSchema,
  type ProjectType,
  type RecentProject,
  type Video,
  type VideoListAnswer,
  type VideoStatus,
} from '@reelcraft/contract';
import { videos as videosTable, type NewVideoRow } from '../../../src/db-schema';
import type { Platform } from '../../../src/platform/platform';
import { describeEachDatabase } from '../../helpers/each-database';
import type { TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';

/** Rows written as a creation flow's job would, with whatever state a test needs. */
function videoRows(platform: Platform) {
  return {
    async insert(values: NewVideoRow) {
      const [row] = await platform.database.orm.insert(videosTable).values(values).returning();
      if (!row) throw new Error('Inserting a test video returned no row');
      return row;
    },
  };
}

function recentProjects(server: TestServer, token?: string) {
  return server.app.inject({
    method: 'GET',
    url: '/api/v1/videos/recent-projects',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** Fetches a signed URL the way a browser would: no token, only what the URL carries. */
async function fetchSigned(server: TestServer, url: string) {
  const { pathname, search } = new URL(url);
  return server.app.inject({ method: 'GET', url: `${pathname}${search}` });
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

function getVideos(server: TestServer, token: string | undefined, query = '') {
  return server.app.inject({
    method: 'GET',
    url: `/api/v1/videos${query}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function videoList(server: TestServer, token: string, query = ''): Promise<VideoListAnswer> {
  const response = await getVideos(server, token, query);
  expect(response.statusCode).toBe(200);
  return videoListAnswerSchema.parse(response.json());
}

function latestVideos(server: TestServer, token: string | undefined, query = '') {
  return server.app.inject({
    method: 'GET',
    url: `/api/v1/videos/latest-videos${query}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

function deleteVideo(server: TestServer, token: string | undefined, id: string) {
  return server.app.inject({
    method: 'DELETE',
    url: `/api/v1/videos/${encodeURIComponent(id)}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

interface SeededVideo {
  id: string;
  title: string;
  status: VideoStatus;
  projectType: ProjectType;
  /** The storage keys of its file and poster, when it has them. */
  videoKey?: string;
  posterKey?: string;
}

const SEED_COUNT = 30;
const SPECIAL_TITLES: Record<number, string> = {
  3: 'snake_case title',
  4: 'Sale: 50% off',
  5: 'Back\\slash demo',
  6: 'PARIS by night',
};

/**
 * Thirty videos of one user, the first the newest, of every status and type; the finished ones with
 * real objects in storage, except video 1, whose file has gone missing.
 */
async function seedVideos(platform: Platform, userId: string): Promise<SeededVideo[]> {
  const repository = videoRows(platform);
  const types: ProjectType[] = ['text-to-video', 'image-to-video', 'ai-studio'];
  const seeded: SeededVideo[] = [];
  for (let n = 0; n < SEED_COUNT; n += 1) {
    const status: VideoStatus = n % 5 === 2 ? 'processing' : n % 7 === 3 ? 'failed' : 'completed';
    const topic = n < 10 ? 'Paris trip' : n < 20 ? 'Cooking class' : 'Product demo';
    const title = SPECIAL_TITLES[n] ?? `${topic} ${String(n).padStart(2, '0')}`;
    const projectType = types[n % 3] as ProjectType;
    const video: Omit<SeededVideo, 'id'> = { title, status, projectType };
    if (status === 'completed') {
      video.videoKey = `videos/${userId}/${n}/final.mp4`;
      video.posterKey = `videos/${userId}/${n}/poster.jpg`;
      if (n !== 1) {
        await platform.storage.put(video.videoKey, Buffer.from(`video ${n}`), { contentType: 'video/mp4' });
      }
      await platform.storage.put(video.posterKey, Buffer.from(`poster ${n}`), { contentType: 'image/jpeg' });
    }
    const row = await repository.insert({
      userId,
      title,
      projectType,
      status,
      videoUri: video.videoKey ? platform.storage.uriFor(video.videoKey) : null,
      thumbnailUri: video.posterKey ? platform.storage.uriFor(video.posterKey) : null,
      createdAt: minutesAgo(n + 1),
    });
    seeded.push({ ...video, id: row.id });
  }
  return seeded;
}

const titlesOf = (videos: readonly { title: string }[]) => videos.map((video) => video.title);

describeEachDatabase('recent projects', {}, (server) => {
  it("answers the caller's projects newest first, with signed URLs for finished videos only", async () => {
    const { platform } = server();
    const alice = await createUserWithToken(platform);
    const bob = await createUserWithToken(platform);
    const { videos } = server().services;
    const repository = videoRows(platform);
    const stored = await platform.storage.put(
      `videos/${alice.user.id}/final.mp4`,
      Buffer.from('fake mp4 bytes'),
      {
        contentType: 'video/mp4',
      },
    );
    const poster = await platform.storage.put(`videos/${alice.user.id}/poster.jpg`, Buffer.from('jpeg'), {
      contentType: 'image/jpeg',
    });

    const finished = await repository.insert({
      userId: alice.user.id,
      title: 'Finished',
      projectType: 'text-to-video',
      createdAt: minutesAgo(50),
    });
    await videos.markCompleted(finished.id, {
      videoUri: stored.uri,
      thumbnailUri: poster.uri,
      durationSeconds: 15,
      width: 1280,
      height: 720,
      sizeBytes: stored.size,
    });
    // A processing video may already have a file being written: it must not be handed out.
    const rendering = await repository.insert({
      userId: alice.user.id,
      title: 'Rendering',
      projectType: 'image-to-video',
      status: 'processing',
      videoUri: stored.uri,
      createdAt: minutesAgo(10),
    });
    const failed = await repository.insert({
      userId: alice.user.id,
      title: 'Broken',
      projectType: 'ai-studio',
      createdAt: minutesAgo(30),
    });
    await videos.markFailed(failed.id, 'The render failed');
    const legacy = await repository.insert({
      userId: alice.user.id,
      title: 'Moved from the old store',
      projectType: 'text-to-video',
      status: 'completed',
      videoUri: 'gs://old-bucket/video.mp4',
      createdAt: minutesAgo(40),
    });
    await repository.insert({
      userId: alice.user.id,
      title: 'Deleted',
      projectType: 'text-to-video',
      status: 'completed',
      videoUri: stored.uri,
      createdAt: minutesAgo(5),
      deletedAt: new Date(),
    });
    await repository.insert({
      userId: bob.user.id,
      title: "Bob's",
      projectType: 'text-to-video',
      status: 'completed',
      videoUri: stored.uri,
      createdAt: minutesAgo(1),
    });

    const response = await recentProjects(server(), alice.token);
    expect(response.statusCode).toBe(200);
    const projects = (response.json() as unknown[]).map((project) => recentProjectSchema.parse(project));
    expect(projects.map((project) => project.title)).toEqual([
      'Rendering',
      'Broken',
      'Moved from the old store',
      'Finished',
    ]);
    const byId = new Map(projects.map((project) => [project.id, project]));
    expect(byId.get(rendering.id)).toMatchObject({
      status: 'processing',
      video_url: null,
      thumbnail_url: null,
    });
    expect(byId.get(failed.id)).toMatchObject({
      status: 'failed',
      video_url: null,
      project_type: 'ai-studio',
    });
    expect(byId.get(legacy.id)).toMatchObject({ status: 'completed', video_url: null });
    const done = byId.get(finished.id) as RecentProject;
    expect(done).toMatchObject({
      status: 'completed',
      project_type: 'text-to-video',
      created_at: finished.createdAt.toISOString(),
    });

    // The signed URLs play without a token, and stop working once tampered with.
    const video = await fetchSigned(server(), done.video_url!);
    expect(video.statusCode).toBe(200);
    expect(video.body).toBe('fake mp4 bytes');
    expect(new URL(done.video_url!).searchParams.size).toBeGreaterThan(0);
    expect((await fetchSigned(server(), done.thumbnail_url!)).body).toBe('jpeg');
    const tampered = done.video_url!.replace('final.mp4', 'poster.jpg');
    expect((await fetchSigned(server(), tampered)).statusCode).toBeGreaterThanOrEqual(400);

    const bobs = (await recentProjects(server(), bob.token)).json() as RecentProject[];
    expect(bobs.map((project) => project.title)).toEqual(["Bob's"]);
  });

  it('answers an empty list to a new user and at most the limit', async () => {
    const { platform } = server();
    const { user, token } = await createUserWithToken(platform);
    expect((await recentProjects(server(), token)).json()).toEqual([]);

    // Explicit, distinct times: rows inserted within one clock tick would tie.
    const repository = videoRows(platform);
    for (let n = 0; n <= RECENT_PROJECTS_LIMIT; n += 1) {
      await repository.insert({
        userId: user.id,
        title: `Video ${n}`,
        projectType: 'text-to-video',
        createdAt: minutesAgo(RECENT_PROJECTS_LIMIT - n),
      });
    }
    const projects = (await recentProjects(server(), token)).json() as RecentProject[];
    expect(projects).toHaveLength(RECENT_PROJECTS_LIMIT);
    expect(projects[0]?.title).toBe(`Video ${RECENT_PROJECTS_LIMIT}`);
  });

  it('refuses a guest', async () => {
    const response = await recentProjects(server());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Not authenticated' });
  });

  it('gives creation flows a video row to drive, by id or by session', async () => {
    const { platform } = server();
    const { user } = await createUserWithToken(platform);
    const { videos } = server().services;
    const created = await videos.create({
      userId: user.id,
      title: '   ',
      projectType: 'image-to-video',
      sessionId: 'session-9',
    });
    expect(created).toMatchObject({ title: 'Untitled video', status: 'pending', videoUri: null });
    expect((await videos.findBySession(user.id, 'session-9'))?.id).toBe(created.id);
    expect(await videos.findBySession(user.id, 'session-0')).toBeUndefined();
    expect((await videos.markProcessing(created.id))?.status).toBe('processing');
    await expect(
      videos.markCompleted(created.id, { videoUri: 'https://elsewhere.example/v.mp4' }),
    ).rejects.toThrow('Not a storage URI of this instance');
    expect((await videos.findById(created.id))?.status).toBe('processing');
    expect(await videos.markProcessing('not-a-uuid')).toBeUndefined();
    const other = await createUserWithToken(platform);
    expect(await videos.findForUser(other.user.id, created.id)).toBeUndefined();
    expect((await videos.findForUser(user.id, created.id))?.id).toBe(created.id);
  });
});

describeEachDatabase('my videos and projects', {}, (server) => {
  it('pages 30 videos newest first with the total, 12 a page by default', async () => {
    const { platform } = server();
    const alice = await createUserWithToken(platform);
    const seeded = await seedVideos(platform, alice.user.id);

    const first = await videoList(server(), alice.token);
    expect(first.total).toBe(SEED_COUNT);
    expect(first.videos).toHaveLength(PROJECTS_PER_PAGE);
    const pages = [first];
    for (let offset = PROJECTS_PER_PAGE; offset < SEED_COUNT; offset += PROJECTS_PER_PAGE) {
      pages.push(await videoList(server(), alice.token, `?offset=${offset}`));
    }
    expect(pages.map((page) => page.videos.length)).toEqual([12, 12, 6]);
    expect(pages.flatMap((page) => page.videos.map((video) => video.id))).toEqual(
      seeded.map((video) => video.id),
    );

    const five = await videoList(server(), alice.token, '?limit=5&offset=10');
    expect(five).toMatchObject({ total: SEED_COUNT });
    expect(titlesOf(five.videos)).toEqual(titlesOf(seeded.slice(10, 15)));
    expect(await videoList(server(), alice.token, '?offset=300')).toEqual({ videos: [], total: SEED_COUNT });
  });

  it('searches titles case-insensitively and literally, and filters by status and type', async () => {
    const { platform } = server();
    const alice = await createUserWithToken(platform);
    const seeded = await seedVideos(platform, alice.user.id);
    const matching = (predicate: (video: SeededVideo) => boolean) => titlesOf(seeded.filter(predicate));
    const search = async (query: string) => {
      const page = await videoList(server(), alice.token, `?limit=100&${query}`);
      expect(page.total).toBe(page.videos.length);
      return titlesOf(page.videos);
    };

    expect(await search('q=paris')).toEqual(matching((video) => /paris/i.test(video.title)));
    expect(await search('q=%20%20PARIS%20')).toEqual(await search('q=paris'));
    expect(await search('q=CLASS%201')).toEqual(
      matching((video) => video.title.startsWith('Cooking class 1')),
    );
    // Wildcards and the escape character are searched for as they are.
    expect(await search('q=50%25')).toEqual(['Sale: 50% off']);
    expect(await search('q=%25')).toEqual(['Sale: 50% off']);
    expect(await search('q=_')).toEqual(['snake_case title']);
    expect(await search('q=k%5Cs')).toEqual(['Back\\slash demo']);
    expect(await search('q=nothing%20like%20this')).toEqual([]);
    expect(await search('q=')).toEqual(titlesOf(seeded));

    expect(await search('status=processing')).toEqual(matching((video) => video.status === 'processing'));
    expect(await search('status=pending')).toEqual([]);
    expect(await search('project_type=ai-studio')).toEqual(
      matching((video) => video.projectType === 'ai-studio'),
    );
    const combined = await videoList(
      server(),
      alice.token,
      '?q=demo&status=completed&project_type=text-to-video&limit=2',
    );
    const expected = seeded.filter(
      (video) =>
        /demo/i.test(video.title) && video.status === 'completed' && video.projectType === 'text-to-video',
    );
    expect(combined.total).toBe(expected.length);
    expect(titlesOf(combined.videos)).toEqual(titlesOf(expected.slice(0, 2)));
  });

  it('hands out signed URLs only for finished videos whose file exists, downloading under the title', async () => {
    const { platform } = server();
    const alice = await createUserWithToken(platform);
    const seeded = await seedVideos(platform, alice.user.id);
    const { videos } = await videoList(server(), alice.token, '?limit=100');
    const byId = new Map(videos.map((video) => [video.id, video]));

    for (const seed of seeded) {
      const video = byId.get(seed.id) as Video;
      expect(video).toMatchObject({ title: seed.title, status: seed.status, project_type: seed.projectType });
      if (seed.status !== 'completed') {
        expect(video).toMatchObject({ video_url: null, thumbnail_url: null });
      }
    }
    // Video 1 is finished but its file is gone: "Video not available", not a broken player.
    expect(byId.get(seeded[1]!.id)).toMatchObject({ status: 'completed', video_url: null });
    expect(byId.get(seeded[1]!.id)?.thumbnail_url).toEqual(expect.any(String));

    const sale = byId.get(seeded[4]!.id) as Video;
    expect(sale.title).toBe('Sale: 50% off');
    const file = await fetchSigned(server(), sale.video_url!);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('video 4');
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.headers['content-disposition']).toContain('filename="Sale__50__off.mp4"');
    const poster = await fetchSigned(server(), sale.thumbnail_url!);
    expect(poster.body).toBe('poster 4');
    expect(poster.headers['content-disposition']).toBeUndefined();

    // A player asks for byte ranges to seek.
    const range = await server().app.inject({
      method: 'GET',
      url: new URL(sale.video_url!).pathname + new URL(sale.video_url!).search,
      headers: { range: 'bytes=0-4' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('video');
  });

  it("never lists, signs or deletes another user's videos", async () => {
    const { platform } = server();
    const alice = await createUserWithToken(platform);
    const bob = await createUserWithToken(platform);
    const seeded = await seedVideos(platform, alice.user.id);
    const bobKey = `videos/${bob.user.id}/mine.mp4`;
    await platform.storage.put(bobKey, Buffer.from('bob video'), { contentType: 'video/mp4' });
    const bobsVideo = await videoRows(platform).insert({
      userId: bob.user.id,
      title: 'Paris trip by Bob',
      projectType: 'text-to-video',
      status: 'completed',
      videoUri: platform.storage.uriFor(bobKey),
    });

    const bobs = await videoList(server(), bob.token, '?q=paris');
    expect(bobs).toEqual({ videos: [expect.objectContaining({ id: bobsVideo.id })], total: 1 });
    expect(JSON.parse((await latestVideos(server(), bob.token)).body)).toHaveLength(1);

    // Bob's signed link pointed at Alice's file is refused.
    const bobUrl = bobs.videos[0]!.video_url!;
    const aliceKey = seeded[0]!.videoKey!;
    expect((await fetchSigned(server(), bobUrl)).body).toBe('bob video');
    const forged = await fetchSigned(server(), bobUrl.replace(bobKey, aliceKey));
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ detail: 'Invalid or expired link' });

    const refused = await deleteVideo(server(), bob.token, seeded[0]!.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ detail: 'Video not found' });
    expect(await platform.storage.exists(aliceKey)).toBe(true);
    expect((await videoList(server(), alice.token)).total).toBe(SEED_COUNT);
  });

  it('deletes a video and its stored files, once', async () => {
    const { platform } = server();
    const alice = await createUserWithToken(platform);
    const seeded = await seedVideos(platform, alice.user.id);
    const target = seeded[0]!;
    expect(target.status).toBe('completed');
    const before = await videoList(server(), alice.token, '?limit=1');
    const oldUrl = before.videos[0]!.video_url!;

    const response = await deleteVideo(server(), alice.token, target.id);
    expect(response.statusCode).toBe(200);
    const answer = response.json() as { id: string; deleted_at: string };
    expect(answer.id).toBe(target.id);
    expect(Date.parse(answer.deleted_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(await platform.storage.exists(target.videoKey!)).toBe(false);
    expect(await platform.storage.exists(target.posterKey!)).toBe(false);
    // Another video's files are untouched.
    expect(await platform.storage.exists(seeded[6]!.videoKey!)).toBe(true);

    const after = await videoList(server(), alice.token, '?limit=100');
    expect(after.total).toBe(SEED_COUNT - 1);
    expect(after.videos.map((video) => video.id)).not.toContain(target.id);
    const recent = (await recentProjects(server(), alice.token)).json() as RecentProject[];
    expect(recent.map((project) => project.id)).not.toContain(target.id);
    // A link handed out before the delete now finds nothing.
    expect((await fetchSigned(server(), oldUrl)).statusCode).toBe(404);
    const row = await server().services.videos.findById(target.id);
    expect(row).toBeUndefined();

    const again = await deleteVideo(server(), alice.token, target.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'Video not found' });

    // A video without files (still processing) deletes too.
    const processing = seeded.find((video) => video.status === 'processing')!;
    expect((await deleteVideo(server(), alice.token, processing.id)).statusCode).toBe(200);
  });

  it('answers 404 for unknown ids and 401 to guests when deleting', async () => {
    const { platform } = server();
    const alice = await createUserWithToken(platform);
    const video = await server().services.videos.create({
      userId: alice.user.id,
      title: 'Kept',
      projectType: 'text-to-video',
    });
    for (const id of ['6f1c7f55-4a53-4d1d-9a55-0f3c1c4e8f10', 'not-a-uuid', "1' or '1'='1"]) {
      const response = await deleteVideo(server(), alice.token, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Video not found' });
    }
    const guest = await deleteVideo(server(), undefined, video.id);
    expect(guest.statusCode).toBe(401);
    expect(await server().services.videos.findById(video.id)).toBeDefined();
  });

  it('answers the latest videos, by status, type and limit', async () => {
    const { platform } = server();
    const alice = await createUserWithToken(platform);
    const seeded = await seedVideos(platform, alice.user.id);
    const latest = async (query = '') => {
      const response = await latestVideos(server(), alice.token, query);
      expect(response.statusCode).toBe(200);
      return (response.json() as unknown[]).map((video) => videoSchema.parse(video));
    };

    expect(titlesOf(await latest())).toEqual(titlesOf(seeded.slice(0, PROJECTS_PER_PAGE)));
    expect(titlesOf(await latest('?limit=5'))).toEqual(titlesOf(seeded.slice(0, 5)));
    expect(titlesOf(await latest('?limit=50'))).toEqual(titlesOf(seeded));
    expect(titlesOf(await latest('?status=failed&limit=100'))).toEqual(
      titlesOf(seeded.filter((video) => video.status === 'failed')),
    );
    const studio = await latest('?project_type=ai-studio&status=completed&limit=3');
    expect(titlesOf(studio)).toEqual(
      titlesOf(
        seeded
          .filter((video) => video.projectType === 'ai-studio' && video.status === 'completed')
          .slice(0, 3),
      ),
    );
    expect(studio.every((video) => video.video_url === null || video.video_url.includes('name='))).toBe(true);
  });

  it('refuses guests and bad list parameters', async () => {
    const { platform } = server();
    const { token } = await createUserWithToken(platform);
    expect((await getVideos(server(), undefined)).statusCode).toBe(401);
    expect((await latestVideos(server(), undefined)).statusCode).toBe(401);
    expect((await getVideos(server(), 'not-a-token')).statusCode).toBe(401);
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?limit=ten',
      '?offset=-1',
      '?status=done',
      '?project_type=movie',
      `?q=${'x'.repeat(201)}`,
    ]) {
      const response = await getVideos(server(), token, query);
      expect(response.statusCode, query).toBe(422);
      expect(Array.isArray((response.json() as { detail: unknown }).detail)).toBe(true);
    }
    for (const query of ['?limit=0', '?status=done', '?project_type=movie']) {
      expect((await latestVideos(server(), token, query)).statusCode, query).toBe(422);
    }
    expect(await videoList(server(), token)).toEqual({ videos: [], total: 0 });
  });
});
