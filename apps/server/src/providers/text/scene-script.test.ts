import { describe, expect, it } from 'vitest';
import { estimateNarrationSeconds } from '@reelcraft/contract';
import { ProviderError } from '../provider-error';
import { readPrompt } from '../prompt-reading';
import { createLocalTextProvider } from './local-text-provider';
import { sceneRole, sceneWordBudget, writeSceneScript, type SceneRole } from './scene-script';

/** Prompts of every kind: animals, people, objects, places, a business topic, an abstract one. */
const PROMPTS = [
  'a humpback whale breaching next to an iceberg',
  "fireworks over the harbour on New Year's Eve",
  'an olive oil bottle on a rustic wooden table',
  'a girl flying a kite on a windy hill',
  'a chef slicing vegetables in a restaurant kitchen',
  'a vintage car driving along a coastal highway at sunset',
  'a hot air balloon over a desert canyon at dawn',
  'a cozy coffee shop on a rainy morning',
  'quarterly sales update for the team',
  'abstract flowing colours',
  'a red ball bouncing down a staircase',
  'a bowl of berries on a marble counter',
  'astronaut floating above the earth',
  'a robot vacuum cleaning a living room',
  'kids playing football in the park',
  'a lighthouse in a storm at night',
  'a jungle river with parrots',
  'a european street with cafes',
  'a launch pad with a rocket ready for liftoff',
  'a wood-fired pizza oven',
];
/** A 15 s video has 4 scenes, 30 s 6, 60 s 10. */
const VIDEOS = [
  { seconds: 15, scenes: 4 },
  { seconds: 30, scenes: 6 },
  { seconds: 60, scenes: 10 },
];
const STOP_WORDS = new Set(
  `a an the of on in at with for to by over above under near next along down up into from and or is are
  new year's eve`.split(/\s+/),
);
const CAMERA_WORDS = /\b(close-?up|4k|8k|cinematic|drone|aerial|footage|camera|shot|zoom|pan|dolly)\b/i;

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const sentencesOf = (line: string) => line.split(/(?<=[.!?])\s+/).filter(Boolean);
/** The prompt's own words that may name what a sentence is about. */
const contentWords = (prompt: string) =>
  prompt
    .toLowerCase()
    .split(/[^a-z']+/)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word));
const scenesFor = (seconds: number, count: number) =>
  Array.from({ length: count }, (_, index) => ({ role: sceneRole(index, count), seconds: seconds / count }));
const script = (prompt: string, seconds: number, count: number, seed = 3) =>
  writeSceneScript({ prompt, reading: readPrompt(prompt), scenes: scenesFor(seconds, count), seed });

describe('scene roles and budgets', () => {
  it('opens on the hero, closes on the closing line and cycles the middle', () => {
    const roles = (count: number) => Array.from({ length: count }, (_, index) => sceneRole(index, count));
    expect(roles(1)).toEqual(['hero']);
    expect(roles(2)).toEqual(['hero', 'action']);
    expect(roles(4)).toEqual(['hero', 'action', 'wide', 'closing']);
    expect(roles(10)).toEqual<SceneRole[]>([
      'hero',
      'action',
      'wide',
      'close',
      'action',
      'second',
      'action',
      'wide',
      'close',
      'closing',
    ]);
  });

  it('gives a scene the narration pace (3.6 words a second) less a breath, at least 3', () => {
    expect(sceneWordBudget(3.75)).toBe(11);
    expect(sceneWordBudget(5)).toBe(15);
    expect(sceneWordBudget(6)).toBe(19);
    expect(sceneWordBudget(0.5)).toBe(3);
    expect(sceneWordBudget(Number.NaN)).toBe(3);
  });
});

describe('writeSceneScript', () => {
  const scripts = PROMPTS.map((prompt) => ({
    prompt,
    videos: VIDEOS.map((video) => ({ ...video, lines: script(prompt, video.seconds, video.scenes) })),
  }));

  it('sizes every line to its scene and narrates at least 80% of the video', () => {
    for (const { prompt, videos } of scripts) {
      for (const { seconds, scenes, lines } of videos) {
        expect(lines, prompt).toHaveLength(scenes);
        const budget = sceneWordBudget(seconds / scenes);
        for (const line of lines) {
          expect(words(line), `${prompt} (${seconds} s): ${line}`).toBeGreaterThanOrEqual(
            Math.ceil(budget * 0.75),
          );
          expect(words(line), `${prompt} (${seconds} s): ${line}`).toBeLessThanOrEqual(budget);
        }
        // Spoken at the narration pace, with the breath each scene keeps (estimateNarrationSeconds).
        const spoken = lines.reduce((sum, line) => sum + estimateNarrationSeconds(line), 0);
        expect(spoken / seconds, `${prompt} (${seconds} s)`).toBeGreaterThanOrEqual(0.8);
      }
    }
  });

  it('never says the same sentence for two different prompts', () => {
    const owner = new Map<string, string>();
    for (const { prompt, videos } of scripts) {
      const own = new Set(
        videos.flatMap(({ lines }) => lines.flatMap(sentencesOf)).map((s) => s.toLowerCase()),
      );
      for (const sentence of own) {
        expect(owner.get(sentence) ?? prompt, `"${sentence}"`).toBe(prompt);
        owner.set(sentence, prompt);
      }
    }
  });

  it('never repeats a sentence within a script', () => {
    for (const { prompt, videos } of scripts) {
      for (const { lines } of videos) {
        const sentences = lines.flatMap(sentencesOf).map((sentence) => sentence.toLowerCase());
        expect(new Set(sentences).size, `${prompt}: ${lines.join(' | ')}`).toBe(sentences.length);
      }
    }
  });

  it("names the prompt's own content in every sentence, as plain sentences", () => {
    for (const { prompt, videos } of scripts) {
      const content = contentWords(prompt);
      for (const sentence of videos.flatMap(({ lines }) => lines.flatMap(sentencesOf))) {
        const said = sentence
          .toLowerCase()
          .split(/[^a-z']+/)
          .map((word) => word.replace(/'s?$/, ''));
        expect(
          content.some((word) => said.includes(word)),
          `${prompt}: "${sentence}"`,
        ).toBe(true);
        expect(sentence, prompt).toMatch(/^[A-Z].*[.!?]$/);
        expect(sentence, prompt).toMatch(/^[\x20-\x7e]+$/);
      }
    }
  });

  it('is deterministic for the same input and varies with the seed', () => {
    for (const prompt of PROMPTS.slice(0, 5)) {
      expect(script(prompt, 30, 6, 11)).toEqual(script(prompt, 30, 6, 11));
    }
    const seeds = new Set([1, 2, 3, 4, 5].map((seed) => script(PROMPTS[0] as string, 30, 6, seed).join(' ')));
    expect(seeds.size).toBeGreaterThan(1);
  });

  it('never reads camera directions aloud', () => {
    const prompts = [
      'A red fox running through a snowy forest at dawn, cinematic drone shot',
      'a silver wristwatch rotating on black marble, close-up, 4k',
      'aerial view of a city at night, slow motion',
      ...PROMPTS,
    ];
    for (const prompt of prompts) {
      for (const line of script(prompt, 30, 6)) expect(line, prompt).not.toMatch(CAMERA_WORDS);
    }
  });

  it('copes with odd requests: no scenes, one long scene, many short ones', () => {
    const reading = readPrompt('a cat');
    expect(writeSceneScript({ prompt: 'a cat', reading, scenes: [], seed: 0 })).toEqual([]);
    const [long] = writeSceneScript({
      prompt: 'a cat',
      reading,
      scenes: [{ role: 'hero', seconds: 12 }],
      seed: 0,
    });
    expect(words(long as string)).toBeLessThanOrEqual(sceneWordBudget(12));
    expect(words(long as string)).toBeGreaterThanOrEqual(8);
    const short = writeSceneScript({
      prompt: 'a cat',
      reading,
      scenes: Array.from({ length: 8 }, (_, index) => ({ role: sceneRole(index, 8), seconds: 3 })),
      seed: 0,
    });
    for (const line of short) expect(words(line)).toBeLessThanOrEqual(sceneWordBudget(3));
    // Forty scenes of two seconds outnumber what can be said of a cat in three words: every scene
    // still gets a sentence.
    const many = writeSceneScript({
      prompt: 'a cat',
      reading,
      scenes: Array.from({ length: 40 }, (_, index) => ({ role: sceneRole(index, 40), seconds: 2 })),
      seed: 0,
    });
    expect(many).toHaveLength(40);
    for (const line of many) expect(line).toMatch(/^[A-Z].*[.!?]$/);
  });

  it('is what the local text provider answers', async () => {
    const provider = createLocalTextProvider();
    const scenes = scenesFor(30, 6).map((scene) => ({ ...scene, shows: 'ignored offline' }));
    const prompt = PROMPTS[3] as string;
    await expect(provider.writeSceneScript?.({ prompt, scenes, seed: 5 })).resolves.toEqual({
      lines: script(prompt, 30, 6, 5),
    });
    await expect(provider.writeSceneScript?.({ prompt: '  ', scenes })).rejects.toBeInstanceOf(ProviderError);
  });
});
