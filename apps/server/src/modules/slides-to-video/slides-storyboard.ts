import {
  SILENT_SLIDE_SECONDS,
  type CreateSlidesVideoBody,
  type StoryboardContent,
} from '@reelcraft/contract';
import { narrationChunks, withNarratedDurations } from '../../providers/video/storyboard-scenes';

/** The id of the `part`th scene of the kept slide at `position` (from 0): `slide-2-1`. */
const slideSceneId = (position: number, part: number) => `slide-${position + 1}-${part + 1}`;

/** The position (from 0) among the kept slides of the slide a scene of `slidesStoryboard` shows. */
export function slidePositionOf(sceneId: string): number {
  return Number(/^slide-(\d+)-/.exec(sceneId)?.[1] ?? 0) - 1;
}

/**
 * A deck's kept slides as a storyboard (issue 31): one scene per slide showing it, narrated from its
 * (edited) notes; notes longer than a scene holds become several scenes of the same slide, and a
 * slide without narration stays on screen for SILENT_SLIDE_SECONDS. Pure.
 */
export function slidesStoryboard(
  title: string,
  body: Pick<CreateSlidesVideoBody, 'voice_id' | 'aspect_ratio' | 'music'>,
  slides: readonly { imageKey: string; narration: string }[],
  uriFor: (key: string) => string,
): StoryboardContent {
  const scenes = slides.flatMap((slide, slideIndex) =>
    narrationChunks(slide.narration).map((narration, part) => ({
      id: slideSceneId(slideIndex, part),
      narration,
      duration_seconds: SILENT_SLIDE_SECONDS,
      // A silent slide keeps its time; a narrated one lasts its speech.
      duration_fixed: narration === '',
      transition: slideIndex === 0 && part === 0 ? ('fade' as const) : ('cut' as const),
      visual: {
        subjects: [
          { kind: 'image' as const, image_url: uriFor(slide.imageKey), label: `Slide ${slideIndex + 1}` },
        ],
        setting: 'studio' as const,
        time: 'day' as const,
        weather: 'clear' as const,
        camera: 'push-in' as const,
        action: 'hero' as const,
        prompt: null,
      },
    })),
  );
  return withNarratedDurations({
    title,
    aspect_ratio: body.aspect_ratio,
    voice_id: body.voice_id,
    music: { mood: 'calm', volume: body.music ? 0.5 : 0 },
    captions: { enabled: true, style: 'highlight' },
    language: 'en',
    scenes,
  });
}
