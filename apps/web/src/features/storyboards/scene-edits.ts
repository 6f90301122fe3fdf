import {
  narratedSceneSeconds,
  STORYBOARD_LIMITS,
  type SceneSubject,
  type SceneVisual,
  type StoryboardContent,
  type StoryboardScene,
} from '@reelcraft/contract';

// The edits the editor makes to a storyboard's content, as pure functions: each returns new content
// and leaves what it did not change as the same objects (so a patch holds only what changed).

/** A scene without narration is shown this long unless the user sets its length. */
export const SILENT_SCENE_SECONDS = 3;

/** A scene id: a random UUID kept to the letters, digits and dashes the contract allows. */
export function newSceneId(): string {
  return crypto.randomUUID().replace(/[^A-Za-z0-9_-]/g, '');
}

/**
 * The length of a scene that follows its narration: the speech estimate within the scene bounds; a
 * silent scene keeps `fallback` (its length so far), as the server normalises it on save.
 */
export function followedSeconds(narration: string, fallback: number = SILENT_SCENE_SECONDS): number {
  return narratedSceneSeconds(narration, fallback);
}

/** The whole video's length: its scenes added up. */
export function totalSeconds(content: Pick<StoryboardContent, 'scenes'>): number {
  return Math.round(content.scenes.reduce((sum, scene) => sum + scene.duration_seconds, 0) * 10) / 10;
}

/** "0:45", "2:05": a length as minutes and seconds. */
export function formatSeconds(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export function updateScene(
  content: StoryboardContent,
  sceneId: string,
  update: (scene: StoryboardScene) => StoryboardScene,
): StoryboardContent {
  return {
    ...content,
    scenes: content.scenes.map((scene) => (scene.id === sceneId ? update(scene) : scene)),
  };
}

export function setNarration(scene: StoryboardScene, narration: string): StoryboardScene {
  return scene.duration_fixed
    ? { ...scene, narration }
    : { ...scene, narration, duration_seconds: followedSeconds(narration, scene.duration_seconds) };
}

/** A length the user set (fixed), or null to let the scene follow its narration again. */
export function setFixedDuration(scene: StoryboardScene, seconds: number | null): StoryboardScene {
  if (seconds === null) {
    return {
      ...scene,
      duration_fixed: false,
      duration_seconds: followedSeconds(scene.narration, scene.duration_seconds),
    };
  }
  return { ...scene, duration_fixed: true, duration_seconds: seconds };
}

export function setVisual<K extends keyof SceneVisual>(
  scene: StoryboardScene,
  field: K,
  value: SceneVisual[K],
): StoryboardScene {
  return { ...scene, visual: { ...scene.visual, [field]: value } };
}

export function addSubject(scene: StoryboardScene, subject: SceneSubject): StoryboardScene {
  if (scene.visual.subjects.length >= STORYBOARD_LIMITS.maxSubjects) return scene;
  return setVisual(scene, 'subjects', [...scene.visual.subjects, subject]);
}

export function removeSubject(scene: StoryboardScene, index: number): StoryboardScene {
  return setVisual(
    scene,
    'subjects',
    scene.visual.subjects.filter((_, at) => at !== index),
  );
}

/**
 * A new, silent scene at the end, in the same place and light as the last one (no subjects yet);
 * where the scenes have prompts (a cloud provider films them), an empty one, described from its fields.
 */
export function addScene(content: StoryboardContent, id = newSceneId()): StoryboardContent {
  if (content.scenes.length >= STORYBOARD_LIMITS.maxScenes) return content;
  const last = content.scenes.at(-1);
  const scene: StoryboardScene = {
    id,
    narration: '',
    duration_seconds: SILENT_SCENE_SECONDS,
    duration_fixed: false,
    transition: 'cut',
    visual: last
      ? { ...last.visual, subjects: [], prompt: last.visual.prompt === null ? null : '' }
      : {
          subjects: [],
          setting: 'studio',
          time: 'day',
          weather: 'clear',
          camera: 'auto',
          action: 'hero',
          prompt: null,
        },
  };
  return { ...content, scenes: [...content.scenes, scene] };
}

/** A copy of the scene right after it, under a new id. */
export function duplicateScene(
  content: StoryboardContent,
  sceneId: string,
  id = newSceneId(),
): StoryboardContent {
  if (content.scenes.length >= STORYBOARD_LIMITS.maxScenes) return content;
  const at = content.scenes.findIndex((scene) => scene.id === sceneId);
  const original = content.scenes[at];
  if (!original) return content;
  const scenes = [...content.scenes];
  scenes.splice(at + 1, 0, { ...original, id });
  return { ...content, scenes };
}

/** Removes a scene; the last one stays (a storyboard has at least one). */
export function deleteScene(content: StoryboardContent, sceneId: string): StoryboardContent {
  if (content.scenes.length <= STORYBOARD_LIMITS.minScenes) return content;
  return { ...content, scenes: content.scenes.filter((scene) => scene.id !== sceneId) };
}

export function moveScene(content: StoryboardContent, from: number, to: number): StoryboardContent {
  const scene = content.scenes[from];
  if (!scene || to < 0 || to >= content.scenes.length || from === to) return content;
  const scenes = [...content.scenes];
  scenes.splice(from, 1);
  scenes.splice(to, 0, scene);
  return { ...content, scenes };
}
