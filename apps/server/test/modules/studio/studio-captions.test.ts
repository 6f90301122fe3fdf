import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { studioJobSchema, type StudioJob, type UploadAnswer } from '@reelcraft/contract';
import { studioSteps } from '../../../src/db-schema';
import { renderCaptionCard } from '../../../src/media/caption-cards';
import { probeMedia } from '../../../src/media/media-probe';
import { runProcess } from '../../../src/media/process-runner';
import { decodeWav } from '../../../src/media/wav';
import { voicedSpan } from '../../../src/media/word-timing';
import type { VoiceoverCaption } from '../../../src/providers';
import { captionCardWindows } from '../../../src/providers/lip-sync/voiceover-captions';
import { captionPhrases } from '../../../src/providers/video/scene-planner';
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

interface Walked {
  jobId: string;
  /** The delivered video, the chosen candidate's preview and the voiceover, downloaded. */
  exported: string;
  preview: string;
  voiceover: Buffer;
}

describeHeavy('the captions of a studio export', () => {
  let server: TestServer;
  let api: ApiClient;
  let token: string;
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
    return {
      jobId,
      exported: await download(job.final_video_url!, `${name}-export.mp4`),
      preview: await download(candidate.preview_url, `${name}-preview.mp4`),
      voiceover: await fs.readFile(await download(job.voiceover_audio_url!, `${name}-voiceover`)),
    };
  }

  /** The captions the export burned in, as its lip-sync step recorded them. */
  async function exportCaptions(jobId: string): Promise<VoiceoverCaption[]> {
    const [step] = await server.platform.database.orm
      .select()
      .from(studioSteps)
      .where(and(eq(studioSteps.jobId, jobId), eq(studioSteps.type, 'lipsync')));
    return (step?.request as { captions?: VoiceoverCaption[] }).captions ?? [];
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

  /** The chosen candidate rendered again by the provider, its caption cards left out. */
  async function captionFreeCandidate(): Promise<string> {
    const rendered = await server.providers.video.candidates({
      prompt: CREATE.prompt,
      durationSeconds: CREATE.duration_seconds,
      aspect: CREATE.aspect,
      fps: CREATE.fps,
      seed: CREATE.seed,
      subjectRefs: [subject],
      ids: [CHOSEN],
      captions: false,
    });
    const file = path.join(scratch, 'caption-free.mp4');
    await fs.copyFile(rendered.find((video) => video.id === CHOSEN)!.path, file);
    await Promise.all(rendered.map((video) => video.release()));
    return file;
  }

  let typed: Walked;
  let recorded: Walked;
  let cleanFile: string;

  beforeAll(async () => {
    server = await startTestServer({ listen: true });
    subject = await testImage('jpeg', 640, 480, { hue: 10 });
    ({ token } = await createUserWithToken(server.platform));
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
    cleanFile = await captionFreeCandidate();
  });
  afterAll(async () => {
    await server?.close();
    await fs.rm(scratch, { recursive: true, force: true });
  });

  it("burns in the typed voiceover's words, phrase by phrase, each while it is said", async () => {
    const captions = await exportCaptions(typed.jobId);
    expect(captions.map((caption) => caption.text)).toEqual(
      captionPhrases([
        'Our mugs are made by hand.',
        'Each one keeps your coffee warm, from the first sip to the last.',
      ]),
    );
    expect(captions.map((caption) => caption.text).join(' ')).toBe(SCRIPT);
    // In order, each word inside its phrase's window.
    captions.forEach((caption, index) => {
      expect(caption.end).toBeGreaterThan(caption.start);
      expect(caption.words).toHaveLength(caption.text.split(' ').length);
      expect(caption.words[0]!.start).toBeCloseTo(caption.start, 5);
      expect(caption.words.at(-1)!.end).toBeLessThanOrEqual(caption.end + 1e-6);
      if (index > 0) expect(caption.start).toBeGreaterThanOrEqual(captions[index - 1]!.end - 1e-6);
    });
    // Timed to the speech: the first caption comes with the first sound, the last word with the last.
    const audio = decodeWav(typed.voiceover);
    const voiced = voicedSpan(audio);
    expect(Math.abs(captions[0]!.start - voiced.start)).toBeLessThan(0.06);
    expect(Math.abs(captions.at(-1)!.words.at(-1)!.end - voiced.end)).toBeLessThan(0.06);
    // Each phrase's window holds its voice.
    for (const caption of captions) {
      const from = Math.round(caption.start * audio.sampleRate);
      const to = Math.round(caption.words.at(-1)!.end * audio.sampleRate);
      const peak = audio.channels[0]!.subarray(from, to).reduce((max, x) => Math.max(max, Math.abs(x)), 0);
      expect(peak, caption.text).toBeGreaterThan(0.1);
    }
    const exported = await probeMedia(server.providers.mediaTools, typed.exported);
    expect(captions.at(-1)!.end).toBeLessThanOrEqual(exported.durationSeconds!);
    // A recording's words are unknown: its export gets none.
    expect(await exportCaptions(recorded.jobId)).toEqual([]);
  });

  it("shows the voiceover's caption cards and not the candidate's: each frame is the caption-free candidate with only the card expected then", async () => {
    const captions = await exportCaptions(typed.jobId);
    const clipFrames = CREATE.duration_seconds * FPS;
    const sampled = Array.from({ length: clipFrames / 4 }, (_, index) => index * 4 + 2);
    const [clean, preview, exported, exportedRecorded] = await Promise.all([
      frames(cleanFile, sampled),
      frames(typed.preview, sampled),
      frames(typed.exported, sampled),
      frames(recorded.exported, sampled),
    ]);
    const windows = captionCardWindows(captions, FPS, clipFrames);
    let candidateCaptionFrames = 0;
    let voiceoverCardFrames = 0;
    for (const [index, n] of sampled.entries()) {
      const label = `frame ${n}`;
      // The candidate's own captions are on its preview (the check below would see them).
      if (bandDifference(preview[index]!, clean[index]!) > 0.01) candidateCaptionFrames += 1;
      // A recorded voiceover: the clip as it is, without any caption.
      expect(bandDifference(exportedRecorded[index]!, clean[index]!), label).toBeLessThan(0.002);
      const window = windows.find((item) => item.startFrame <= n && n < item.endFrame);
      let expected = clean[index]!;
      if (window) {
        voiceoverCardFrames += 1;
        const card = await renderCaptionCard({
          text: window.text,
          highlight: window.highlight,
          frameWidth: WIDTH,
          frameHeight: HEIGHT,
          fontFile: server.providers.captionFonts!.sansBold,
        });
        expected = await sharp(clean[index]!, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
          // ffmpeg places an overlay on 4:2:0 video at even coordinates.
          .composite([{ input: card.png, left: card.x & ~1, top: card.y & ~1 }])
          .removeAlpha()
          .raw()
          .toBuffer();
        // The card is really there: the frame is not the bare clip.
        expect(bandDifference(exported[index]!, clean[index]!), label).toBeGreaterThan(0.01);
      }
      // Re-encoding and 4:2:0 colour edges stay near 0.002; a caption the frame should not have is > 0.05.
      expect(bandDifference(exported[index]!, expected), label).toBeLessThan(0.006);
    }
    expect(candidateCaptionFrames).toBeGreaterThan(2);
    expect(voiceoverCardFrames).toBeGreaterThan(sampled.length / 2);
  });
});
