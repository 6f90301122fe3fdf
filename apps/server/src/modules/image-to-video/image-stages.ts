import {
  imageToVideoMessages,
  imageVideoStageSchema,
  type GenerationJobStatus,
  type ImageVideoStage,
} from '@reelcraft/contract';
import type { ImageVideoJobStage } from './image-to-video.schema';

/** The stages in order (spec 001 section 4), then `completed`. */
export const IMAGE_STAGES: readonly ImageVideoStage[] = imageVideoStageSchema.options;

const STAGE_MESSAGES: Record<ImageVideoJobStage, string> = {
  file_processing: imageToVideoMessages.stageFileProcessing,
  scene_generation: imageToVideoMessages.stageSceneGeneration,
  video_generation: imageToVideoMessages.stageVideoGeneration,
  final_combination: imageToVideoMessages.stageFinalCombination,
  completed: imageToVideoMessages.stageCompleted,
};

const isStage = (stage: string): stage is ImageVideoJobStage => stage in STAGE_MESSAGES;

/** The message the screen shows for a job's state (the spec's texts; the reason when it failed). */
export function stageMessage(
  status: GenerationJobStatus,
  stage: string,
  progress: number,
  error: string | null,
): string | null {
  if (status === 'failed') return error;
  if (status === 'completed') return imageToVideoMessages.stageCompleted;
  return isStage(stage) ? STAGE_MESSAGES[stage] : imageToVideoMessages.stageOther(progress);
}

export type StageState = 'pending' | 'processing' | 'completed' | 'failed';

/** Each stage's state: those before the current one are done, the current one runs (or failed). */
export function stageStates(
  status: GenerationJobStatus,
  currentStage: ImageVideoJobStage,
): Record<ImageVideoStage, StageState> {
  const current = currentStage === 'completed' ? IMAGE_STAGES.length : IMAGE_STAGES.indexOf(currentStage);
  const entries = IMAGE_STAGES.map((stage, index): [ImageVideoStage, StageState] => {
    if (status === 'completed' || index < current) return [stage, 'completed'];
    if (index === current) return [stage, status === 'failed' ? 'failed' : 'processing'];
    return [stage, 'pending'];
  });
  return Object.fromEntries(entries) as Record<ImageVideoStage, StageState>;
}

export interface StageSnapshot {
  /** Percent of the whole job. */
  progress: number;
  currentStage: ImageVideoStage;
  stageProgress: Partial<Record<ImageVideoStage, number>>;
}

/**
 * Turns a renderer's reports (0..1 of the whole, and its stage) into the job's numbers. A stage's
 * own percent is estimated from how much of what remained when it began is done: renderers report
 * one overall fraction, not one per stage. `renderSharePercent` of the job is the render; storing
 * the result is the rest.
 */
export class StageTracker {
  private stage: ImageVideoStage = 'file_processing';
  private stageStart = 0;
  private readonly percents: Partial<Record<ImageVideoStage, number>> = { file_processing: 0 };
  private progress = 0;

  constructor(private readonly renderSharePercent: number) {}

  /** Answers the new snapshot and whether the stage changed. */
  report(fraction: number, stage: string): { snapshot: StageSnapshot; stageChanged: boolean } {
    const value = Math.min(1, Math.max(0, fraction));
    let stageChanged = false;
    const index = isStage(stage) && stage !== 'completed' ? IMAGE_STAGES.indexOf(stage) : -1;
    if (index > IMAGE_STAGES.indexOf(this.stage)) {
      for (const earlier of IMAGE_STAGES.slice(0, index)) this.percents[earlier] = 100;
      this.stage = IMAGE_STAGES[index] as ImageVideoStage;
      this.stageStart = value;
      stageChanged = true;
    }
    const remaining = 1 - this.stageStart;
    const within = remaining > 0 ? (value - this.stageStart) / remaining : 1;
    this.percents[this.stage] = Math.max(this.percents[this.stage] ?? 0, Math.round(within * 100));
    this.progress = Math.max(this.progress, Math.floor(value * this.renderSharePercent));
    return { snapshot: this.snapshot(), stageChanged };
  }

  /** The last stage begun: storing the result counts as final combination. */
  finishing(): StageSnapshot {
    for (const stage of IMAGE_STAGES.slice(0, -1)) this.percents[stage] = 100;
    this.stage = 'final_combination';
    this.percents.final_combination = Math.max(this.percents.final_combination ?? 0, 50);
    this.progress = Math.max(this.progress, this.renderSharePercent);
    return this.snapshot();
  }

  snapshot(): StageSnapshot {
    return { progress: this.progress, currentStage: this.stage, stageProgress: { ...this.percents } };
  }
}
