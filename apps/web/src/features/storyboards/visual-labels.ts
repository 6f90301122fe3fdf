import type {
  MusicMoodName,
  SceneAction,
  SceneCameraMove,
  SceneSetting,
  SceneTransition,
  SceneWeather,
  StoryboardStatus,
  TimeOfDay,
} from '@reelcraft/contract';

// How the editor names the contract's values (the chips and selects offer exactly the contract's
// lists, in its order).

function capitalised(value: string): string {
  const words = value.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const settingLabel = (value: SceneSetting): string => capitalised(value);
export const timeLabel = (value: TimeOfDay): string => capitalised(value);
export const weatherLabel = (value: SceneWeather): string => capitalised(value);
export const moodLabel = (value: MusicMoodName): string => capitalised(value);

export function cameraLabel(value: SceneCameraMove): string {
  return value === 'auto' ? 'Auto' : capitalised(value);
}

const ACTION_LABELS: Record<SceneAction, string> = {
  hero: 'Stand',
  cross: 'Cross',
  arc: 'Arc',
  spin: 'Turn',
  bob: 'Float',
  drop: 'Fall',
  grow: 'Grow',
  // The scene's image is a portrait saying the narration (the avatar presenter's scenes).
  speak: 'Speak to camera',
};
export const actionLabel = (value: SceneAction): string => ACTION_LABELS[value];

export const transitionLabel = (value: SceneTransition): string => (value === 'cut' ? 'Cut' : 'Fade');

const STATUS_LABELS: Record<StoryboardStatus, string> = {
  draft: 'Draft',
  rendering: 'Rendering',
  rendered: 'Rendered',
};
export const statusLabel = (value: StoryboardStatus): string => STATUS_LABELS[value];

/** The languages a narration can be in; the offline speech speaks English. */
export const LANGUAGES = [{ code: 'en', name: 'English' }] as const;
