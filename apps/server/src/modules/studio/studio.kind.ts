import { z } from 'zod';
import { studioMessages } from '@reelcraft/contract';
import { defineGenerationKind } from '../generations';

/** Where the studio lives: its notifications link there (spec 001 section 4). */
export const STUDIO_LINK = '/studio';

/** The studio opened on one job, on any device (the studio loads it from the server). */
export function studioJobLink(jobId: string): string {
  return `${STUDIO_LINK}?job=${encodeURIComponent(jobId)}`;
}

/**
 * The studio's generation: the start reserves the video and makes its library row like every kind,
 * but the video is made in steps the user drives (candidates, choice, voiceover, lip-sync), so the
 * kind renders nothing itself: the studio handles its `ai-studio.render` job (the candidates) and
 * delivers the lip-synced video at the end.
 */
export function studioKind() {
  return defineGenerationKind({
    name: 'ai-studio',
    projectType: 'ai-studio',
    input: z.object({ jobId: z.string() }),
    message: (step) => (step.status === 'failed' ? step.error : null),
    notices: { failedLink: STUDIO_LINK, failedTitle: studioMessages.generationFailedTitle },
  });
}

export type StudioKind = ReturnType<typeof studioKind>;
