import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  deckSchema,
  slidesVideoEstimateSchema,
  slidesVideoSessionSchema,
  storyboardSchema,
  type Deck,
} from '@reelcraft/contract';
import { deckErrors } from '../../../src/media/deck-import';
import { probeMedia } from '../../../src/media/media-probe';
import { apiClient, formData, type ApiClient } from '../../helpers/api-client';
import { describeEachDatabase, describeHeavy } from '../../helpers/each-database';
import { waitFor } from '../../helpers/processes';
import { makeTempDir, startTestServer, type TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';
import {
  FIXTURE_SLIDES,
  makePdf,
  makePptx,
  makeTextRunsPptx,
  makeUnreferencedPartsPptx,
  type FixtureSlide,
} from '../../fixtures/decks';
import { testImage } from '../../fixtures/test-images';

const run = promisify(execFile);
const PPTX_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

async function signedIn(server: TestServer) {
  const { user, token } = await createUserWithToken(server.platform);
  return { user, api: apiClient(server, token) };
}

const upload = (api: ApiClient, data: Buffer, filename: string, type: string) =>
  api.postForm('/ppt-to-video/decks', formData({}, [{ name: 'file', data, filename, type }]));

async function imported(api: ApiClient, data: Buffer, filename: string, type: string): Promise<Deck> {
  const answer = await upload(api, data, filename, type);
  expect(answer.status).toBe(202);
  const { deck_id } = deckSchema.parse(answer.json());
  return waitFor(
    async () => {
      const deck = deckSchema.parse((await api.get(`/ppt-to-video/decks/${deck_id}`)).json());
      return deck.status === 'processing' ? undefined : deck;
    },
    `the import of ${filename}`,
    120_000,
  );
}

let pptx: Buffer;
let pdf: Buffer;
beforeAll(async () => {
  [pptx, pdf] = await Promise.all([makePptx(), makePdf()]);
});

describeEachDatabase('slide decks', { listen: true, work: true }, (server) => {
  it('imports a PowerPoint deck: each slide as a 1920 px image, its text, notes and a narration', async () => {
    const { api } = await signedIn(server());
    const deck = await imported(api, pptx, 'Q3 review.pptx', PPTX_TYPE);
    expect(deck).toMatchObject({
      status: 'ready',
      format: 'pptx',
      filename: 'Q3 review.pptx',
      progress: 100,
      error: null,
    });
    expect(deck.slides.map((slide) => slide.index)).toEqual([1, 2, 3]);
    for (const [offset, slide] of deck.slides.entries()) {
      const fixture = FIXTURE_SLIDES[offset]!;
      expect(slide.text.split('\n')).toEqual([fixture.title, ...fixture.bullets]);
      expect(slide.notes).toBe(fixture.notes ?? '');
    }
    // Notes are the narration when there are some; otherwise it is written from the slide.
    expect(deck.slides[0]!.narration).toBe(FIXTURE_SLIDES[0]!.notes);
    expect(deck.slides[1]!.narration).toBe(
      'Our new product. A lighter running shoe, and made from recycled plastic.',
    );
    const { pathname, search } = new URL(deck.slides[0]!.image_url, server().baseUrl);
    const image = await fetch(`${server().baseUrl}${pathname}${search}`);
    expect(image.status).toBe(200);
    const metadata = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 1920 });
    // A 16:9 page, give or take LibreOffice's rounding of inches to pixels.
    expect(Math.abs((metadata.height ?? 0) - 1080)).toBeLessThanOrEqual(2);
  });

  it('imports a PDF printed by Chromium: its pages, their text and narrations', async () => {
    const { api } = await signedIn(server());
    const deck = await imported(api, pdf, 'deck.pdf', 'application/pdf');
    expect(deck).toMatchObject({ status: 'ready', format: 'pdf' });
    expect(deck.slides).toHaveLength(3);
    expect(deck.slides[2]).toMatchObject({
      text: 'Next steps\nHire ten engineers\nLaunch in Spain',
      notes: '',
      narration: 'Next steps. Hire ten engineers, and launch in Spain.',
    });
  });

  it('refuses what is not a readable deck, with a clear reason, and keeps serving', async () => {
    const { api } = await signedIn(server());
    const picture = await upload(api, await testImage('png'), 'slides.pdf', 'application/pdf');
    expect(picture.status).toBe(422);
    expect(picture.json()).toMatchObject({ detail: deckErrors.notPresentation });
    // An encrypted PowerPoint (or an old .ppt) is an OLE container, not a zip.
    const ole = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(4096),
    ]);
    const locked = await upload(api, ole, 'locked.pptx', PPTX_TYPE);
    expect(locked.status).toBe(422);
    expect(locked.json()).toMatchObject({ detail: deckErrors.oldPowerPoint });
    expect((await api.postForm('/ppt-to-video/decks', formData({}, []))).status).toBe(400);

    const corrupt = await imported(api, pdf.subarray(0, 600), 'cut.pdf', 'application/pdf');
    expect(corrupt).toMatchObject({ status: 'failed', error: deckErrors.unreadable, slides: [] });

    const scratch = makeTempDir();
    await fs.mkdir(scratch, { recursive: true });
    await fs.writeFile(path.join(scratch, 'open.pdf'), pdf);
    await run('qpdf', [
      '--encrypt',
      'secret',
      'secret',
      '256',
      '--',
      path.join(scratch, 'open.pdf'),
      path.join(scratch, 'locked.pdf'),
    ]);
    const encrypted = await imported(
      api,
      await fs.readFile(path.join(scratch, 'locked.pdf')),
      'locked.pdf',
      'application/pdf',
    );
    expect(encrypted).toMatchObject({ status: 'failed', error: deckErrors.encrypted });
    await fs.rm(scratch, { recursive: true, force: true });

    const many: FixtureSlide[] = Array.from({ length: 101 }, (_, index) => ({
      title: `Slide ${index + 1}`,
      bullets: [],
    }));
    const tooMany = await imported(api, await makePdf(many), 'long.pdf', 'application/pdf');
    expect(tooMany).toMatchObject({ status: 'failed', error: deckErrors.tooManySlides(100) });
    expect((await api.get('/health')).status).toBe(200);
  });

  it('refuses hostile decks with the reason while /auth/me keeps answering within a second (issue 37)', async () => {
    const { api } = await signedIn(server());
    const other = await signedIn(server());
    // 94 KB whose two slides unpack to 19 MB of `<a:t>x</a:t>` each; 0.8 MB with 40 parts of 19 MB
    // that nothing refers to. Made before the timing starts: making them takes this process a while.
    const [textRuns, unreferenced] = await Promise.all([makeTextRunsPptx(), makeUnreferencedPartsPptx()]);
    expect(textRuns.length).toBeLessThan(100 * 1024);
    expect(unreferenced.length).toBeLessThan(1024 * 1024);

    // Another user's /auth/me, called again and again during the uploads and the import: the one
    // timed assertion issue 37 asks for. Each is timed from when it was due (a pause of 50 ms
    // before it), so an event loop blocked in between counts too: the server runs in this process.
    const latencies: number[] = [];
    let calling = true;
    const callingMe = (async () => {
      while (calling) {
        const due = performance.now() + 50;
        await sleep(50);
        const answer = await other.api.get('/auth/me');
        latencies.push(performance.now() - due);
        expect(answer.status).toBe(200);
      }
    })();
    const answeredWithinASecond = () => expect(Math.max(0, ...latencies)).toBeLessThan(1000);

    try {
      // The text runs: read in the deck worker, refused by the text of slide 1.
      const accepted = await upload(api, textRuns, 'text runs.pptx', PPTX_TYPE);
      expect(accepted.status).toBe(202);
      const { deck_id } = deckSchema.parse(accepted.json());
      const refused = await waitFor(
        async () => {
          answeredWithinASecond();
          const deck = deckSchema.parse((await api.get(`/ppt-to-video/decks/${deck_id}`)).json());
          return deck.status === 'processing' ? undefined : deck;
        },
        'the import of the hostile deck',
        120_000,
      );
      expect(refused).toMatchObject({
        status: 'failed',
        error: deckErrors.tooMuchText(1, 20_000),
        slides: [],
      });

      // The unreferenced parts: refused at the upload, by what the file says it unpacks to.
      const tooLarge = await upload(api, unreferenced, 'parts.pptx', PPTX_TYPE);
      expect(tooLarge.status).toBe(422);
      expect(tooLarge.json()).toMatchObject({ detail: deckErrors.tooLarge });
      await sleep(500);
    } finally {
      calling = false;
      await callingMe;
    }
    expect(latencies.length).toBeGreaterThan(3);
    answeredWithinASecond();
  });

  it("keeps decks apart: another user's deck answers 404", async () => {
    const owner = await signedIn(server());
    const other = await signedIn(server());
    const answer = await upload(owner.api, pdf, 'deck.pdf', 'application/pdf');
    const { deck_id } = deckSchema.parse(answer.json());
    const foreign = await other.api.get(`/ppt-to-video/decks/${deck_id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.json()).toMatchObject({ detail: 'Deck not found' });
    const start = await other.api.postJson('/ppt-to-video/sessions', {
      deck_id,
      slides: [{ index: 1, narration: 'Hi' }],
    });
    expect(start.status).toBe(404);
    const estimate = await other.api.postJson('/ppt-to-video/estimate', {
      deck_id,
      slides: [{ index: 1, narration: 'Hi' }],
    });
    expect(estimate.status).toBe(404);
    expect((await apiClient(server()).get(`/ppt-to-video/decks/${deck_id}`)).status).toBe(401);
    expect((await owner.api.get('/ppt-to-video/capabilities')).json()).toEqual({
      pdf: true,
      pptx: true,
      missing: [],
      message: null,
    });
  });
});

describeEachDatabase(
  'slide decks without LibreOffice',
  { listen: true, work: false, env: { SOFFICE_PATH: '/nonexistent/soffice' } },
  (server) => {
    it('says what to install, refuses PowerPoint files and still takes PDFs', async () => {
      const { api } = await signedIn(server());
      const capabilities = (await api.get('/ppt-to-video/capabilities')).json<{ message: string }>();
      expect(capabilities).toMatchObject({ pdf: true, pptx: false, missing: ['libreoffice-impress'] });
      expect(capabilities.message).toContain('apt-get install libreoffice-impress');
      const refused = await upload(api, pptx, 'deck.pptx', PPTX_TYPE);
      expect(refused.status).toBe(503);
      expect(refused.json()).toMatchObject({ detail: capabilities.message });
      expect((await upload(api, pdf, 'deck.pdf', 'application/pdf')).status).toBe(202);
    });
  },
);

describeHeavy('a slides video, rendered offline', () => {
  let server: TestServer;
  const scratch = makeTempDir();
  beforeAll(async () => {
    server = await startTestServer({ listen: true });
  });
  afterAll(async () => {
    await server?.close();
    await fs.rm(scratch, { recursive: true, force: true });
  });

  it('renders the kept slides in the chosen order with narration, in the chosen shape, into My Projects', async () => {
    const { api } = await signedIn(server);
    const other = await signedIn(server);
    const before = (await api.get('/user/video-count')).json<{ remaining_videos: number }>().remaining_videos;
    const deck = await imported(api, pptx, 'Launch plan.pptx', PPTX_TYPE);
    // Slide 2 (light) first with an edited narration, then slide 1 (dark) silent; slide 3 left out.
    const started = await api.postJson('/ppt-to-video/sessions', {
      deck_id: deck.deck_id,
      slides: [
        { index: 2, narration: 'Meet our lightest running shoe yet.' },
        { index: 1, narration: '' },
      ],
      voice_id: 'josh',
      aspect_ratio: '9:16',
      music: true,
    });
    expect(started.status).toBe(201);
    const { session_id } = started.json<{ session_id: string }>();
    expect((await other.api.get(`/ppt-to-video/sessions/${session_id}`)).status).toBe(404);
    const session = await waitFor(
      async () => {
        const state = slidesVideoSessionSchema.parse(
          (await api.get(`/ppt-to-video/sessions/${session_id}`)).json(),
        );
        return state.status === 'processing' ? undefined : state;
      },
      'the slides video',
      180_000,
    );
    expect(session).toMatchObject({ status: 'completed', progress: 100, error: null });

    const file = path.join(scratch, 'slides.mp4');
    const { pathname, search } = new URL(session.final_video_url!, server.baseUrl);
    await fs.writeFile(
      file,
      Buffer.from(await (await fetch(`${server.baseUrl}${pathname}${search}`)).arrayBuffer()),
    );
    const probe = await probeMedia(server.providers.mediaTools, file);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 720, height: 1280 });
    expect(probe.audio?.codec).toBe('aac');
    // Narration (about 2 s) and its pauses, then the silent slide's 3 s.
    expect(probe.durationSeconds).toBeGreaterThan(5);
    expect(probe.durationSeconds).toBeLessThan(9);

    // One section per slide: the light slide first, the dark one at the end.
    const brightness = async (seconds: number) => {
      const frame = path.join(scratch, `frame-${seconds}.png`);
      await run(server.providers.mediaTools.ffmpeg.command, [
        '-loglevel',
        'error',
        '-y',
        '-ss',
        String(seconds),
        '-i',
        file,
        '-frames:v',
        '1',
        frame,
      ]);
      const stats = await sharp(frame).greyscale().stats();
      return stats.channels[0]!.mean;
    };
    const end = probe.durationSeconds ?? 6;
    expect(await brightness(1)).toBeGreaterThan((await brightness(end - 1.2)) + 40);

    const listed = (await api.get('/videos')).json<{ videos: { title: string; project_type: string }[] }>();
    expect(listed.videos).toEqual([
      expect.objectContaining({ title: 'Launch plan', project_type: 'slides' }),
    ]);
    expect((await api.get('/user/video-count')).json()).toMatchObject({ remaining_videos: before - 1 });

    // The slides became a storyboard (issue 31): one scene per slide, editable, and the captions
    // are the narration as said.
    const [made] = (await api.get('/videos')).json<{ videos: { id: string; storyboard_id: string }[] }>()
      .videos;
    const board = storyboardSchema.parse((await api.get(`/storyboards/${made!.storyboard_id}`)).json());
    expect(board.scenes.map((scene) => [scene.narration, scene.duration_fixed])).toEqual([
      ['Meet our lightest running shoe yet.', false],
      ['', true],
    ]);
    expect(board).toMatchObject({ status: 'rendered', voice_id: 'josh', aspect_ratio: '9:16' });
    const captions = await api.get(`/videos/${made!.id}/captions.srt`);
    expect(captions.body.toString()).toContain('Meet our lightest');
  });

  it('estimates the length the video renders to, and says month names as names (issue 36 item 9)', async () => {
    const { api } = await signedIn(server);
    const deck = await imported(
      api,
      await makePptx([
        {
          title: 'Quarterly results',
          bullets: ['Revenue grew 24 percent'],
          notes:
            'Welcome everyone. In 2024 our revenue grew 24% to 3,450,000 dollars across 37 countries, and churn fell to 2.5%.',
        },
        {
          title: 'Timeline',
          bullets: ['September: private beta', 'October: launch in Spain', 'November: first 1,000 customers'],
        },
        { title: 'Thank you', bullets: [], notes: 'Thank you. Questions are welcome, now or by email.' },
        { title: 'Appendix', bullets: [] },
      ]),
      'Results.pptx',
      PPTX_TYPE,
    );
    // The narration written from the slide keeps the months' capitals, and so do the captions.
    expect(deck.slides[1]!.narration).toBe(
      'Timeline. September: private beta, October: launch in Spain, and November: first 1,000 customers.',
    );
    const body = {
      deck_id: deck.deck_id,
      slides: [
        ...deck.slides.slice(0, 3).map((slide) => ({ index: slide.index, narration: slide.narration })),
        { index: 4, narration: '' },
      ],
      voice_id: 'arnold',
      aspect_ratio: '16:9',
      music: false,
    };
    const estimate = await api.postJson('/ppt-to-video/estimate', body);
    expect(estimate.status).toBe(200);
    const { duration_seconds: estimated, slides } = slidesVideoEstimateSchema.parse(estimate.json());
    // Each slide's part, the silent one its 3 s.
    expect(slides.map((slide) => slide.index)).toEqual([1, 2, 3, 4]);
    expect(slides[3]!.duration_seconds).toBe(3);
    expect(slides.reduce((sum, slide) => sum + slide.duration_seconds, 0)).toBeCloseTo(estimated, 0);

    const started = await api.postJson('/ppt-to-video/sessions', body);
    expect(started.status).toBe(201);
    const { session_id } = started.json<{ session_id: string }>();
    const session = await waitFor(
      async () => {
        const state = slidesVideoSessionSchema.parse(
          (await api.get(`/ppt-to-video/sessions/${session_id}`)).json(),
        );
        return state.status === 'processing' ? undefined : state;
      },
      'the slides video',
      180_000,
    );
    expect(session).toMatchObject({ status: 'completed', error: null });
    const file = path.join(scratch, 'estimated.mp4');
    const { pathname, search } = new URL(session.final_video_url!, server.baseUrl);
    await fs.writeFile(
      file,
      Buffer.from(await (await fetch(`${server.baseUrl}${pathname}${search}`)).arrayBuffer()),
    );
    const rendered = (await probeMedia(server.providers.mediaTools, file)).durationSeconds!;
    // Four slides, about 27 s (counting words at 2.6 a second said 21 s): within 10 % of ffprobe's.
    expect(rendered).toBeGreaterThan(15);
    expect(
      Math.abs(estimated - rendered) / rendered,
      `estimated ${estimated} s, rendered ${rendered} s`,
    ).toBeLessThan(0.1);

    const [made] = (await api.get('/videos')).json<{ videos: { id: string }[] }>().videos;
    const captions = (await api.get(`/videos/${made!.id}/captions.srt`)).body.toString();
    expect(captions).toMatch(/October/);
    expect(captions).not.toMatch(/october/);
  });
});
