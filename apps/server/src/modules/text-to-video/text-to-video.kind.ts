import { z } from 'zod';
import { ASPECT_RATIOS, SEED_MAX, textToVideoProgressLabel } from '@reelcraft/contract';
import type { VideoProvider } from '../../providers';
import { defineGenerationKind } from '../generations';

/** What the text screen renders (the spec offers no choice of shape or quality there). */
const TEXT_VIDEO_FORMAT = { aspect: '16:9', fps: 24, quality: 'standard' } as const;

const textVideoInputSchema = z.object({
  prompt: z.string(),
  durationSeconds: z.number().int().positive(),
  /** Given, or drawn at the start, so every attempt renders the same video. */
  seed: z.number().int().min(0).max(SEED_MAX),
  /** The screen's videos are 16:9; the chat assistant may ask for another shape. */
  aspect: z.enum(ASPECT_RATIOS).optional(),
});
export type TextVideoInput = z.infer<typeof textVideoInputSchema>;

/** A video from a text description (spec 001 section 3, Text job). */
export function textToVideoKind(video: Pick<VideoProvider, 'fromText'>) {
  return defineGenerationKind({
    name: 'text-to-video',
    projectType: 'text-to-video',
    input: textVideoInputSchema,
    // The text screen shows progress bands (spec 001 section 4), and the reason of a failure.
    message: (step) => (step.status === 'failed' ? step.error : textToVideoProgressLabel(step.progress)),
    render: ({ aspect, ...input }, context) =>
      video.fromText({ ...input, ...TEXT_VIDEO_FORMAT, aspect: aspect ?? TEXT_VIDEO_FORMAT.aspect }, context),
  });
}

export type TextToVideoKind = ReturnType<typeof textToVideoKind>;
