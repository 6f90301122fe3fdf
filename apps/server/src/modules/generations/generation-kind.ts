import type { z } from 'zod';
import type { GenerationJobStatus, ImageVideoCurrentStage, ProjectType } from '@reelcraft/contract';
import type { RenderedVideo, TaskProgress } from '../../providers';

/** Where a generation stands, as its screen shows it. */
export interface GenerationStep {
  status: GenerationJobStatus;
  stage: ImageVideoCurrentStage;
  /** Percent, 0..100. */
  progress: number;
  error: string | null;
}

export interface RenderContext {
  /** Aborted when the process shuts down: stop, the job is handed back to the queue. */
  signal: AbortSignal;
  /** `progress` 0..1 of the render, `stage` one of the image stages. */
  onProgress(report: TaskProgress): void;
}

/**
 * One kind of generation (DESIGN.md section 8): what its stored input is, how it becomes a video,
 * and what its screen says. Everything else (quota, rows, queue, progress, outcomes, notifications,
 * give-back on failure) is the generation core's. Adding a kind is one of these and its
 * registration in `services.ts`.
 */
export interface GenerationKind<Input = unknown> {
  /** Unique; names the render job (`<name>.render`) and the quota reference. */
  readonly name: string;
  readonly projectType: ProjectType;
  /** The stored input, checked again when a job reloads it. */
  readonly input: z.ZodType<Input>;
  /** The screen's text for a state: its progress band, or the reason of a failure. */
  message(step: GenerationStep): string | null;
  /**
   * Renders from scratch (a retried job renders again; a seed in the input makes it the same
   * video). Throw `VideoInputError` for an input that cannot be used: the user sees its message.
   * A workflow kind (the studio, made in several user-driven steps) has none: its module handles
   * the `<name>.render` job itself and ends the generation with `GenerationRunner.deliver`/`fail`.
   */
  render?(input: Input, context: RenderContext): Promise<RenderedVideo>;
  /**
   * Called once the rendered video is stored in its row, before the owner is told: a kind records
   * what else the render made (a storyboard's captions and scene clips).
   */
  delivered?(input: Input, videoId: string, rendered: RenderedVideo): Promise<void>;
  /** The outcome notifications' titles, and where a failure sends the user, when not the defaults. */
  notices?: GenerationNotices;
}

export interface GenerationNotices {
  /**
   * Where a failed video's notification sends the user to try again (the studio, the avatars);
   * any other notification opens the video itself in My Projects (issue 36).
   */
  failedLink?: string;
  completedTitle?: string;
  failedTitle?: string;
}

/**
 * The `message` of a kind whose render narrates then draws: the failure's reason (or `failed`), the
 * finished text, and one text per stage (`file_processing`: the narration is spoken; `rendering`: the
 * frames are drawn; `final_combination`: the file is finished).
 */
export function narratedRenderMessages(texts: {
  completed: string;
  rendering: string;
  failed?: string;
}): GenerationKind['message'] {
  return (step) => {
    if (step.status === 'failed') return step.error ?? texts.failed ?? null;
    if (step.status === 'completed') return texts.completed;
    if (step.stage === 'file_processing') return 'Recording the narration';
    if (step.stage === 'final_combination') return 'Finishing the video';
    return texts.rendering;
  };
}

/** Keeps the input type of a kind while its definition is written. */
export function defineGenerationKind<Input>(kind: GenerationKind<Input>): GenerationKind<Input> {
  return kind;
}

/** The queue job that renders a kind. */
export const renderJobName = (kind: Pick<GenerationKind, 'name'>) => `${kind.name}.render` as const;

declare module '../../platform/queue/job-registry' {
  interface JobPayloads {
    /** Every kind's render job; `id`: the generation row's id. */
    [name: `${string}.render`]: { id: string };
  }
}
