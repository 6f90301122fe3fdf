import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { readPrompt } from './prompt-reading';
import { readPromptInBackground } from './prompt-reading-thread';

const compromiseLoadedHere = () =>
  Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('/compromise/'));

describe('reading a prompt in a render worker thread', () => {
  it('keeps the reading for the plan, without loading compromise on the calling thread', async () => {
    const prompt = 'A red fox runs through a snowy forest at dawn, slow aerial shot';
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
