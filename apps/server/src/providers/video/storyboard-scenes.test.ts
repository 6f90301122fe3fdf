import type { StoryboardScene } from '@reelcraft/contract';
import { describe, expect, it } from 'vitest';
import { narrationChunks, sceneRenderKey } from './storyboard-scenes';

describe('narrationChunks', () => {
  it('keeps a short narration whole and an empty one as one silent piece', () => {
    expect(narrationChunks('One slide, one line.')).toEqual(['One slide, one line.']);
    expect(narrationChunks('   ')).toEqual(['']);
  });

  it('splits long notes at sentence ends into pieces a scene holds, losing no word', () => {
    const sentence = 'Revenue grew in every region this quarter, led by two new markets. ';
    const notes = sentence.repeat(30);
    const pieces = narrationChunks(notes, 600);
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(600);
      expect(piece).toMatch(/\.$/);
    }
    expect(pieces.join(' ').split(/\s+/)).toEqual(notes.trim().split(/\s+/));
  });

  it('cuts a sentence longer than a scene at spaces', () => {
    const long = `${'word '.repeat(300)}end.`;
    const pieces = narrationChunks(long, 100);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(100);
    expect(pieces.join(' ').split(/\s+/)).toEqual(long.trim().split(/\s+/));
  });
});

describe('sceneRenderKey', () => {
  const content = {
    aspect_ratio: '16:9',
    voice_id: 'adam',
    captions: { enabled: true, style: 'highlight' },
    language: 'en',
    music: { mood: 'calm', volume: 0.5 },
  } as const;
  const scene: StoryboardScene = {
    id: 's1',
    narration: 'A fox runs.',
    duration_seconds: 3,
    duration_fixed: false,
    transition: 'cut',
    visual: {
      subjects: [],
      setting: 'forest',
      time: 'dawn',
      weather: 'snow',
      camera: 'auto',
      action: 'cross',
      prompt: null,
    },
  };
  const format = { quality: 'standard', fps: 24 } as const;

  it('is the same however the scene object orders its keys (jsonb reorders them)', () => {
    const reversed = <T extends object>(value: T) => Object.fromEntries(Object.entries(value).reverse()) as T;
    const shuffled = { ...reversed(scene), visual: reversed(scene.visual) };
    expect(Object.keys(shuffled)[0]).toBe('visual');
    expect(sceneRenderKey(content, shuffled, 1, format)).toBe(sceneRenderKey(content, scene, 1, format));
  });

  it('changes with what the clip shows or says and its look, not with the music volume or the scene position', () => {
    const key = sceneRenderKey(content, scene, 1, format);
    expect(sceneRenderKey(content, { ...scene, narration: 'A fox rests.' }, 1, format)).not.toBe(key);
    expect(sceneRenderKey({ ...content, voice_id: 'rachel' }, scene, 1, format)).not.toBe(key);
    expect(
      sceneRenderKey(content, { ...scene, visual: { ...scene.visual, time: 'night' } }, 1, format),
    ).not.toBe(key);
    // A spoken scene's length is its speech's: an estimate changing does not render it again.
    expect(sceneRenderKey(content, { ...scene, duration_seconds: 4 }, 1, format)).toBe(key);
    // The music's volume is mixed over the clips; its mood chooses their look (palette, captions).
    expect(sceneRenderKey({ ...content, music: { mood: 'calm', volume: 0.9 } }, scene, 1, format)).toBe(key);
    expect(
      sceneRenderKey({ ...content, music: { mood: 'energetic', volume: 0.5 } }, scene, 1, format),
    ).not.toBe(key);
  });

  it('differs by who films the scene, and a drawn scene has a key of its own without a source', () => {
    const drawn = sceneRenderKey(content, scene, 1, format);
    // A drawn scene's key has no source in it: vendors filming others change nothing for it.
    expect(drawn).toBe('5ea816ff1a0646eaa92bc164065336b9');
    const veo = sceneRenderKey(content, scene, 1, format, 'veo:veo-3.1-generate-preview');
    expect(veo).not.toBe(drawn);
    expect(sceneRenderKey(content, scene, 1, format, 'veo:veo-3.0-generate-001')).not.toBe(veo);
  });
});
