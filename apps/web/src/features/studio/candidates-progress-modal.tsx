import { studioMessages } from '@reelcraft/contract';
import { Dialog } from '../../components/dialog';
import { ProgressBar } from '../../components/progress-bar';

interface CandidatesProgressModalProps {
  open: boolean;
  /** 0..100 */
  percent: number;
  ready: number;
  onClose: () => void;
}

/** The progress of the four candidates: a percentage and 'Candidates ready n/4' (spec 001 section 2). */
export function CandidatesProgressModal({ open, percent, ready, onClose }: CandidatesProgressModalProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Generating candidates"
      description="Your candidate clips appear in Candidate Review as they finish. You can close this window: generation goes on."
    >
      <div className="mt-4 flex flex-col gap-3">
        <div className="flex items-baseline justify-between text-sm">
          <span role="status">{studioMessages.candidatesReady(ready)}</span>
          <span className="font-semibold tabular-nums">{percent}%</span>
        </div>
        <ProgressBar percent={percent} label="Candidate generation progress" />
      </div>
    </Dialog>
  );
}
