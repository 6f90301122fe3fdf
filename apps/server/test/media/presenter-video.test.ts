import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StoryboardContent } from '@reelcraft/contract';
import { renderAvatarPortraits } from '../../src/media/avatar-portraits';
import { DEFAULT_MAX_IMAGE_PIXELS, intakeImage } from '../../src/media/image-intake';
import type { StoryboardRenderedVideo } from '../../src/providers';
import { sceneKeysOf, STORYBOARD_FORMAT } from '../../src/providers/video/storyboard-scenes';
import { testPortraitPhoto } from '../fixtures/test-images';
import { describeHeavy } from '../helpers/each-database';
import { createTestProviders, tools } from './media-test-kit';

const run = promisify(execFile);
const SEED = 31;
const PORTRAIT_URI = 'local://uploads/test-user/portrait.png';
/** Where the portrait's mouth is in a 1280x720 frame (the square portrait fills the height). */
const MOUTH_BOX = { left: 540, top: 330, width: 200, height: 160 };

/** Per frame, how many pixels of the mouth's box are dark (an open mouth is drawn near black). */
async function darkMouthPixels(file: string): Promise<number[]> {
  const { left, top, width, height } = MOUTH_BOX;
  const { stdout } = await run(
    (await tools()).ffmpeg.command,
    [
      '-nostdin',
      '-v',
      'error',
      '-i',
      file,
      '-vf',
      `crop=${width}:${height}:${left}:${top},format=gray`,
      '-f',
      'rawvideo',
      '-',
    ],
    { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 },
  );
  const size = width * height;
  return Array.from(
    { length: Math.floor(stdout.length / size) },
    (_, frame) => stdout.subarray(frame * size, (frame + 1) * size).filter((value) => value < 60).length,
  );
}

/** The whole frame at `seconds`, grey, as raw pixels. */
async function frameAt(file: string, seconds: number): Promise<Buffer> {
  const { stdout } = await run(
    (await tools()).ffmpeg.command,
    [
      '-nostdin',
      '-v',
      'error',
      '-ss',
      seconds.toFixed(3),
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      'format=gray',
      '-f',
      'rawvideo',
      '-',
    ],
    { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
  );
  return stdout;
}

/*
 * The avatar presenter's scenes (issue 31): a storyboard scene whose action is `speak` is filmed as
 * the portrait talking with the scene's narration as heard, under the scene's captions.
 */
describeHeavy('a talking portrait in a storyboard (ffmpeg and espeak-ng on the PATH)', () => {
  let providers: Awaited<ReturnType<typeof createTestProviders>>;
  let video: StoryboardRenderedVideo | undefined;
  beforeAll(async () => {
    providers = await createTestProviders();
  });
  afterAll(async () => {
    await video?.release();
    await providers.dispose();
  });

  it('moves the mouth while the narration is heard, not in the silence after it, and rests at the cuts', async () => {
    const reference = await intakeImage(
      await testPortraitPhoto(),
      { maxBytes: 20 * 1024 * 1024, maxPixels: DEFAULT_MAX_IMAGE_PIXELS },
      { maxLongSide: 2048 },
    );
    const [portrait] = await renderAvatarPortraits({ reference, prompt: 'friendly, blue', seed: 4 });
    // A fixed 6 s scene says its line in the first half: the rest is silence.
    const storyboard: StoryboardContent = {
      title: 'Ava presenting',
      aspect_ratio: '16:9',
      voice_id: 'bella',
      music: { mood: 'warm', volume: 0 },
      captions: { enabled: true, style: 'highlight' },
      language: 'en',
      scenes: [
        {
          id: 'presenter-1',
          narration: 'Hello! I am Ava, and I will show you around.',
          duration_seconds: 6,
          duration_fixed: true,
          transition: 'cut',
          visual: {
            subjects: [{ kind: 'image', image_url: PORTRAIT_URI, label: 'Ava' }],
            setting: 'studio',
            time: 'day',
            weather: 'clear',
            camera: 'auto',
            action: 'speak',
            prompt: null,
          },
        },
      ],
    };
    video = await providers.video.fromStoryboard({
      storyboard,
      seed: SEED,
      ...STORYBOARD_FORMAT,
      images: { [PORTRAIT_URI]: portrait!.png },
      voice: { voiceId: 'bella' },
      sceneKeys: sceneKeysOf(storyboard, SEED),
      clipDir: await fs.mkdtemp(path.join(providers.workDir, 'clips-')),
    });
    expect(video.durationSeconds).toBeCloseTo(6, 1);
    const said = { start: video.captions[0]!.start, end: video.captions.at(-1)!.end };
    expect(said.end).toBeLessThan(4.5);

    const dark = await darkMouthPixels(video.path);
    const fps = STORYBOARD_FORMAT.fps;
    const at = (from: number, to: number) => dark.slice(Math.ceil(from * fps), Math.floor(to * fps));
    const speaking = at(said.start + 0.2, said.end - 0.2);
    const silent = at(said.end + 0.4, 6);
    const leadIn = at(0, said.start - 0.04);
    expect(leadIn.length).toBeGreaterThan(1);
    expect(silent.length).toBeGreaterThan(24);
    // Open and closed by turns while the words are heard...
    expect(Math.max(...speaking) - Math.min(...speaking)).toBeGreaterThan(150);
    // ...and closed, still, through the silence after them.
    expect(Math.max(...silent) - Math.min(...silent)).toBeLessThan(20);
    expect(Math.max(...silent)).toBeLessThan(Math.max(...speaking) / 4);
    // The first frames, before the first word, show the closed mouth too (they once showed the
    // first open one: ffmpeg dropped the frames it held when the stills changed pixel format).
    expect(Math.max(...leadIn)).toBeLessThanOrEqual(Math.max(...silent) + 20);

    // The camera's drift is at rest on the first and the last frame: the presenter's scenes cut
    // from one to the next without a jump.
    const [first, last] = await Promise.all([frameAt(video.path, 0), frameAt(video.path, 6 - 1 / fps)]);
    expect(first.length).toBe(1280 * 720);
    let difference = 0;
    for (let index = 0; index < first.length; index += 1)
      difference += Math.abs((first[index] ?? 0) - (last[index] ?? 0));
    expect(difference / first.length).toBeLessThan(1.5);
    // While it drifts, the picture does move.
    const middle = await frameAt(video.path, 3);
    let moved = 0;
    for (let index = 0; index < first.length; index += 1)
      moved += Math.abs((first[index] ?? 0) - (middle[index] ?? 0));
    expect(moved / first.length).toBeGreaterThan(1.5);
  });
});
