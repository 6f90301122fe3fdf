import { generationMessages, textToVideoProgressLabel } from '@reelcraft/contract';
import { StepChecklist } from '../../components/progress-bar';
import { ProgressRing, SendToBackgroundButton } from '../../components/generations';

const STEPS = [
  { label: 'Initializing', doneAt: 25 },
  { label: 'Processing', doneAt: 50 },
  { label: 'Rendering', doneAt: 75 },
  { label: 'Finalizing', doneAt: 100 },
] as const;

/** The modal progress of a running text job: ring, band label, steps and the background button. */
export function TextProgressOverlay({
  progress,
  retrying,
  sessionId,
}: {
  progress: number;
  /** The last attempt was interrupted and another is coming. */
  retrying: boolean;
  /** The job the background button hands over. */
  sessionId: string;
}) {
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/60 p-4">
      <section
        role="dialog"
        aria-modal="true"
        aria-label="Creating your video"
        className="flex w-full max-w-md flex-col items-center gap-5 rounded-2xl bg-white p-6 text-zinc-900 shadow-xl dark:bg-zinc-900 dark:text-white"
      >
        <h2 className="text-lg font-semibold">Creating your video</h2>
        <ProgressRing percent={progress} label="Video progress" />
        <p role="status" className="text-sm font-medium" data-testid="progress-stage">
          {retrying ? generationMessages.retrying : textToVideoProgressLabel(progress)}
        </p>
        <StepChecklist steps={STEPS.map((step) => ({ label: step.label, done: progress >= step.doneAt }))} />
        <SendToBackgroundButton sessionId={sessionId} />
      </section>
    </div>
  );
}
