import { imageVideoStageSchema, type ImageVideoStage } from '@reelcraft/contract';

/** The stages in order (spec 001 section 4); every kind reports these. */
const STAGES: readonly ImageVideoStage[] = imageVideoStageSchema.options;

const isStage = (stage: string): stage is ImageVideoStage => (STAGES as readonly string[]).includes(stage);

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
    const index = isStage(stage) ? STAGES.indexOf(stage) : -1;
    if (index > STAGES.indexOf(this.stage)) {
      for (const earlier of STAGES.slice(0, index)) this.percents[earlier] = 100;
      this.stage = STAGES[index] as ImageVideoStage;
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
    for (const stage of STAGES.slice(0, -1)) this.percents[stage] = 100;
    this.stage = 'final_combination';
    this.percents.final_combination = Math.max(this.percents.final_combination ?? 0, 50);
    this.progress = Math.max(this.progress, this.renderSharePercent);
    return this.snapshot();
  }

  snapshot(): StageSnapshot {
    return { progress: this.progress, currentStage: this.stage, stageProgress: { ...this.percents } };
  }
}
