import {
  estimateNarrationSeconds,
  type SaveStoryboardBody,
  type Storyboard,
  type StoryboardScene,
} from '@reelcraft/contract';
import type { SentRequest } from './fake-api';

// Storyboards as the server answers them (issue 31), and a small stand-in for its save rules.

export function testScene(overrides: Partial<StoryboardScene> = {}): StoryboardScene {
  const narration = overrides.narration ?? 'A quiet forest at dawn.';
  return {
    id: 'scene-1',
    narration,
    duration_seconds: Math.max(1, estimateNarrationSeconds(narration)),
    duration_fixed: false,
    transition: 'cut',
    visual: {
      subjects: [{ kind: 'illustration', id: 'fox', label: 'Fox', tint: null }],
      setting: 'forest',
      time: 'dawn',
      weather: 'fog',
      camera: 'auto',
      action: 'hero',
      prompt: null,
    },
    ...overrides,
  };
}

const NOW = '2025-06-01T10:00:00.000Z';

export function testStoryboard(overrides: Partial<Storyboard> = {}): Storyboard {
  const scenes = overrides.scenes ?? [
    testScene({ id: 'scene-1', narration: 'A fox wakes up in the misty forest.' }),
    testScene({ id: 'scene-2', narration: 'It runs across the snow to the lake.' }),
    testScene({ id: 'scene-3', narration: 'The sun sets over the water.' }),
  ];
  return {
    id: 'sb-1',
    title: 'The fox and the lake',
    aspect_ratio: '16:9',
    voice_id: null,
    music: { mood: 'calm', volume: 0.4 },
    captions: { enabled: true, style: 'highlight' },
    language: 'en',
    scenes,
    version: 3,
    status: 'draft',
    prompt: 'A fox runs to a lake',
    duration_seconds: scenes.reduce((sum, scene) => sum + scene.duration_seconds, 0),
    video_id: null,
    video_url: null,
    rendered_version: null,
    video_captions_in_picture: false,
    render_session_id: null,
    pending_render: { scene_ids: scenes.map((scene) => scene.id), videos_cost: 1 },
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
}

/**
 * PUT /storyboards/{id} as the server answers it: a save on the newest version becomes the next one
 * (and the scenes it changed render again, free after a first render); an older version gets the 409
 * with the newest storyboard. `current()` reads the stored one; `store()` plays another tab's save.
 */
export function storyboardServer(initial: Storyboard) {
  let stored = initial;
  return {
    current: () => stored,
    store(next: Storyboard) {
      stored = next;
    },
    save(request: SentRequest) {
      const { version, ...content } = request.body as SaveStoryboardBody;
      if (version !== stored.version) {
        return {
          status: 409,
          body: {
            detail:
              'This storyboard was changed somewhere else. Your edit was not saved: review the newest version and apply it again.',
            current: stored,
          },
        };
      }
      const before = new Map(stored.scenes.map((scene) => [scene.id, JSON.stringify(scene)]));
      const changed = content.scenes
        .filter((scene) => before.get(scene.id) !== JSON.stringify(scene))
        .map((scene) => scene.id);
      const firstRender = stored.video_id === null;
      stored = {
        ...stored,
        ...content,
        version: stored.version + 1,
        duration_seconds: content.scenes.reduce((sum, scene) => sum + scene.duration_seconds, 0),
        pending_render: firstRender
          ? { scene_ids: content.scenes.map((scene) => scene.id), videos_cost: 1 }
          : { scene_ids: [...new Set([...stored.pending_render.scene_ids, ...changed])], videos_cost: 0 },
      };
      return { status: 200, body: stored };
    },
  };
}
