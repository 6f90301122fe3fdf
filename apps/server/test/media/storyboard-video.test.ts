import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { parseSync } from 'subtitle';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StoryboardContent } from '@reelcraft/contract';
import { captionsFile } from '../../src/modules/storyboards/captions-files';
import { findCaptionFonts } from '../../src/media/font-files';
import { createLocalVideoProvider } from '../../src/providers/video/local-video-provider';
import { captionPhrases } from '../../src/providers/video/scene-planner';
import { sceneKeysOf, STORYBOARD_FORMAT } from '../../src/providers/video/storyboard-scenes';
import type { SceneFootage, SceneFootageRequest } from '../../src/providers/video/storyboard-renderer';
import type { StoryboardRenderedVideo } from '../../src/providers';
import { writeStoryboardDraft } from '../../src/providers/storyboard-drafts';
import { describeHeavy } from '../helpers/each-database';
import { createTestProviders, frameHashes, probe, tools, voicedSeconds } from './media-test-kit';

type TestProviders = Awaited<ReturnType<typeof createTestProviders>>;
const run = promisify(execFile);

const SEED = 424242;

/*
 * Storyboard renders as users get them (issue 31): narration over the whole video, captions that
 * are the words said, and a re-render that renders only the scene that changed.
 */
describeHeavy('storyboard videos (ffmpeg and espeak-ng on the PATH)', () => {
  let providers: TestProviders;
  const rendered: StoryboardRenderedVideo[] = [];
  beforeAll(async () => {
    providers = await createTestProviders();
  });
  afterAll(async () => {
    await Promise.all(rendered.map((video) => video.release()));
    await providers.dispose();
  });

  async function draft(prompt: string, durationSeconds: number): Promise<StoryboardContent> {
    return writeStoryboardDraft(
      { prompt, durationSeconds, aspect: '16:9', language: 'en', title: prompt, seed: SEED },
      providers.text,
    );
  }

  async function render(storyboard: StoryboardContent, clipDir: string) {
    const video = await providers.video.fromStoryboard({
      storyboard,
      seed: SEED,
      ...STORYBOARD_FORMAT,
      images: {},
      voice: storyboard.voice_id ? { voiceId: storyboard.voice_id } : null,
      sceneKeys: sceneKeysOf(storyboard, SEED),
      clipDir,
    });
    rendered.push(video);
    return video;
  }

  for (const [duration, prompt] of [
    [15, 'A lighthouse on a rocky coast in a storm at night'],
    [30, 'A cozy coffee shop on a rainy morning'],
    [60, 'A humpback whale breaching next to an iceberg'],
  ] as const) {
    it(`speaks over at least 80% of a ${duration} s video, with captions that are its words`, async () => {
      const board = await draft(prompt, duration);
      // Without music, what silencedetect hears is the narration alone.
      const storyboard = { ...board, music: { ...board.music, volume: 0 } };
      const video = await render(storyboard, path.join(providers.workDir, `clips-${duration}`));
      const facts = await probe(video.path);
      const seconds = facts.durationSeconds ?? 0;
      expect(seconds).toBeGreaterThan(duration * 0.8);
      expect(seconds).toBeLessThan(duration * 1.25);
      const voiced = await voicedSeconds(video.path, seconds);
      expect(
        voiced / seconds,
        `${voiced.toFixed(1)} s of ${seconds.toFixed(1)} s voiced`,
      ).toBeGreaterThanOrEqual(0.8);

      // The captions files hold the narration, phrase by phrase, in order and in time.
      const words = (text: string) =>
        text
          .toLowerCase()
          .replace(/[^a-z0-9' ]/g, ' ')
          .split(/\s+/)
          .filter(Boolean);
      for (const format of ['vtt', 'srt'] as const) {
        const cues = parseSync(captionsFile(video.captions, format)).flatMap((node) =>
          node.type === 'cue' ? [node.data] : [],
        );
        expect(cues.length).toBeGreaterThan(storyboard.scenes.length);
        expect(words(cues.map((cue) => cue.text).join(' '))).toEqual(
          words(storyboard.scenes.map((scene) => scene.narration).join(' ')),
        );
        for (const [index, cue] of cues.entries()) {
          expect(cue.end).toBeGreaterThan(cue.start);
          if (index > 0) expect(cue.start).toBeGreaterThanOrEqual(cues[index - 1]!.start);
          expect(cue.end / 1000).toBeLessThanOrEqual(seconds + 0.05);
        }
      }
    });
  }

  it('renders only the edited scene of a 60 s video again; the frames of the others are unchanged', async () => {
    const board = await draft('A red fox running through a snowy forest at dawn', 60);
    const clipDir = path.join(providers.workDir, 'clips-edit');
    const first = await render(board, clipDir);
    expect(first.scenes.every((scene) => !scene.reused)).toBe(true);
    const clipsBefore = (await fs.readdir(clipDir)).filter((file) => file.endsWith('.mp4'));
    expect(clipsBefore).toHaveLength(board.scenes.length);

    // Scene 2's narration rewritten to the same length, so the scenes after it keep their times.
    const scenes = board.scenes.map((scene, index) =>
      index === 1
        ? { ...scene, visual: { ...scene.visual, time: 'night' as const, weather: 'snow' as const } }
        : scene,
    );
    const edited = { ...board, scenes };
    const second = await render(edited, clipDir);
    expect(second.scenes.filter((scene) => !scene.reused).map((scene) => scene.key)).toEqual([
      second.scenes[1]!.key,
    ]);
    const clipsAfter = (await fs.readdir(clipDir)).filter((file) => file.endsWith('.mp4'));
    expect(clipsAfter).toHaveLength(board.scenes.length + 1);

    const [before, after] = await Promise.all([frameHashes(first.path), frameHashes(second.path)]);
    expect(after).toHaveLength(before.length);
    const fps = STORYBOARD_FORMAT.fps;
    const from = Math.round(second.scenes[1]!.startSeconds * fps);
    const to = from + Math.round(second.scenes[1]!.seconds * fps);
    expect(after.slice(0, from)).toEqual(before.slice(0, from));
    expect(after.slice(to)).toEqual(before.slice(to));
    expect(after.slice(from, to)).not.toEqual(before.slice(from, to));
  });

  it('plays the footage a scene is filmed with under its captions, looped to its length', async () => {
    const board = await draft('A sailboat crossing a calm bay at sunset', 15);
    const filmedScene = board.scenes[1]!;
    const requests: SceneFootageRequest[] = [];
    const footage: SceneFootage = {
      films: (scene) => scene.id === filmedScene.id,
      async film(request) {
        // The scene's speech is there to film with (a talking portrait moves with it).
        await fs.access(request.speechPath);
        requests.push(request);
        // One second of solid red at another size and rate: scaled to the frame and looped.
        const file = path.join(request.dir, 'footage.mp4');
        await run((await tools()).ffmpeg.command, [
          '-nostdin',
          '-f',
          'lavfi',
          '-i',
          'color=c=red:s=320x240:r=12:d=1',
          '-pix_fmt',
          'yuv420p',
          file,
        ]);
        return file;
      },
    };
    const filming = createLocalVideoProvider({
      tools: await tools(),
      speech: providers.speech,
      fonts: findCaptionFonts(),
      workDir: providers.workDir,
      footage,
    });
    const video = await filming.fromStoryboard({
      storyboard: board,
      seed: SEED,
      ...STORYBOARD_FORMAT,
      images: {},
      voice: board.voice_id ? { voiceId: board.voice_id } : null,
      sceneKeys: sceneKeysOf(board, SEED),
      clipDir: path.join(providers.workDir, 'clips-footage'),
    });
    rendered.push(video);
    expect(requests.map((request) => request.scene.id)).toEqual([filmedScene.id]);
    const scene = video.scenes[1]!;
    expect(requests[0]!.seconds).toBeCloseTo(scene.seconds, 2);

    /** The colour of the frame's top-left corner (captions are at the bottom) at `seconds`. */
    const cornerAt = async (seconds: number) => {
      const frame = path.join(providers.workDir, `corner-${seconds}.png`);
      await run((await tools()).ffmpeg.command, [
        '-nostdin',
        '-ss',
        seconds.toFixed(2),
        '-i',
        video.path,
        '-frames:v',
        '1',
        '-y',
        frame,
      ]);
      const { data } = await sharp(frame).extract({ left: 8, top: 8, width: 1, height: 1 }).raw().toBuffer({
        resolveWithObject: true,
      });
      return [...data.subarray(0, 3)];
    };
    const isRed = ([red, green, blue]: number[]) => red! > 200 && green! < 60 && blue! < 60;
    // Past the footage's one second: it loops for the whole scene.
    expect(isRed(await cornerAt(scene.startSeconds + scene.seconds * 0.75))).toBe(true);
    expect(isRed(await cornerAt(video.scenes[0]!.seconds / 2))).toBe(false);
    // The captions still say the scene's words, timed to its speech.
    const inScene = video.captions.filter(
      (cue) => cue.start >= scene.startSeconds - 0.01 && cue.end <= scene.startSeconds + scene.seconds + 0.01,
    );
    expect(inScene.map((cue) => cue.text).join(' ')).toBe(captionPhrases([filmedScene.narration]).join(' '));
  });
});
