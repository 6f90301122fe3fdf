import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { parseSync } from 'subtitle';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  generationStateSchema,
  storyboardSchema,
  studioJobSchema,
  type Storyboard,
  type StoryboardContent,
  type StudioJob,
  type UploadAnswer,
} from '@reelcraft/contract';
import { storyboards, storyboardVersions, studioSteps, videos } from '../../../src/db-schema';
import { probeMedia } from '../../../src/media/media-probe';
import { runProcess } from '../../../src/media/process-runner';
import { candidateStoryboardId } from '../../../src/modules/studio/studio-storyboard-content';
import { sceneKeysOf } from '../../../src/providers/video/storyboard-scenes';
import { apiClient, formData, type ApiClient } from '../../helpers/api-client';
import { describeHeavy } from '../../helpers/each-database';
import { waitFor } from '../../helpers/processes';
import { makeTempDir, startTestServer, type TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';
import { testImage, toneWav } from '../../fixtures/test-images';
import { readEvents } from './read-events';

const JOB = '/studio/veo/jobs';
const PROMPT = 'A friendly woman in a sunny kitchen, every detail worth a second look';
const CREATE = { prompt: PROMPT, duration_seconds: 3, aspect: '16:9', fps: 24, seed: 21 } as const;
const CHOSEN = 'candidate-2';
const SCRIPT = 'Our mugs are made by hand. Each one keeps your coffee warm, from the first sip to the last.';
const FPS = 24;
const WIDTH = 1280;
const HEIGHT = 720;
/** The frame's lower part, where every caption card sits. */
const BAND_TOP = Math.round(HEIGHT * 0.7);

const words = (text: string) => text.toLowerCase().match(/[a-z']+/g) ?? [];

interface Walked {
  jobId: string;
  /** The delivered video's id, and the video, the chosen candidate's preview, downloaded. */
  videoId: string;
  exported: string;
  preview: string;
}

/*
 * AI Studio offline (issue 31): each candidate is one of the user's storyboards, and a typed
 * voiceover's export is the chosen one narrated with its words, rendered by the storyboard renderer,
 * so its captions say what the voice says and the video opens in the storyboard editor.
 */
describeHeavy('a studio export made from its storyboard', () => {
  let server: TestServer;
  let api: ApiClient;
  let token: string;
  let userId: string;
  let subject: Buffer;
  let subjectUri: string;
  const scratch = makeTempDir();

  const download = async (url: string, name: string): Promise<string> => {
    const { pathname, search } = new URL(url, server.baseUrl);
    const answer = await fetch(`${server.baseUrl}${pathname}${search}`);
    expect(answer.status).toBe(200);
    const file = path.join(scratch, name);
    await fs.writeFile(file, Buffer.from(await answer.arrayBuffer()));
    return file;
  };

  const jobState = async (jobId: string): Promise<StudioJob> =>
    studioJobSchema.parse((await api.get(`${JOB}/${jobId}`)).json());

  /** Creates a job, picks the candidate, gives it a voiceover and exports it. */
  async function walk(name: string, voiceover: (jobId: string) => Promise<void>): Promise<Walked> {
    const created = await api.postJson(JOB, { ...CREATE, subject_refs: [subjectUri] });
    expect(created.status).toBe(201);
    const { job_id: jobId } = created.json<{ job_id: string }>();
    await readEvents(
      server,
      token,
      jobId,
      (event) => event.type === 'state' && ['CANDIDATES_READY', 'FAILED'].includes(event.status),
    );
    expect((await api.postJson(`${JOB}/${jobId}/select`, { candidate_id: CHOSEN })).status).toBe(200);
    await voiceover(jobId);
    expect((await api.postJson(`${JOB}/${jobId}/lipsync`, {})).status).toBe(202);
    const job = await waitFor(
      async () => {
        const state = await jobState(jobId);
        return state.status === 'COMPLETE' || state.error ? state : undefined;
      },
      'the export',
      240_000,
    );
    expect(job).toMatchObject({ status: 'COMPLETE', error: null });
    const candidate = job.candidates.find((item) => item.id === CHOSEN)!;
    const final = job.assets.find((asset) => 'video_id' in asset.metadata)!;
    return {
      jobId,
      videoId: String(final.metadata.video_id),
      exported: await download(job.final_video_url!, `${name}-export.mp4`),
      preview: await download(candidate.preview_url, `${name}-preview.mp4`),
    };
  }

  /** Frames `numbers` of a video as raw RGB. */
  async function frames(file: string, numbers: readonly number[]): Promise<Buffer[]> {
    const dir = await fs.mkdtemp(path.join(scratch, 'frames-'));
    const pick = numbers.map((n) => `eq(n\\,${n})`).join('+');
    await runProcess(
      server.providers.mediaTools.ffmpeg.command,
      [
        '-nostdin',
        '-v',
        'error',
        '-i',
        file,
        '-vf',
        `select=${pick}`,
        '-vsync',
        '0',
        path.join(dir, '%03d.png'),
      ],
      { label: 'frames' },
    );
    const names = (await fs.readdir(dir)).sort();
    expect(names).toHaveLength(numbers.length);
    return Promise.all(names.map((name) => sharp(path.join(dir, name)).removeAlpha().raw().toBuffer()));
  }

  /** Share of the caption band's pixels that differ clearly (not encoding noise) between two frames. */
  function bandDifference(a: Buffer, b: Buffer): number {
    let differing = 0;
    const from = BAND_TOP * WIDTH * 3;
    for (let i = from; i < a.length; i += 3) {
      const delta = Math.max(
        Math.abs(a[i]! - b[i]!),
        Math.abs(a[i + 1]! - b[i + 1]!),
        Math.abs(a[i + 2]! - b[i + 2]!),
      );
      if (delta > 40) differing += 1;
    }
    return differing / ((a.length - from) / 3);
  }

  /** The storyboard a video opens in the editor with (My Projects' Edit). */
  const editorStoryboard = async (videoId: string): Promise<Storyboard> => {
    const answer = await api.postJson(`/videos/${videoId}/storyboard`, {});
    expect(answer.status).toBe(200);
    return storyboardSchema.parse(answer.json());
  };

  /** The export's storyboard rendered again by the provider with its captions off: the bare pictures. */
  async function captionFreeRender(board: Storyboard): Promise<string> {
    const [row] = await server.platform.database.orm
      .select()
      .from(storyboards)
      .where(eq(storyboards.id, board.id));
    const content: StoryboardContent = {
      ...row!.content,
      captions: { ...row!.content.captions, enabled: false },
    };
    const clipDir = await fs.mkdtemp(path.join(scratch, 'clips-'));
    const format = { quality: 'standard', fps: FPS } as const;
    const rendered = await server.providers.video.fromStoryboard({
      storyboard: content,
      seed: row!.seed,
      ...format,
      images: { [subjectUri]: subject },
      voice: { voiceId: content.voice_id! },
      sceneKeys: sceneKeysOf(content, row!.seed, format),
      clipDir,
    });
    const file = path.join(scratch, 'caption-free.mp4');
    await fs.copyFile(rendered.path, file);
    await rendered.release();
    return file;
  }

  let typed: Walked;
  let recorded: Walked;

  beforeAll(async () => {
    server = await startTestServer({ listen: true });
    subject = await testImage('jpeg', 640, 480, { hue: 10 });
    const user = await createUserWithToken(server.platform);
    ({ token } = user);
    userId = user.user.id;
    api = apiClient(server, token);
    const upload = await api.postForm(
      '/upload/signed-url',
      formData({ source: 'ai-studio' }, [
        { name: 'files', data: subject, filename: 'subject.jpg', type: 'image/jpeg' },
      ]),
    );
    const image = upload.json<UploadAnswer>().images[0]!;
    subjectUri = image.gcs_uri;
    // The bytes the server keeps (it may re-encode what was sent): the reference renders from them.
    subject = await fs.readFile(await download(image.signed_url, 'subject.jpg'));
    typed = await walk('typed', async (jobId) => {
      const spoken = await api.postJson(`${JOB}/${jobId}/voiceover`, { text: SCRIPT, voice_id: 'adam' });
      expect(spoken.status).toBe(200);
    });
    recorded = await walk('recorded', async (jobId) => {
      const take = await api.postForm(
        `${JOB}/${jobId}/voiceover/recorded`,
        formData({}, [{ name: 'audio_file', data: toneWav(3.5), filename: 'take.wav', type: 'audio/wav' }]),
      );
      expect(take.status).toBe(200);
    });
  }, 600_000);
  afterAll(async () => {
    await server?.close();
    await fs.rm(scratch, { recursive: true, force: true });
  });

  it("writes each candidate as one of the user's storyboards: silent, as long as asked, each its own seed, the subject photo in turns", async () => {
    const { orm } = server.platform.database;
    const boards = await Promise.all(
      [1, 2, 3, 4].map(async (n) => {
        const id = candidateStoryboardId(typed.jobId, `candidate-${n}`);
        const [row] = await orm.select().from(storyboards).where(eq(storyboards.id, id));
        const [first] = await orm
          .select()
          .from(storyboardVersions)
          .where(and(eq(storyboardVersions.storyboardId, id), eq(storyboardVersions.version, 1)));
        return { row: row!, first: first!.content };
      }),
    );
    expect(new Set(boards.map((board) => board.row.seed)).size).toBe(4);
    for (const { row, first } of boards) {
      expect(row).toMatchObject({ userId, prompt: PROMPT });
      expect(first.voice_id).toBeNull();
      expect(first.scenes.reduce((sum, scene) => sum + scene.duration_seconds, 0)).toBeCloseTo(3, 5);
      expect(first.scenes.every((scene) => scene.duration_fixed)).toBe(true);
    }
    const showsPhoto = (content: StoryboardContent, scene: number) =>
      content.scenes[scene]!.visual.subjects.some(
        (item) => item.kind === 'image' && item.image_url === subjectUri,
      );
    expect(showsPhoto(boards[0]!.first, 0)).toBe(true);
    expect(showsPhoto(boards[1]!.first, 0)).toBe(false);
    expect(showsPhoto(boards[1]!.first, 1)).toBe(true);
    // Another user's storyboard, as any: not found.
    const stranger = apiClient(server, (await createUserWithToken(server.platform)).token);
    expect((await stranger.get(`/storyboards/${boards[0]!.row.id}`)).status).toBe(404);
  });

  it("delivers the typed export linked to the chosen storyboard, narrated with the voiceover's words in order", async () => {
    const board = await editorStoryboard(typed.videoId);
    expect(board.id).toBe(candidateStoryboardId(typed.jobId, CHOSEN));
    expect(board.scenes.map((scene) => scene.narration).join(' ')).toBe(SCRIPT);
    expect(board).toMatchObject({
      voice_id: 'adam',
      status: 'rendered',
      video_id: typed.videoId,
      rendered_version: board.version,
      pending_render: { scene_ids: [], videos_cost: 0 },
    });
    const listed = (await api.get('/videos')).json<{
      videos: { id: string; storyboard_id: string | null }[];
    }>();
    expect(listed.videos.find((video) => video.id === typed.videoId)?.storyboard_id).toBe(board.id);
    // A recording's words are unknown: its export is the clip as it was, with no storyboard of its own.
    expect(listed.videos.find((video) => video.id === recorded.videoId)?.storyboard_id).toBeNull();
  });

  it("serves the voiceover's words as the export's captions, each cue while its words are said", async () => {
    const vtt = await api.get(`/videos/${typed.videoId}/captions.vtt`);
    expect(vtt.status).toBe(200);
    const cues = parseSync(vtt.body.toString()).flatMap((node) => (node.type === 'cue' ? [node.data] : []));
    expect(words(cues.map((cue) => cue.text).join(' '))).toEqual(words(SCRIPT));
    const exported = await probeMedia(server.providers.mediaTools, typed.exported);
    cues.forEach((cue, index) => {
      expect(cue.end).toBeGreaterThan(cue.start);
      if (index > 0) expect(cue.start).toBeGreaterThanOrEqual(cues[index - 1]!.end);
    });
    expect(cues.at(-1)!.end / 1000).toBeLessThanOrEqual(exported.durationSeconds!);
    // Each cue's window holds a voice: the export's sound is loud there.
    const pcm = path.join(scratch, 'typed.pcm');
    await runProcess(
      server.providers.mediaTools.ffmpeg.command,
      ['-nostdin', '-v', 'error', '-i', typed.exported, '-ac', '1', '-ar', '8000', '-f', 'f32le', pcm],
      { label: 'audio' },
    );
    const raw = await fs.readFile(pcm);
    const samples = new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4);
    for (const cue of cues) {
      const window = samples.subarray(
        Math.round((cue.start / 1000) * 8000),
        Math.round((cue.end / 1000) * 8000),
      );
      const peak = window.reduce((max, x) => Math.max(max, Math.abs(x)), 0);
      expect(peak, cue.text).toBeGreaterThan(0.1);
    }
    expect((await api.get(`/videos/${recorded.videoId}/captions.vtt`)).status).toBe(404);
  });

  it("shows the voiceover's captions only while they are said, and a recording's export shows none", async () => {
    const board = await editorStoryboard(typed.videoId);
    const vtt = (await api.get(`/videos/${typed.videoId}/captions.vtt`)).body.toString();
    const cues = parseSync(vtt).flatMap((node) => (node.type === 'cue' ? [node.data] : []));
    const cleanFile = await captionFreeRender(board);
    const clean = await probeMedia(server.providers.mediaTools, cleanFile);
    const total = Math.floor(clean.durationSeconds! * FPS) - 1;
    const at = (n: number) => (n / FPS) * 1000;
    const inside = (n: number) => cues.some((cue) => cue.start + 60 <= at(n) && at(n) <= cue.end - 60);
    const clear = (n: number) => !cues.some((cue) => cue.start - 40 <= at(n) && at(n) <= cue.end + 40);
    // Every fourth frame, and every frame between the phrases (the scenes' lead-ins).
    const sampled = Array.from({ length: total }, (_, n) => n).filter(
      (n) => n % 4 === 2 || (clear(n) && n % 2 === 0),
    );
    const [bare, exported] = await Promise.all([frames(cleanFile, sampled), frames(typed.exported, sampled)]);
    let shown = 0;
    let bareFrames = 0;
    for (const [index, n] of sampled.entries()) {
      const difference = bandDifference(exported[index]!, bare[index]!);
      if (inside(n)) {
        shown += 1;
        expect(difference, `frame ${n} should show a caption`).toBeGreaterThan(0.01);
      } else if (clear(n)) {
        bareFrames += 1;
        // Re-encoding and 4:2:0 colour edges stay near 0.002; a caption is > 0.05.
        expect(difference, `frame ${n} should show none`).toBeLessThan(0.006);
      }
    }
    expect(shown).toBeGreaterThan(sampled.length / 2);
    expect(bareFrames).toBeGreaterThan(1);

    // A recorded voiceover: the chosen candidate's pictures as they are (it carries no captions).
    const clipFrames = Array.from(
      { length: (CREATE.duration_seconds * FPS) / 4 },
      (_, index) => index * 4 + 2,
    );
    const [preview, recordedFrames] = await Promise.all([
      frames(recorded.preview, clipFrames),
      frames(recorded.exported, clipFrames),
    ]);
    for (const [index, n] of clipFrames.entries())
      expect(bandDifference(recordedFrames[index]!, preview[index]!), `frame ${n}`).toBeLessThan(0.006);
  });

  it('renders one clip again when one scene of the export is edited in the storyboard editor', async () => {
    const board = await editorStoryboard(typed.videoId);
    expect(board.scenes.length).toBeGreaterThanOrEqual(2);
    const [before] = await server.platform.database.orm
      .select()
      .from(storyboards)
      .where(eq(storyboards.id, board.id));
    const narration = 'Every mug is glazed twice.';
    const saved = await api.request('PUT', `/storyboards/${board.id}`, {
      json: {
        title: board.title,
        aspect_ratio: board.aspect_ratio,
        voice_id: board.voice_id,
        music: board.music,
        captions: board.captions,
        language: board.language,
        scenes: board.scenes.map((scene, index) => (index === 1 ? { ...scene, narration } : scene)),
        version: board.version,
      },
    });
    expect(saved.status).toBe(200);
    const edited = storyboardSchema.parse(saved.json());
    expect(edited.pending_render).toEqual({ scene_ids: [board.scenes[1]!.id], videos_cost: 0 });
    const render = await api.postJson(`/storyboards/${board.id}/render`, { version: edited.version });
    expect(render.status).toBe(202);
    const sessionId = render.json<{ session_id: string }>().session_id;
    const state = await waitFor(
      async () => {
        const current = generationStateSchema.parse((await api.get(`/generations/${sessionId}`)).json());
        if (current.status === 'failed') throw new Error(`The render failed: ${current.error}`);
        return current.status === 'completed' ? current : undefined;
      },
      'the edited storyboard to render',
      240_000,
    );
    const [after] = await server.platform.database.orm
      .select()
      .from(storyboards)
      .where(eq(storyboards.id, board.id));
    const renderedAgain = after!.renderedSceneKeys.filter((key) => !before!.renderedSceneKeys.includes(key));
    expect(renderedAgain).toHaveLength(1);
    expect(after!.renderedSceneKeys).toHaveLength(before!.renderedSceneKeys.length);
    const vtt = (await api.get(`/videos/${state.video_id}/captions.vtt`)).body.toString();
    expect(vtt).toContain('Every mug is glazed');
    // The edited video is still the studio's project, as the export it was made from.
    const [exported] = await server.platform.database.orm
      .select()
      .from(videos)
      .where(eq(videos.id, typed.videoId));
    expect(state.project_type).toBe(exported!.projectType);
    const [lipsync] = await server.platform.database.orm
      .select()
      .from(studioSteps)
      .where(and(eq(studioSteps.jobId, typed.jobId), eq(studioSteps.type, 'lipsync')));
    expect((lipsync!.request as { storyboard: { id: string } }).storyboard.id).toBe(board.id);
    const [finished] = await server.platform.database.orm
      .select()
      .from(videos)
      .where(eq(videos.id, typed.videoId));
    expect(finished!.storyboardVersion).toBe(board.version);
  });
});
