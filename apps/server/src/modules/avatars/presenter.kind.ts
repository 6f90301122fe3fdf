import { avatarMessages } from '@reelcraft/contract';
import { z } from 'zod';
import type { ObjectStorage } from '../../platform/storage';
import type { RenderedVideo } from '../../providers';
import { defineGenerationKind, narratedRenderMessages, VideoInputError } from '../generations';
import { storyboardRenderInputSchema, type StoryboardRendering } from '../storyboards';

export const PORTRAIT_GONE = 'The avatar of this video was deleted. Please choose another avatar.';

const presenterInputSchema = z.object({
  userId: z.string(),
  avatarId: z.string(),
  /** The portrait's storage key: a video whose avatar was deleted meanwhile fails with PORTRAIT_GONE. */
  imageKey: z.string(),
  /** The storyboard the text became (presenter-storyboard.ts), rendered like any storyboard. */
  storyboard: storyboardRenderInputSchema,
});
export type PresenterInput = z.infer<typeof presenterInputSchema>;

export interface PresenterKindDeps {
  storage: Pick<ObjectStorage, 'exists'>;
  storyboards: Pick<StoryboardRendering, 'render' | 'delivered'>;
}

/**
 * A talking-presenter video of an avatar (DESIGN.md section 8, issue 31): a storyboard whose scenes
 * show the portrait speaking the text, rendered by the storyboards module's rendering (the talking
 * portrait is a footage source of the video provider; a lip-sync vendor, when configured, re-syncs
 * the joined video). Its screen's texts, progress and notices are the presenter's own.
 */
export function presenterKind(deps: PresenterKindDeps) {
  return defineGenerationKind<PresenterInput>({
    name: 'avatar-presenter',
    projectType: 'avatar-presenter',
    input: presenterInputSchema,
    message: narratedRenderMessages({
      completed: 'Your presenter video is ready',
      rendering: 'Animating the presenter',
      failed: avatarMessages.presenterFailed,
    }),
    notices: { failedLink: '/avatars' },
    async render(input, context): Promise<RenderedVideo> {
      context.onProgress({ progress: 0, stage: 'file_processing' });
      if (!(await deps.storage.exists(input.imageKey))) throw new VideoInputError(PORTRAIT_GONE);
      return deps.storyboards.render(
        input.storyboard,
        {
          signal: context.signal,
          // The storyboard speaks every scene first (its scene stage): the presenter's screen says
          // the narration is being recorded, then that the presenter is animated.
          onProgress: (report) =>
            context.onProgress({
              ...report,
              stage: report.stage === 'scene_generation' ? 'file_processing' : report.stage,
            }),
        },
        { imageGone: PORTRAIT_GONE },
      );
    },
    delivered: (input, videoId, rendered) => deps.storyboards.delivered(input.storyboard, videoId, rendered),
  });
}

export type PresenterKind = ReturnType<typeof presenterKind>;
