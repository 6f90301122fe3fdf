import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createConfiguredProviders, type Providers } from '../../src/providers';
import { writeStoryboardDraft } from '../../src/providers/storyboard-drafts';
import { footageFiles, sceneKeysOf, STORYBOARD_FORMAT } from '../../src/providers/video/storyboard-scenes';
import { makeSampleMp4, sendJson, startFakeVendor, type FakeVendor } from './fake-vendor';

const MODEL = 'veo-3.1-generate-preview';

/** Processes started by this one whose command line names the render process's entry. */
async function renderProcesses(): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const [stat, command] = await Promise.all([
      fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => ''),
      fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => ''),
    ]);
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === process.pid && command.includes('render-process')) found.push(Number(entry));
  }
  return found;
}

// A server in ROLE=all with VIDEO_PROVIDER=veo renders storyboards in its render process too
// (decision 031): the scenes are filmed by the vendor and drawn over there, not on the API's loop.
describe('Veo storyboards in the render process (fake Gemini API)', () => {
  let vendor: FakeVendor;
  let providers: Providers;
  const prompts: string[] = [];
  const workDir = path.join(os.tmpdir(), `veo-render-process-${process.pid}`);

  beforeAll(async () => {
    const sample = await makeSampleMp4(4, '640x360');
    vendor = await startFakeVendor();
    vendor.on(`POST /v1beta/models/${MODEL}:predictLongRunning`, (request, response) => {
      prompts.push(request.json().instances[0].prompt);
      sendJson(response, 200, { name: `models/${MODEL}/operations/op-${prompts.length}` });
    });
    vendor.on(
      (request) => request.method === 'GET' && request.path.startsWith(`/v1beta/models/${MODEL}/operations/`),
      (_request, response) =>
        sendJson(response, 200, {
          done: true,
          response: {
            generateVideoResponse: {
              generatedSamples: [{ video: { bytesBase64Encoded: sample.toString('base64') } }],
            },
          },
        }),
    );
    await fs.mkdir(workDir, { recursive: true });
    const config = loadConfig({
      VIDEO_PROVIDER: 'veo',
      GEMINI_API_KEY: 'e2e-key',
      VEO_BASE_URL: vendor.url,
      VEO_POLL_INTERVAL_SECONDS: '0.05',
      MEDIA_WORK_DIR: workDir,
    });
    providers = await createConfiguredProviders(config, pino({ level: 'silent' }), undefined, undefined, {
      renderProcess: true,
    });
  });

  afterAll(async () => {
    await providers?.close();
    await vendor?.close();
    await fs.rm(workDir, { recursive: true, force: true });
  });

  it('films every scene of a storyboard there, one generation a scene', async () => {
    expect(providers.video.kind).toBe('veo');
    expect(providers.video.sceneSource).toBe(`veo:${MODEL}`);
    expect(await renderProcesses()).toEqual([]);
    const storyboard = await writeStoryboardDraft(
      {
        prompt: 'A hot air balloon over a desert at sunrise',
        durationSeconds: 15,
        aspect: '16:9',
        language: 'en',
        title: 'Balloon',
        seed: 9,
      },
      providers.text,
      { scenePrompts: true },
    );
    const video = await providers.video.fromStoryboard({
      storyboard,
      seed: 9,
      ...STORYBOARD_FORMAT,
      images: {},
      voice: storyboard.voice_id ? { voiceId: storyboard.voice_id } : null,
      sceneKeys: sceneKeysOf(storyboard, 9, STORYBOARD_FORMAT, providers.video.sceneSource),
      clipDir: path.join(workDir, 'clips'),
    });
    try {
      // The render process is running (it stays a while after its last call).
      expect(await renderProcesses()).toHaveLength(1);
      expect(prompts.sort()).toEqual(storyboard.scenes.map((scene) => scene.visual.prompt).sort());
      expect(video.scenes.map((scene) => scene.reused)).toEqual(storyboard.scenes.map(() => false));
      expect(video.captions.length).toBeGreaterThanOrEqual(storyboard.scenes.length);
      // The footage filmed there is left in the clip folder, for the caller to keep.
      for (const scene of storyboard.scenes) {
        const stat = await fs.stat(path.join(workDir, 'clips', footageFiles(scene.id).video));
        expect(stat.size).toBeGreaterThan(0);
      }
    } finally {
      await video.release();
    }

    // A new narration for the first scene: it renders again over the footage in the folder, and
    // nothing is filmed.
    const filmed = prompts.length;
    const narrated = {
      ...storyboard,
      scenes: storyboard.scenes.map((scene, index) =>
        index === 0 ? { ...scene, narration: 'The balloon rises slowly into the pink morning sky.' } : scene,
      ),
    };
    const again = await providers.video.fromStoryboard({
      storyboard: narrated,
      seed: 9,
      ...STORYBOARD_FORMAT,
      images: {},
      voice: narrated.voice_id ? { voiceId: narrated.voice_id } : null,
      sceneKeys: sceneKeysOf(narrated, 9, STORYBOARD_FORMAT, providers.video.sceneSource),
      clipDir: path.join(workDir, 'clips'),
    });
    try {
      expect(again.scenes.map((scene) => scene.reused)).toEqual(narrated.scenes.map((_, index) => index > 0));
      expect(prompts).toHaveLength(filmed);
    } finally {
      await again.release();
    }
  });
});
