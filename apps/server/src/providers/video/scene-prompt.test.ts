import { STORYBOARD_LIMITS, type StoryboardScene } from '@reelcraft/contract';
import { describe, expect, it } from 'vitest';
import { composeScenePrompt, scenePromptOf } from './scene-prompt';

const fox = { kind: 'illustration', id: 'fox', label: 'fox', tint: null } as const;

function scene(change: Partial<StoryboardScene['visual']> = {}, narration = ''): StoryboardScene {
  return {
    id: 's1',
    narration,
    duration_seconds: 4,
    duration_fixed: false,
    transition: 'cut',
    visual: {
      subjects: [fox],
      setting: 'forest',
      time: 'dawn',
      weather: 'clear',
      camera: 'auto',
      action: 'hero',
      prompt: null,
      ...change,
    },
  };
}

describe('composeScenePrompt', () => {
  it('says who is where and when, what they do, the camera and what the narration says happens', () => {
    const prompt = composeScenePrompt(
      scene(
        { weather: 'snow', camera: 'push-in', action: 'cross' },
        'A red fox pads across fresh snow as the first light reaches the pines.',
      ),
    );
    expect(prompt).toBe(
      'A fox in a forest at dawn, as snow falls. The fox moves across the frame. The camera slowly ' +
        'pushes in. The scene shows: A red fox pads across fresh snow as the first light reaches the ' +
        'pines. No on-screen text.',
    );
  });

  it("leads with a draft's prompt in the user's own words instead of the scene's fields", () => {
    const prompt = composeScenePrompt(
      scene({ setting: 'snowfield', time: 'sunset', action: 'cross', camera: 'orbit' }, 'Two foxes meet.'),
      { topic: '  two arctic foxes   playing on an iceberg at sunset ' },
    );
    expect(prompt).toBe(
      'Two arctic foxes playing on an iceberg at sunset. The camera circles around the subject. ' +
        'The scene shows: Two foxes meet. No on-screen text.',
    );
  });

  it('counts repeated subjects, joins several and leaves out image labels that say nothing', () => {
    const cat = { kind: 'illustration', id: 'cat', label: 'cat', tint: null } as const;
    const mug = { kind: 'illustration', id: 'hot-beverage', label: 'hot beverage', tint: null } as const;
    const image = { kind: 'image', image_url: 'storage://uploads/u/1.png', label: 'Image 1' } as const;
    const prompt = composeScenePrompt(
      scene({ subjects: [cat, cat, mug, image], setting: 'kitchen', time: 'night', weather: 'rain' }),
    );
    expect(prompt).toMatch(/^Two cats and a hot beverage in a kitchen at night, with rain on the windows\./);
    expect(prompt).toContain('It starts from the given picture');
    expect(prompt).not.toContain('Image 1');
  });

  it('describes a scene without subjects, and says nothing of weather where there is none', () => {
    const prompt = composeScenePrompt(scene({ subjects: [], setting: 'space', weather: 'storm' }));
    expect(prompt).toBe('A scene in outer space at dawn. No on-screen text.');
  });

  it('keeps within the scene prompt limit, cutting a long narration at a word, without quotes', () => {
    const narration = `She said "hello" and ${'walked on through the quiet snowy trees '.repeat(20)}`.slice(
      0,
      STORYBOARD_LIMITS.maxNarrationChars,
    );
    const prompt = composeScenePrompt(scene({ camera: 'aerial', action: 'arc' }, narration));
    expect(prompt.length).toBeLessThanOrEqual(STORYBOARD_LIMITS.maxScenePromptChars);
    expect(prompt).not.toContain('"');
    // Whole words of the narration, from its start.
    const shown = /The scene shows: (.+)\. No on-screen text\.$/.exec(prompt)?.[1] ?? '';
    const words = shown.split(' ');
    expect(words.length).toBeGreaterThan(10);
    expect(words).toEqual(narration.replace(/"/g, '').split(/\s+/).slice(0, words.length));
    const led = composeScenePrompt(scene({}, narration), { topic: 'a fox in the snow '.repeat(60) });
    expect(led.length).toBeLessThanOrEqual(STORYBOARD_LIMITS.maxScenePromptChars);
    expect(led).toMatch(/^A fox in the snow .*\. The scene shows: She said hello .*\. No on-screen text\.$/);
  });
});

describe('scenePromptOf', () => {
  it("is the user's scene prompt when there is one, else the composed one", () => {
    expect(scenePromptOf(scene({ prompt: '  A fox asleep in a hollow log.  ' }))).toBe(
      'A fox asleep in a hollow log.',
    );
    expect(scenePromptOf(scene({ prompt: '' }))).toBe(composeScenePrompt(scene()));
    expect(scenePromptOf(scene())).toBe('A fox in a forest at dawn. No on-screen text.');
  });
});
