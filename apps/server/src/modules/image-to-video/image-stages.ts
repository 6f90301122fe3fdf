import {
  imageToVideoMessages,
  imageVideoStageSchema,
  type GenerationJobStatus,
  type ImageVideoCurrentStage,
  type ImageVideoStage,
} from '@reelcraft/contract';

/** The stages in order (spec 001 section 4), then `completed`. */
export const IMAGE_STAGES: readonly ImageVideoStage[] = imageVideoStageSchema.options;

const STAGE_MESSAGES: Record<ImageVideoCurrentStage, string> = {
  file_processing: imageToVideoMessages.stageFileProcessing,
  scene_generation: imageToVideoMessages.stageSceneGeneration,
  video_generation: imageToVideoMessages.stageVideoGeneration,
  final_combination: imageToVideoMessages.stageFinalCombination,
  completed: imageToVideoMessages.stageCompleted,
};

const isStage = (stage: string): stage is ImageVideoCurrentStage => stage in STAGE_MESSAGES;

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
  currentStage: ImageVideoCurrentStage,
): Record<ImageVideoStage, StageState> {
  const current = currentStage === 'completed' ? IMAGE_STAGES.length : IMAGE_STAGES.indexOf(currentStage);
  const entries = IMAGE_STAGES.map((stage, index): [ImageVideoStage, StageState] => {
    if (status === 'completed' || index < current) return [stage, 'completed'];
    if (index === current) return [stage, status === 'failed' ? 'failed' : 'processing'];
    return [stage, 'pending'];
  });
  return Object.fromEntries(entries) as Record<ImageVideoStage, StageState>;
}
