import { generationMessages, imageToVideoMessages, type GenerationState } from '@reelcraft/contract';
import {
  CircleCheckBigIcon,
  ClapperboardIcon,
  FolderOpenIcon,
  PaletteIcon,
  PuzzleIcon,
  type LucideIcon,
} from 'lucide-react';
import { ProgressBar, StepChecklist } from '../../components/progress-bar';
import { ProgressRing, SendToBackgroundButton } from '../../components/generations';

export type ImageStage = GenerationState['stage'];

const STAGE_ORDER: readonly ImageStage[] = [
  'file_processing',
  'scene_generation',
  'video_generation',
  'final_combination',
  'completed',
];

// Icons of the app's icon set, not emoji: emoji render as empty boxes where no emoji font is installed.
const STAGES: readonly { stage: ImageStage; label: string; icon: LucideIcon }[] = [
  { stage: 'file_processing', label: 'File processing', icon: FolderOpenIcon },
  { stage: 'scene_generation', label: 'Scene generation', icon: PaletteIcon },
  { stage: 'video_generation', label: 'Video generation', icon: ClapperboardIcon },
  { stage: 'final_combination', label: 'Final combination', icon: PuzzleIcon },
  { stage: 'completed', label: 'Completed', icon: CircleCheckBigIcon },
];

/** Upload, Process, Generate, Complete: each done once the job is past its stage. */
const STEPS: readonly { label: string; doneAfter: ImageStage }[] = [
  { label: 'Upload', doneAfter: 'file_processing' },
  { label: 'Process', doneAfter: 'scene_generation' },
  { label: 'Generate', doneAfter: 'video_generation' },
  { label: 'Complete', doneAfter: 'final_combination' },
];

/** The message of spec 001 section 4 for a stage; otherwise "Processing... N%". */
export function stageMessage(stage: ImageStage | null, progress: number): string {
  switch (stage) {
    case 'file_processing':
      return imageToVideoMessages.stageFileProcessing;
    case 'scene_generation':
      return imageToVideoMessages.stageSceneGeneration;
    case 'video_generation':
      return imageToVideoMessages.stageVideoGeneration;
    case 'final_combination':
      return imageToVideoMessages.stageFinalCombination;
    case 'completed':
      return imageToVideoMessages.stageCompleted;
    default:
      return imageToVideoMessages.stageOther(Math.round(progress));
  }
}

export function GenerationPanel({
  progress,
  stage,
  retrying,
  sessionId,
}: {
  progress: number;
  stage: ImageStage | null;
  /** The last attempt was interrupted and another is coming. */
  retrying: boolean;
  /** The job the background button hands over. */
  sessionId: string;
}) {
  const at = stage ? STAGE_ORDER.indexOf(stage) : -1;
  const value = Math.round(progress);
  return (
    <section
      aria-label="Generating your video"
      className="flex flex-col items-center gap-5 rounded-2xl border border-zinc-200 bg-white p-6 dark:border-white/10 dark:bg-white/5"
    >
      <ProgressRing percent={progress} label="Video progress" />
      <p role="status" className="text-sm font-medium" data-testid="stage-message">
        {retrying ? generationMessages.retrying : stageMessage(stage, progress)}
      </p>
      <ol
        aria-label="Stages"
        className="flex w-full justify-between gap-1 text-center text-[0.625rem] leading-tight sm:gap-2 sm:text-xs"
      >
        {STAGES.map((item, index) => {
          const state =
            index < at || stage === 'completed' ? 'complete' : index === at ? 'current' : 'pending';
          const Icon = item.icon;
          return (
            <li
              key={item.stage}
              aria-label={`${item.label} (${state})`}
              className="flex min-w-0 flex-1 flex-col items-center gap-1"
            >
              <Icon
                aria-hidden="true"
                data-state={state}
                className={`size-6 ${
                  state === 'pending'
                    ? 'text-zinc-400 dark:text-zinc-500'
                    : state === 'current'
                      ? 'text-violet-600 dark:text-violet-300'
                      : 'text-emerald-600 dark:text-emerald-400'
                }`}
              />
              {item.label}
            </li>
          );
        })}
      </ol>
      <ProgressBar percent={value} label="Overall progress" />
      <StepChecklist
        steps={STEPS.map((step) => ({ label: step.label, done: at > STAGE_ORDER.indexOf(step.doneAfter) }))}
      />
      <SendToBackgroundButton sessionId={sessionId} />
    </section>
  );
}
