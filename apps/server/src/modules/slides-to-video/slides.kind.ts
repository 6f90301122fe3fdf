import { ASPECT_RATIOS } from '@reelcraft/contract';
import { z } from 'zod';
import { defineGenerationKind, narratedRenderMessages } from '../generations';
import { storyboardRenderInputSchema, type StoryboardRendering } from '../storyboards';

const slidesInputSchema = z.object({
  /** The owner: the narration may speak with one of their clones. */
  userId: z.string(),
  deckId: z.string(),
  slides: z.array(z.object({ imageKey: z.string(), narration: z.string() })).min(1),
  voiceId: z.string(),
  aspect: z.enum(ASPECT_RATIOS),
  music: z.boolean(),
  seed: z.number().int(),
  /** The storyboard the slides became (issue 31): what renders. */
  storyboard: storyboardRenderInputSchema,
});
export type SlidesInput = z.infer<typeof slidesInputSchema>;

export interface SlidesKindDeps {
  storyboards: Pick<StoryboardRendering, 'render' | 'delivered'>;
}

/**
 * A narrated video from a deck's slides (one more kind of generation, DESIGN.md section 8): the kept
 * slides are a storyboard's scenes, each narrated from its notes, rendered by the storyboard
 * renderer like every video (issue 31), so the deck's video opens in the editor afterwards.
 */
export function slidesKind(deps: SlidesKindDeps) {
  return defineGenerationKind<SlidesInput>({
    name: 'slides',
    projectType: 'slides',
    input: slidesInputSchema,
    message: narratedRenderMessages({
      completed: 'Your slides video is ready',
      rendering: 'Rendering the slides',
    }),
    delivered: (input, videoId, rendered) => deps.storyboards.delivered(input.storyboard, videoId, rendered),
    render: (input, context) => deps.storyboards.render(input.storyboard, context),
  });
}

export type SlidesKind = ReturnType<typeof slidesKind>;
