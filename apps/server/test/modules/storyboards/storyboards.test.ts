import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  generationStateSchema,
  illustrationSchema,
  storyboardConflictSchema,
  storyboardMessages,
  storyboardSchema,
  STORYBOARD_LIMITS,
  type Storyboard,
  type UploadAnswer,
} from '@reelcraft/contract';
import { generations, storyboards, storyboardVersions, videos } from '../../../src/db-schema';
import { sceneKeysOf } from '../../../src/providers/video/storyboard-scenes';
import { testImage } from '../../fixtures/test-images';
import { apiClient, formData, type ApiClient } from '../../helpers/api-client';
import { describeEachDatabase, describeHeavy } from '../../helpers/each-database';
import { waitFor } from '../../helpers/processes';
import { startTestServer, type TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';

const PROMPT = 'A red fox running through a snowy forest at dawn';

async function signedIn(server: TestServer) {
  const { user, token } = await createUserWithToken(server.platform);
  return { user, api: apiClient(server, token) };
}

const put = (api: ApiClient, id: string, json: unknown) => api.request('PUT', `/storyboards/${id}`, { json });

/** The body a save sends: the storyboard as the editor holds it. */
function edited(board: Storyboard, change: (board: Storyboard) => Partial<Storyboard> = () => ({})) {
  const next = { ...board, ...change(board) };
  return {
    version: board.version,
    title: next.title,
    aspect_ratio: next.aspect_ratio,
    voice_id: next.voice_id,
    music: next.music,
    captions: next.captions,
    language: next.language,
    scenes: next.scenes,
  };
}

async function draft(api: ApiClient, duration = 30): Promise<Storyboard> {
  const created = await api.postJson('/storyboards', { prompt: PROMPT, duration });
  expect(created.status, created.body.toString()).toBe(201);
  return storyboardSchema.parse(created.json());
}

async function remainingVideos(api: ApiClient): Promise<number> {
  return (await api.get('/user/video-count')).json<{ remaining_videos: number }>().remaining_videos;
}

// No worker takes the render jobs: the quota rule and the claims are what these tests look at.
describeEachDatabase('storyboards', { work: false, listen: true }, (server) => {
  it('writes a draft from a prompt that says what was understood, scene by scene, and takes nothing', async () => {
    const { api } = await signedIn(server());
    const before = await remainingVideos(api);
    const board = await draft(api, 30);
    expect(board).toMatchObject({ version: 1, status: 'draft', prompt: PROMPT, aspect_ratio: '16:9' });
    expect(board.scenes.length).toBeGreaterThanOrEqual(4);
    expect(board.duration_seconds).toBeGreaterThan(24);
    expect(board.duration_seconds).toBeLessThan(36);
    for (const scene of board.scenes) {
      expect(scene.narration.length).toBeGreaterThan(10);
      expect(scene.visual.setting).toBe('forest');
    }
    expect(board.scenes[0]!.visual.time).toBe('dawn');
    expect(board.scenes[0]!.visual.subjects.map((subject) => subject.label).join(' ')).toMatch(/fox/);
    expect(board.pending_render).toEqual({
      scene_ids: board.scenes.map((scene) => scene.id),
      videos_cost: 1,
    });
    expect(await remainingVideos(api)).toBe(before);
    expect((await api.get(`/storyboards/${board.id}`)).json()).toEqual(board);
  });

  it('saves versions, refuses the older of two saves with the current storyboard, and restores', async () => {
    const { api } = await signedIn(server());
    const board = await draft(api, 15);
    const narration = 'The fox stops at the edge of the trees and looks back at the valley below.';
    const first = put(
      api,
      board.id,
      edited(board, (b) => ({ scenes: [{ ...b.scenes[0]!, narration }, ...b.scenes.slice(1)] })),
    );
    const second = put(
      api,
      board.id,
      edited(board, (b) => ({ title: `${b.title} (other tab)` })),
    );
    const answers = await Promise.all([first, second]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    const lost = answers.find((answer) => answer.status === 409)!;
    const conflict = storyboardConflictSchema.parse(lost.json());
    expect(conflict.detail).toBe(storyboardMessages.staleVersion);
    expect(conflict.current.version).toBe(2);
    const saved = storyboardSchema.parse(answers.find((answer) => answer.status === 200)!.json());
    expect(saved.version).toBe(2);

    // The narration sets the scene's length unless the user fixed it.
    const longer = `${narration} Snow slides from a branch and the fox darts into the white silence beyond.`;
    const third = storyboardSchema.parse(
      (
        await put(
          api,
          board.id,
          edited(saved, (b) => ({
            scenes: [{ ...b.scenes[0]!, narration: longer, duration_fixed: false }, ...b.scenes.slice(1)],
          })),
        )
      ).json(),
    );
    expect(third.version).toBe(3);
    expect(third.scenes[0]!.duration_seconds).toBeGreaterThan(saved.scenes[0]!.duration_seconds);

    const versions = (await api.get(`/storyboards/${board.id}/versions`)).json<{
      versions: { version: number }[];
    }>();
    expect(versions.versions.map((version) => version.version)).toEqual([3, 2, 1]);
    const restored = await api.postJson(`/storyboards/${board.id}/versions/1/restore`, {});
    expect(restored.status).toBe(200);
    expect(storyboardSchema.parse(restored.json())).toMatchObject({
      version: 4,
      scenes: board.scenes,
      title: board.title,
    });
    expect((await api.postJson(`/storyboards/${board.id}/versions/99/restore`, {})).status).toBe(404);
  });

  it('refuses bad storyboards with a clear 422 and changes nothing', async () => {
    const { api } = await signedIn(server());
    const board = await draft(api, 15);
    const scene = board.scenes[0]!;
    const cases: [string, unknown, RegExp][] = [
      ['no scenes', edited(board, () => ({ scenes: [] })), /at least one scene/],
      [
        'too many scenes',
        edited(board, () => ({ scenes: Array.from({ length: 200 }, (_, i) => ({ ...scene, id: `x${i}` })) })),
        /at most 40 scenes/,
      ],
      [
        'a 10,000-word narration',
        edited(board, (b) => ({
          scenes: [{ ...scene, narration: 'word '.repeat(10_000) }, ...b.scenes.slice(1)],
        })),
        /at most 600 characters/,
      ],
      [
        'an unknown illustration',
        edited(board, (b) => ({
          scenes: [
            {
              ...scene,
              visual: {
                ...scene.visual,
                subjects: [{ kind: 'illustration', id: 'no-such-thing-here', label: 'x', tint: null }],
              },
            },
            ...b.scenes.slice(1),
          ],
        })),
        /not in the set/,
      ],
      [
        'two scenes with one id',
        edited(board, (b) => ({ scenes: [scene, { ...b.scenes[1]!, id: scene.id }] })),
        /same id/,
      ],
      [
        'a speaking scene without a portrait',
        edited(board, (b) => ({
          scenes: [{ ...scene, visual: { ...scene.visual, action: 'speak' } }, ...b.scenes.slice(1)],
        })),
        /speaking scene needs a portrait/,
      ],
      ['an unknown voice', edited(board, () => ({ voice_id: 'nobody' })), /not available/],
      [
        'a video over 3 minutes',
        edited(board, () => ({
          scenes: Array.from({ length: 7 }, (_, i) => ({
            ...scene,
            id: `long${i}`,
            duration_seconds: 30,
            duration_fixed: true,
          })),
        })),
        /at most 3 minutes/,
      ],
    ];
    for (const [name, body, message] of cases) {
      const answer = await put(api, board.id, body);
      expect(answer.status, name).toBe(422);
      expect(answer.body.toString(), name).toMatch(message);
    }
    const stale = await put(api, board.id, { ...edited(board), version: 7 });
    expect(stale.status).toBe(409);
    expect(storyboardSchema.parse((await api.get(`/storyboards/${board.id}`)).json())).toEqual(board);
    expect((await api.postJson('/storyboards', { prompt: '   ', duration: 30 })).status).toBe(422);
    expect((await api.postJson('/storyboards', { prompt: PROMPT, duration: 45 })).status).toBe(422);
  });

  it("shows each user only their own storyboards, images and videos' captions", async () => {
    const owner = await signedIn(server());
    const stranger = await signedIn(server());
    const board = await draft(owner.api, 15);
    const sceneId = board.scenes[0]!.id;
    const foreign = [
      stranger.api.get(`/storyboards/${board.id}`),
      put(stranger.api, board.id, edited(board)),
      stranger.api.postJson(`/storyboards/${board.id}/render`, { version: 1 }),
      stranger.api.get(`/storyboards/${board.id}/versions`),
      stranger.api.postJson(`/storyboards/${board.id}/versions/1/restore`, {}),
      stranger.api.get(`/storyboards/${board.id}/scenes/${sceneId}/preview`),
    ];
    for (const answer of await Promise.all(foreign)) expect(answer.status).toBe(404);
    expect((await apiClient(server()).get(`/storyboards/${board.id}`)).status).toBe(401);

    // Another user's uploaded image cannot be put in a scene.
    const upload = await stranger.api.postForm(
      '/upload/signed-url',
      formData({}, [{ name: 'files', data: await testImage('png'), filename: 'p.png', type: 'image/png' }]),
    );
    const image = upload.json<UploadAnswer>().images[0]!;
    const scene = board.scenes[0]!;
    const withImage = (url: string) =>
      edited(board, (b) => ({
        scenes: [
          {
            ...scene,
            visual: { ...scene.visual, subjects: [{ kind: 'image', image_url: url, label: 'photo' }] },
          },
          ...b.scenes.slice(1),
        ],
      }));
    const refused = await put(owner.api, board.id, withImage(image.gcs_uri));
    expect(refused.status).toBe(422);
    expect(refused.body.toString()).toContain(storyboardMessages.imageNotYours);
    // The stranger may: it is theirs, and it is kept as a storage URI whatever address was sent.
    const theirs = await draft(stranger.api, 15);
    const own = await put(stranger.api, theirs.id, {
      ...withImage(image.public_url),
      version: 1,
      scenes: [
        {
          ...theirs.scenes[0]!,
          visual: {
            ...theirs.scenes[0]!.visual,
            subjects: [{ kind: 'image', image_url: image.public_url, label: 'photo' }],
          },
        },
        ...theirs.scenes.slice(1),
      ],
    });
    expect(own.status, own.body.toString()).toBe(200);
    const subject = storyboardSchema.parse(own.json()).scenes[0]!.visual.subjects[0]!;
    expect(subject).toMatchObject({ kind: 'image', image_url: image.gcs_uri });
    const preview = await stranger.api.get(
      `/storyboards/${theirs.id}/scenes/${theirs.scenes[0]!.id}/preview`,
    );
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/png');
  });

  it('draws a scene preview as a PNG and finds illustrations for the subject picker', async () => {
    const { api } = await signedIn(server());
    const board = await draft(api, 15);
    const preview = await api.get(`/storyboards/${board.id}/scenes/${board.scenes[0]!.id}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/png');
    expect(preview.body.subarray(1, 4).toString()).toBe('PNG');
    expect((await api.get(`/storyboards/${board.id}/scenes/nope/preview`)).status).toBe(404);

    const found = (await api.get('/illustrations?q=whale'))
      .json<unknown[]>()
      .map((item) => illustrationSchema.parse(item));
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]!.label).toMatch(/whale/);
    const svg = await fetch(new URL(found[0]!.preview_url, server().baseUrl));
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect((await fetch(new URL('/api/v1/illustrations/not-an-icon/image', server().baseUrl))).status).toBe(
      404,
    );
    expect((await api.get('/illustrations?q=')).json<unknown[]>().length).toBeGreaterThan(10);
  });

  it('takes one video for the first render and none for a small re-render, atomically', async () => {
    const { api } = await signedIn(server());
    const board = await draft(api, 30);
    const before = await remainingVideos(api);
    expect((await api.postJson(`/storyboards/${board.id}/render`, { version: 2 })).status).toBe(409);
    const [one, two] = await Promise.all([
      api.postJson(`/storyboards/${board.id}/render`, { version: 1 }),
      api.postJson(`/storyboards/${board.id}/render`, { version: 1 }),
    ]);
    expect([one.status, two.status].sort()).toEqual([202, 409]);
    const started = (one.status === 202 ? one : two).json<{ session_id: string; video_id: string }>();
    expect(await remainingVideos(api)).toBe(before - 1);
    const rendering = storyboardSchema.parse((await api.get(`/storyboards/${board.id}`)).json());
    expect(rendering.status).toBe('rendering');
    const state = (await api.get(`/generations/${started.session_id}`)).json<{ storyboard_id: string }>();
    expect(state.storyboard_id).toBe(board.id);

    // As if the render finished (no worker runs here): its video, version and scene keys recorded.
    const orm = server().platform.database.orm;
    const [row] = await orm.select().from(storyboards).where(eq(storyboards.id, board.id));
    await orm
      .update(videos)
      .set({ status: 'completed', progress: 100 })
      .where(eq(videos.id, started.video_id));
    await orm
      .update(storyboards)
      .set({
        renderedVideoId: started.video_id,
        renderedVersion: 1,
        renderedSceneKeys: sceneKeysOf(row!.content, row!.seed),
      })
      .where(eq(storyboards.id, board.id));
    const rendered = storyboardSchema.parse((await api.get(`/storyboards/${board.id}`)).json());
    expect(rendered).toMatchObject({ status: 'rendered', rendered_version: 1, video_id: started.video_id });
    expect(rendered.pending_render).toEqual({ scene_ids: [], videos_cost: 0 });
    expect((await api.postJson(`/storyboards/${board.id}/render`, { version: 1 })).json()).toMatchObject({
      detail: storyboardMessages.nothingToRender,
    });

    // One scene changed of six: free. Every scene changed: one video.
    const changed = storyboardSchema.parse(
      (
        await put(
          api,
          board.id,
          edited(rendered, (b) => ({
            scenes: [
              b.scenes[0]!,
              { ...b.scenes[1]!, narration: 'A hare watches from behind a frozen log.' },
              ...b.scenes.slice(2),
            ],
          })),
        )
      ).json(),
    );
    expect(changed.pending_render).toEqual({ scene_ids: [rendered.scenes[1]!.id], videos_cost: 0 });
    const all = storyboardSchema.parse(
      (
        await put(
          api,
          board.id,
          edited(changed, () => ({ aspect_ratio: '9:16' })),
        )
      ).json(),
    );
    expect(all.pending_render.videos_cost).toBe(1);
    expect(all.pending_render.scene_ids).toHaveLength(all.scenes.length);
    const back = storyboardSchema.parse(
      (
        await put(
          api,
          board.id,
          edited(all, () => ({ aspect_ratio: '16:9' })),
        )
      ).json(),
    );
    const rerender = await api.postJson(`/storyboards/${board.id}/render`, { version: back.version });
    expect(rerender.status, rerender.body.toString()).toBe(202);
    expect(await remainingVideos(api)).toBe(before - 1);
    const [after] = await orm.select().from(storyboards).where(eq(storyboards.id, board.id));
    expect(after!.freeRerendersUsed).toBe(1);
    expect(
      await orm.select().from(storyboardVersions).where(eq(storyboardVersions.storyboardId, board.id)),
    ).toHaveLength(4);
  });

  it('opens the storyboard of a video: its own, one rebuilt from an older text video, or says it cannot', async () => {
    const { user, api } = await signedIn(server());
    const orm = server().platform.database.orm;
    // A text video made before storyboards: its generation kept the prompt, length and seed.
    const made = async (projectType: 'text-to-video' | 'avatar-presenter', kind: string, input: unknown) => {
      const [video] = await orm
        .insert(videos)
        .values({ userId: user.id, title: 'Old one', projectType, status: 'completed' })
        .returning();
      await orm.insert(generations).values({
        userId: user.id,
        kind,
        sessionId: crypto.randomUUID(),
        videoId: video!.id,
        input,
      });
      return video!.id;
    };
    const old = await made('text-to-video', 'text-to-video', {
      prompt: 'A paper boat drifting down a rainy street',
      durationSeconds: 15,
      seed: 5,
    });
    const rebuilt = await api.postJson(`/videos/${old}/storyboard`, {});
    expect(rebuilt.status, rebuilt.body.toString()).toBe(200);
    const board = storyboardSchema.parse(rebuilt.json());
    expect(board).toMatchObject({
      prompt: 'A paper boat drifting down a rainy street',
      status: 'draft',
      version: 1,
    });
    expect(board.scenes.length).toBeGreaterThanOrEqual(3);
    // The next Edit opens the same storyboard.
    expect(storyboardSchema.parse((await api.postJson(`/videos/${old}/storyboard`, {})).json()).id).toBe(
      board.id,
    );

    const presenter = await made('avatar-presenter', 'avatar-presenter', { script: 'Hi' });
    const refused = await api.postJson(`/videos/${presenter}/storyboard`, {});
    expect(refused.status).toBe(409);
    expect(refused.json()).toEqual({ detail: storyboardMessages.notEditable });

    const stranger = await signedIn(server());
    expect((await stranger.api.postJson(`/videos/${old}/storyboard`, {})).status).toBe(404);
  });

  it("finds a project by any word of its whole prompt and of its storyboard's current narration", async () => {
    const { api } = await signedIn(server());
    const titles = async (q: string) =>
      (await api.get(`/videos?limit=100&q=${encodeURIComponent(q)}`))
        .json<{ videos: { title: string; storyboard_id: string | null }[] }>()
        .videos.map((video) => video.title);
    // The library title keeps the first words only; the word searched for comes after them.
    const longPrompt =
      'A slow aerial journey over green terraced hills and quiet villages at sunrise, ending on a lighthouse near Quimper';
    const started = await api.postJson('/text-to-video/sessions', { prompt: longPrompt, duration: 15 });
    expect(started.status, started.body.toString()).toBe(201);
    const [title] = await titles('quimper');
    expect(title).toBeDefined();
    expect(title).not.toMatch(/quimper/i);
    expect(longPrompt.startsWith(title!.replace(/…$/, ''))).toBe(true);

    const board = await draft(api, 15);
    const first = await api.postJson(`/storyboards/${board.id}/render`, { version: 1 });
    expect(first.status, first.body.toString()).toBe(202);
    expect(await titles('zanzibar')).toEqual([]);
    const saved = await put(
      api,
      board.id,
      edited(board, (current) => ({
        scenes: current.scenes.map((scene, index) =>
          index === 1 ? { ...scene, narration: 'The fox dreams of the spice markets of Zanzibar.' } : scene,
        ),
      })),
    );
    expect(saved.status, saved.body.toString()).toBe(200);
    expect(await titles('ZANZIBAR')).toEqual([board.title]);
    // A word the narration no longer says stops matching.
    const replaced = storyboardSchema.parse(saved.json());
    const again = await put(
      api,
      board.id,
      edited(replaced, (current) => ({
        scenes: current.scenes.map((scene, index) =>
          index === 1 ? { ...scene, narration: 'The fox rests under the pines.' } : scene,
        ),
      })),
    );
    expect(again.status, again.body.toString()).toBe(200);
    expect(await titles('zanzibar')).toEqual([]);
    // Nobody else finds it.
    const stranger = await signedIn(server());
    expect((await stranger.api.get('/videos?q=quimper')).json<{ total: number }>().total).toBe(0);
  });

  it('keeps at most the configured number of versions', async () => {
    const { api } = await signedIn(server());
    let board = await draft(api, 15);
    for (let i = 0; i < STORYBOARD_LIMITS.keptVersions + 2; i += 1) {
      board = storyboardSchema.parse(
        (
          await put(
            api,
            board.id,
            edited(board, () => ({ title: `Take ${i}` })),
          )
        ).json(),
      );
    }
    const versions = (await api.get(`/storyboards/${board.id}/versions`)).json<{
      versions: { version: number }[];
    }>();
    expect(versions.versions).toHaveLength(STORYBOARD_LIMITS.keptVersions);
    expect(versions.versions[0]!.version).toBe(board.version);
  });
});

/*
 * The whole loop over HTTP with a worker (issue 31): plan, render, edit one scene, render the
 * change; only that scene's clip is made again, the re-render is free, the captions follow.
 */
describeHeavy('a storyboard rendered, edited and rendered again', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ listen: true });
  });
  afterAll(() => server?.close());

  async function rendered(api: ApiClient, sessionId: string) {
    return waitFor(
      async () => {
        const state = generationStateSchema.parse((await api.get(`/generations/${sessionId}`)).json());
        if (state.status === 'failed') throw new Error(`The render failed: ${state.error}`);
        return state.status === 'completed' ? state : undefined;
      },
      'the storyboard to render',
      240_000,
    );
  }

  /** The clip keys a storyboard's last render used, and whether storage holds each clip. */
  const clips = async (userId: string, storyboardId: string) => {
    const [row] = await server.platform.database.orm
      .select()
      .from(storyboards)
      .where(eq(storyboards.id, storyboardId));
    const keys = row!.renderedSceneKeys;
    const stored = (key: string) =>
      server.platform.storage.exists(`scene-clips/${userId}/${storyboardId}/${key}.mp4`);
    return { keys, stored };
  };

  it('renders only the edited scene again, for free, with captions of the new words', async () => {
    const { user, api } = await signedIn(server);
    const before = await remainingVideos(api);
    const board = await draft(api, 15);
    const first = await api.postJson(`/storyboards/${board.id}/render`, { version: 1 });
    expect(first.status).toBe(202);
    const firstState = await rendered(api, first.json<{ session_id: string }>().session_id);
    expect(firstState.storyboard_id).toBe(board.id);
    expect(await remainingVideos(api)).toBe(before - 1);
    const firstClips = await clips(user.id, board.id);
    expect(firstClips.keys).toHaveLength(board.scenes.length);
    for (const key of firstClips.keys) expect(await firstClips.stored(key)).toBe(true);
    const used = (await api.get('/subscriptions/dashboard')).json<{ storage_used_bytes: number }>();

    const after = storyboardSchema.parse((await api.get(`/storyboards/${board.id}`)).json());
    expect(after).toMatchObject({ status: 'rendered', rendered_version: 1, video_id: firstState.video_id });
    // The draft shows its captions in the picture: a player must not repeat them as a track.
    expect(board.captions.enabled).toBe(true);
    expect(after.video_captions_in_picture).toBe(true);
    const listed = (await api.get('/videos')).json<{
      videos: { id: string; captions_in_picture: boolean }[];
    }>();
    expect(listed.videos.find((entry) => entry.id === firstState.video_id)?.captions_in_picture).toBe(true);
    const narration = 'Snow slides off a pine branch as the fox looks back once more.';
    const saved = storyboardSchema.parse(
      (
        await put(
          api,
          board.id,
          edited(after, (b) => ({
            scenes: [b.scenes[0]!, { ...b.scenes[1]!, narration }, ...b.scenes.slice(2)],
          })),
        )
      ).json(),
    );
    expect(saved.pending_render).toEqual({ scene_ids: [saved.scenes[1]!.id], videos_cost: 0 });
    const second = await api.postJson(`/storyboards/${board.id}/render`, { version: saved.version });
    expect(second.status).toBe(202);
    const secondState = await rendered(api, second.json<{ session_id: string }>().session_id);
    expect(await remainingVideos(api)).toBe(before - 1);
    // The edited scene's old clip is dropped, its new one kept beside the others.
    const secondClips = await clips(user.id, board.id);
    expect(secondClips.keys.filter((key) => !firstClips.keys.includes(key))).toHaveLength(1);
    for (const key of secondClips.keys) expect(await secondClips.stored(key)).toBe(true);
    expect(await secondClips.stored(firstClips.keys[1]!)).toBe(false);
    const vtt = await api.get(`/videos/${secondState.video_id}/captions.vtt`);
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get('content-type')).toMatch(/^text\/vtt/);
    expect(vtt.body.toString()).toContain('Snow slides off');
    const srt = await api.get(`/videos/${secondState.video_id}/captions.srt`);
    expect(srt.body.toString()).toMatch(/^1\r?\n00:00:0/);
    // The video records where it came from, and the clips count against the storage allowance.
    const video = (await api.get('/videos')).json<{ videos: { id: string; storyboard_id: string }[] }>();
    expect(video.videos.find((entry) => entry.id === secondState.video_id)?.storyboard_id).toBe(board.id);
    expect(used.storage_used_bytes).toBeGreaterThan(100_000);
    const stranger = await signedIn(server);
    expect((await stranger.api.get(`/videos/${secondState.video_id}/captions.vtt`)).status).toBe(404);
  });
  it("keeps an image video's picture format and project type when one of its scenes is edited", async () => {
    const { api } = await signedIn(server);
    const photos = await Promise.all([320, 400, 480].map((height) => testImage('png', 640, height)));
    const started = await api.postForm(
      '/image-to-video/sessions',
      formData(
        {
          prompt: 'Our summer road trip along the coast',
          source: 'image-to-video',
          extra_params: JSON.stringify({
            quality: 'hd',
            mode: 'cinematic',
            aspect_ratio: '16:9',
            duration: 15,
          }),
          seed: 5,
        },
        photos.map((data, index) => ({
          name: 'files',
          data,
          filename: `coast-${index}.png`,
          type: 'image/png',
        })),
      ),
    );
    expect(started.status).toBe(201);
    const first = await rendered(api, started.json<{ session_id: string }>().session_id);
    const board = storyboardSchema.parse((await api.get(`/storyboards/${first.storyboard_id}`)).json());
    expect(board.scenes.length).toBeGreaterThanOrEqual(3);
    const saved = storyboardSchema.parse(
      (
        await put(
          api,
          board.id,
          edited(board, (b) => ({
            scenes: [
              { ...b.scenes[0]!, narration: 'The road bends along the cliffs above the sea.' },
              ...b.scenes.slice(1),
            ],
          })),
        )
      ).json(),
    );
    // Only the edited scene renders again: the others' HD clips are still good.
    expect(saved.pending_render.scene_ids).toEqual([saved.scenes[0]!.id]);
    const again = await api.postJson(`/storyboards/${board.id}/render`, { version: saved.version });
    expect(again.status).toBe(202);
    const second = await rendered(api, again.json<{ session_id: string }>().session_id);
    expect(second.project_type).toBe('image-to-video');
    const [video] = await server.platform.database.orm
      .select()
      .from(videos)
      .where(eq(videos.id, second.video_id!));
    expect(video).toMatchObject({ projectType: 'image-to-video', height: 1080 });
  });
});
