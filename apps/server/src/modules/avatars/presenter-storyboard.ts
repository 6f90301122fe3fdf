import type { CreatePresenterVideoBody, StoryboardContent } from '@reelcraft/contract';
import { narrationChunks, withNarratedDurations } from '../../providers/video/storyboard-scenes';

/**
 * The most a presenter scene says: about two sentences (some 10 s of speech), so an edit to a line
 * renders that much again, and a single change stays within the free re-renders (decision 035).
 */
export const PRESENTER_SCENE_CHARS = 220;

/**
 * A presenter video as a storyboard (issue 31): the text split into scenes at sentence ends, each
 * showing the avatar's portrait speaking its part to the camera (action `speak`) in the chosen
 * voice. Captions are on (the words said); the music is off, as a presenter speaks alone, with a
 * warm mood ready for when the editor turns it up. Pure.
 */
export function presenterStoryboard(
  title: string,
  avatar: { name: string; portraitUri: string },
  body: Pick<CreatePresenterVideoBody, 'text' | 'voice_id' | 'aspect_ratio'>,
): StoryboardContent {
  const scenes = narrationChunks(body.text, PRESENTER_SCENE_CHARS).map((narration, index) => ({
    id: `presenter-${index + 1}`,
    narration,
    duration_seconds: 5,
    duration_fixed: false,
    transition: index === 0 ? ('fade' as const) : ('cut' as const),
    visual: {
      subjects: [{ kind: 'image' as const, image_url: avatar.portraitUri, label: avatar.name }],
      setting: 'studio' as const,
      time: 'day' as const,
      weather: 'clear' as const,
      camera: 'auto' as const,
      action: 'speak' as const,
      prompt: null,
    },
  }));
  return withNarratedDurations({
    title,
    aspect_ratio: body.aspect_ratio,
    voice_id: body.voice_id,
    music: { mood: 'warm', volume: 0 },
    captions: { enabled: true, style: 'highlight' },
    language: 'en',
    scenes,
  });
}
