import { generationMessages, type GenerationState } from '@reelcraft/contract';
import { useEffect, useRef } from 'react';
import { StepChecklist } from '../../components/progress-bar';
import { ProgressRing, SendToBackgroundButton } from '../../components/generations';

type Stage = GenerationState['stage'];

const STAGE_ORDER: readonly Stage[] = [
  'file_processing',
  'scene_generation',
  'video_generation',
  'final_combination',
  'completed',
];

/** What the render does at each stage (the slides kind voices every slide first, then renders). */
export function slidesStageLabel(stage: Stage, progress: number): string {
  switch (stage) {
    case 'file_processing':
      return 'Recording the narration…';
    case 'scene_generation':
    case 'video_generation':
      return 'Rendering the slides…';
    case 'final_combination':
      return 'Finishing your video…';
    case 'completed':
      return 'Your video is ready!';
    default:
      return `Processing… ${Math.round(progress)}%`;
  }
}

/** Each step is done once the job is past its stage. */
const STEPS: readonly { label: string; doneAfter: Stage }[] = [
  { label: 'Narration', doneAfter: 'file_processing' },
  { label: 'Slides', doneAfter: 'video_generation' },
  { label: 'Finishing', doneAfter: 'final_combination' },
  { label: 'Complete', doneAfter: 'completed' },
];

/** The modal progress of a running slides render: ring, stage, steps and the background button. */
export function SlidesProgressOverlay({
  state,
  sessionId,
}: {
  state: GenerationState;
  /** The job the background button hands over. */
  sessionId: string;
}) {
  const panel = useRef<HTMLElement>(null);
  // The editor under the overlay is out of reach while it shows: the focus moves into the dialog.
  useEffect(() => panel.current?.focus(), []);
  const at = STAGE_ORDER.indexOf(state.stage);
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/60 p-4">
      <section
        ref={panel}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-label="Creating your video"
        className="flex w-full max-w-md flex-col items-center gap-5 rounded-2xl bg-white p-6 text-zinc-900 shadow-xl outline-none dark:bg-zinc-900 dark:text-white"
      >
        <h2 className="text-lg font-semibold">Creating your video</h2>
        <ProgressRing percent={state.progress} label="Video progress" />
        <p role="status" className="text-sm font-medium" data-testid="progress-stage">
          {state.retrying ? generationMessages.retrying : slidesStageLabel(state.stage, state.progress)}
        </p>
        <StepChecklist
          steps={STEPS.map((step) => ({
            label: step.label,
            done: state.stage === 'completed' || at > STAGE_ORDER.indexOf(step.doneAfter),
          }))}
        />
        <p className="text-center text-xs text-zinc-500 dark:text-zinc-400">
          You can leave this page: the video keeps rendering and shows up in My Projects.
        </p>
        <SendToBackgroundButton sessionId={sessionId} />
      </section>
    </div>
  );
}
