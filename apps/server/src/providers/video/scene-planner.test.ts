import { describe, expect, it } from 'vitest';
import { classifyPrompt, PROMPT_CATEGORIES, type PromptCategory } from '../prompt-categories';
import { CATEGORY_LOOKS } from './category-looks';
import { createRandom } from '../../media/seeded-random';
import {
  phrasesForScenes,
  planImageVideo,
  planTextVideo,
  promptPhrases,
  sceneCountFor,
  splitFrames,
} from './scene-planner';

/** One example prompt per tip category of the text-to-video screen. */
const EXAMPLES: Record<PromptCategory, string> = {
  nature: 'A misty forest at sunrise with a waterfall and birds singing',
  product: 'A premium perfume bottle rotating on a pedestal, luxury commercial',
  action: 'A motorcycle racing through the city at full speed, extreme stunt',
  abstract: 'Abstract fluid shapes swirling in vivid colours, dreamy patterns',
  lifestyle: 'Friends sharing coffee and breakfast on a cozy weekend morning at home',
  technology: 'A futuristic AI robot analysing data on holographic screens',
};

describe('scene planner', () => {
  it('makes 3 to 6 scenes that add up to the exact length', () => {
    expect([3, 15, 30, 60].map(sceneCountFor)).toEqual([3, 4, 6, 6]);
    for (const [duration, fps] of [
      [15, 24],
      [30, 25],
      [60, 30],
      [2.5, 24],
    ] as const) {
      const plan = planTextVideo({
        prompt: EXAMPLES.nature,
        durationSeconds: duration,
        fps,
        seed: 3,
        narration: true,
      });
      expect(plan.scenes.length).toBeGreaterThanOrEqual(3);
      expect(plan.scenes.length).toBeLessThanOrEqual(6);
      expect(plan.scenes.reduce((sum, scene) => sum + scene.frames, 0)).toBe(Math.round(duration * fps));
      expect(plan.totalFrames).toBe(Math.round(duration * fps));
    }
    expect(splitFrames(10, 3)).toEqual([3, 3, 4]);
    expect(splitFrames(10, 2, [1, 4])).toEqual([2, 8]);
  });

  it('gives each of the six tip categories its own look', () => {
    const plans = PROMPT_CATEGORIES.map((category) =>
      planTextVideo({ prompt: EXAMPLES[category], durationSeconds: 15, fps: 24, seed: 1, narration: true }),
    );
    expect(plans.map((plan) => plan.category)).toEqual([...PROMPT_CATEGORIES]);
    const signature = (index: number) => {
      const plan = plans[index];
      const look = CATEGORY_LOOKS[PROMPT_CATEGORIES[index] as PromptCategory];
      return JSON.stringify([
        plan?.captionStyle,
        plan?.music.arpeggio,
        plan?.music.drums,
        look.sprite,
        look.transitions,
      ]);
    };
    expect(new Set(plans.map((_, index) => signature(index))).size).toBe(6);
    // Words pick what is drawn: the forest prompt gets trees, the robot prompt data networks.
    const motifs = (plan: (typeof plans)[number] | undefined) =>
      plan?.scenes.flatMap((scene) => (scene.source.kind === 'art' ? scene.source.motifs : [])) ?? [];
    expect(motifs(plans[0])).toContain('trees');
    expect(motifs(plans[5])).toContain('network');
  });

  it('captions the narration written from the prompt, phrase by phrase, inside the scenes', () => {
    const plan = planTextVideo({
      prompt: EXAMPLES.nature,
      durationSeconds: 15,
      fps: 24,
      seed: 9,
      narration: true,
    });
    // The narration is written (the writer's opening names the time and place), not the prompt read.
    expect(plan.narrationLines[0]).toBe('At dawn,');
    expect(plan.scenes[0]?.captions[0]?.text).toBe('At dawn,');
    for (const scene of plan.scenes) {
      for (const caption of scene.captions) {
        expect(caption.startFrame).toBeGreaterThanOrEqual(0);
        expect(caption.endFrame).toBeLessThanOrEqual(scene.frames);
        expect(caption.text.split(' ').length).toBeLessThanOrEqual(6);
      }
    }
    expect(
      promptPhrases('Create a video of a cat, with a hat. Then a dog!').map((phrase) => phrase.caption),
    ).toEqual(['Cat', 'Hat', 'Dog']);
  });

  it('captions whole phrases of the prompt, and lets camera words move the camera instead', () => {
    const prompts = [
      'A red fox runs through a snowy forest at dawn, soft golden light, slow camera dolly',
      'A silver wristwatch rotating on black marble under soft studio light, slow camera dolly',
      'Drone shot of a lighthouse on a rocky cliff at sunset',
      'Tracking shot: a cyclist races down a mountain road, camera pans left',
      'zoom in on a steaming cup of coffee on a wooden table in a cozy kitchen by the window in the morning',
    ];
    const camera = /\b(camera|dolly|drone|shot|pans?|zoom|tracking)\b/i;
    const cutOff = /\b(a|an|the|of|on|in|at|to|for|with|by|under|over|from|into|and|or)$/i;
    for (const prompt of prompts) {
      for (const count of [1, 2, 3, 4, 5, 6]) {
        const phrases = phrasesForScenes(prompt, count, 'nature', createRandom(count));
        for (const { caption, spoken } of phrases) {
          expect(caption, prompt).not.toMatch(camera);
          expect(spoken, prompt).not.toMatch(camera);
          // Taglines ("Breathe it in") are written whole; the prompt's phrases must not end cut off.
          if (prompt.toLowerCase().includes(caption.toLowerCase()))
            expect(caption, prompt).not.toMatch(cutOff);
          if (prompt.toLowerCase().includes(spoken.toLowerCase())) expect(spoken, prompt).not.toMatch(cutOff);
          expect(caption.split(' ').length, prompt).toBeLessThanOrEqual(8);
        }
      }
      for (const seed of [1, 2, 3]) {
        const plan = planTextVideo({ prompt, durationSeconds: 15, fps: 24, seed, narration: true });
        for (const scene of plan.scenes) {
          for (const caption of scene.captions) expect(caption.text).not.toMatch(camera);
          expect(scene.narration ?? '').not.toMatch(camera);
        }
      }
    }
    const words = (prompt: string, count: number) =>
      phrasesForScenes(prompt, count, 'product', createRandom(1)).map((phrase) => phrase.caption);
    expect(words(prompts[0]!, 3)).toEqual(['Red fox runs', 'Snowy forest at dawn', 'Soft golden light']);
    expect(words(prompts[1]!, 1)).toEqual(['Silver wristwatch rotating on black marble']);
    // Split for more scenes, at the phrase boundaries: never "Silver wristwatch rotating on".
    expect(words(prompts[1]!, 3)).toEqual([
      'Silver wristwatch rotating',
      'Black marble',
      'Under soft studio light',
    ]);
    expect(words(prompts[2]!, 1)).toEqual(['Lighthouse on a rocky cliff']);
    // "Slow camera dolly" pushes in, slowly, on the first scene.
    const plan = planTextVideo({
      prompt: prompts[1]!,
      durationSeconds: 15,
      fps: 24,
      seed: 4,
      narration: true,
    });
    expect(plan.scenes[0]?.motion.kind).toBe('zoom-in');
  });

  it('never shows or says what it cannot: unknown scripts, link-like words, empty prompts', () => {
    const japanese = planTextVideo({
      prompt: '東京の夜景',
      durationSeconds: 15,
      fps: 24,
      seed: 1,
      narration: true,
    });
    expect(japanese.scenes[0]?.narration).toBeNull();
    const noise = planTextVideo({
      prompt: `https://${'x'.repeat(200)}`,
      durationSeconds: 15,
      fps: 24,
      seed: 1,
      narration: true,
    });
    expect(noise.scenes.every((scene) => (scene.captions[0]?.text.length ?? 0) < 40)).toBe(true);
    const empty = planTextVideo({ prompt: '🔥🔥🔥', durationSeconds: 15, fps: 24, seed: 1, narration: true });
    expect(empty.scenes).toHaveLength(4);
    expect(empty.narrationLines.length).toBeGreaterThan(0);
    expect(empty.scenes.some((scene) => scene.captions[0]?.text)).toBe(true);
  });

  it('plans the same video for the same seed and another for another seed', () => {
    const request = { prompt: EXAMPLES.abstract, durationSeconds: 15, fps: 24, narration: true };
    const a = planTextVideo({ ...request, seed: 11 });
    expect(planTextVideo({ ...request, seed: 11 })).toEqual(a);
    const b = planTextVideo({ ...request, seed: 12 });
    expect(b).not.toEqual(a);
    expect(b.scenes.map((scene) => scene.artSeed)).not.toEqual(a.scenes.map((scene) => scene.artSeed));
  });

  it('keeps transitions shorter than a third of the shortest scene', () => {
    const plan = planTextVideo({
      prompt: EXAMPLES.abstract,
      durationSeconds: 3,
      fps: 24,
      seed: 2,
      narration: false,
    });
    const shortest = Math.min(...plan.scenes.map((scene) => scene.frames));
    for (const scene of plan.scenes)
      expect(scene.transitionIn.frames).toBeLessThanOrEqual(Math.floor(shortest * 0.3));
    expect(plan.scenes.every((scene) => scene.narration === null)).toBe(true);
  });

  it('moves every image, dynamic cutting faster than cinematic, closing on the last frame', () => {
    const base = {
      prompt: 'Our trip to the mountains and the lake',
      imageCount: 3,
      durationSeconds: 15,
      fps: 24,
      seed: 42,
    };
    const cinematic = planImageVideo({ ...base, mode: 'cinematic', hasLastFrame: true });
    const dynamic = planImageVideo({ ...base, mode: 'dynamic', hasLastFrame: true });
    expect(dynamic.scenes.length).toBeGreaterThan(cinematic.scenes.length);
    for (const plan of [cinematic, dynamic]) {
      expect(plan.scenes.reduce((sum, scene) => sum + scene.frames, 0)).toBe(360);
      expect(plan.scenes.every((scene) => scene.motion.strength > 0)).toBe(true);
      expect(plan.scenes.at(-1)?.source).toEqual({ kind: 'image', index: 3 });
    }
    expect(
      cinematic.scenes
        .slice(1)
        .every((scene) => ['crossfade', 'dip-to-black'].includes(scene.transitionIn.kind)),
    ).toBe(true);
    expect(dynamic.scenes.some((scene) => scene.motion.kind === 'punch-in')).toBe(true);
    expect(
      dynamic.scenes
        .slice(1)
        .some((scene) =>
          ['flash', 'slide-left', 'slide-right', 'slide-up'].includes(scene.transitionIn.kind),
        ),
    ).toBe(true);
    expect(dynamic.captionStyle.uppercase).toBe(true);
    // Another seed moves the images differently.
    const other = planImageVideo({ ...base, seed: 43, mode: 'cinematic', hasLastFrame: true });
    expect(other.scenes.map((scene) => scene.motion)).not.toEqual(
      cinematic.scenes.map((scene) => scene.motion),
    );
  });

  it('classifies prompts, falling back when no word matches', () => {
    expect(classifyPrompt('sunset over the ocean').category).toBe('nature');
    expect(classifyPrompt('zzz qqq', 'product')).toEqual({ category: 'product', confidence: 0, matched: [] });
  });
});
