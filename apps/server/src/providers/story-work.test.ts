import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { sharp } from '../media/sharp';
import { withTempWorkspace } from '../media/temp-workspace';
import { readPrompt } from './prompt-reading';
import { drawShotsInBackground, readPromptInBackground } from './story-work';
import { illustrationsLoaded } from './video/illustrations';
import { planTextVideo } from './video/scene-planner';

const compromiseLoadedHere = () =>
  Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('/compromise/'));

const prompt = 'A red fox runs through a snowy forest at dawn, slow aerial shot';

// In this order: the last test reads a prompt on this thread, which loads what the first must not.
describe('the story worker (render threads)', () => {
  it("draws a story's shots there, into the caller's workspace, without reading the emoji set here", async () => {
    await readPromptInBackground(prompt);
    const plan = planTextVideo({ prompt, durationSeconds: 15, fps: 24, seed: 7, narration: false });

    await withTempWorkspace(undefined, async (workspace) => {
      const shots = await drawShotsInBackground(plan, {
        width: 640,
        height: 360,
        workspace,
        fonts: null,
        images: [],
      });

      expect(shots).toHaveLength(plan.scenes.length);
      for (const shot of shots) {
        expect(shot.imagePath.startsWith(workspace.dir)).toBe(true);
        const still = await sharp(shot.imagePath).metadata();
        expect(still.width).toBeGreaterThanOrEqual(640);
        expect(still.height).toBeGreaterThanOrEqual(360);
        for (const sprite of shot.sprites) expect(fs.existsSync(sprite.imagePath)).toBe(true);
      }
      // The fox is drawn: at least one shot carries its sprite.
      expect(shots.some((shot) => shot.sprites.length > 0)).toBe(true);
    });
    expect(illustrationsLoaded()).toBe(false);
  });

  it('reads a prompt there and keeps the reading, without loading compromise on this thread', async () => {
    expect(compromiseLoadedHere()).toBe(false);

    await readPromptInBackground(prompt);
    const reading = readPrompt(prompt);

    expect(compromiseLoadedHere()).toBe(false);
    expect(reading).toMatchObject({
      setting: 'forest',
      time: 'dawn',
      weather: 'snow',
      camera: ['aerial'],
      pace: 0.6,
      action: { verb: 'run', kind: 'cross' },
    });
    expect(reading.subjects.map((subject) => subject.word)).toEqual(['fox']);
    // What this thread reads on its own is the same reading.
    expect(readPrompt(`${prompt} `)).toEqual(reading);
    expect(compromiseLoadedHere()).toBe(true);
  });
});
