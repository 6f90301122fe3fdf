import { STUDIO_CANDIDATE_COUNT, studioJobTexts, studioMessages } from '@reelcraft/contract';
import { CheckCircle2 } from 'lucide-react';
import { buttonClasses } from '../../components/button-styles';
import { FormMessage } from '../../components/form-message';
import { Spinner } from '../../components/spinner';
import { formatDate } from '../../lib/relative-time';
import type { CandidateView } from './studio-job-state';

interface CandidateReviewStepProps {
  candidates: readonly CandidateView[];
  generating: boolean;
  /** 0..100 while generating. */
  percent: number;
  selectedId: string | null;
  /** The candidate whose selection is being sent. */
  selectingId: string | null;
  /** When the job expires if left as it is (docs/decisions/037), or null. */
  expiresAt?: string | null;
  onSelect: (candidateId: string) => void;
  error: string | null;
}

/** Step 2: the four candidates side by side, playing; one is picked. */
export function CandidateReviewStep({
  candidates,
  generating,
  percent,
  selectedId,
  selectingId,
  expiresAt = null,
  onSelect,
  error,
}: CandidateReviewStepProps) {
  if (candidates.length === 0 && !generating) {
    return (
      <section
        aria-labelledby="candidates-heading"
        className="flex flex-col gap-2 rounded-2xl border border-dashed border-zinc-300 p-6 text-center dark:border-white/15"
      >
        <h2 id="candidates-heading" className="text-lg font-semibold">
          No candidates yet
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{studioMessages.generateCandidatesFirst}</p>
      </section>
    );
  }
  const waiting = generating ? STUDIO_CANDIDATE_COUNT - candidates.length : 0;
  return (
    <section aria-labelledby="candidates-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="candidates-heading" className="text-lg font-semibold">
          Pick your favourite candidate
        </h2>
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          {studioMessages.candidatesReady(candidates.length)}
          {generating ? ` · ${percent}%` : ''}
        </p>
      </div>
      {expiresAt ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {studioJobTexts.policy} This one is kept until{' '}
          <time dateTime={expiresAt}>{formatDate(expiresAt)}</time>.
        </p>
      ) : null}
      <ul aria-label="Candidates" className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {candidates.map((candidate, index) => {
          const selected = candidate.id === selectedId;
          const name = `Candidate ${index + 1}`;
          return (
            <li
              key={candidate.id}
              aria-label={selected ? `${name} (selected)` : name}
              className={`flex flex-col gap-2 rounded-2xl border p-2 ${
                selected
                  ? 'border-violet-500 ring-2 ring-violet-500/40 dark:border-violet-400'
                  : 'border-zinc-200 dark:border-white/10'
              }`}
            >
              <video
                src={candidate.url}
                aria-label={`${name} preview`}
                muted
                loop
                autoPlay
                playsInline
                preload="metadata"
                className="aspect-video w-full rounded-xl bg-black object-contain"
              />
              <div className="flex items-center justify-between gap-2 px-1">
                <span className="text-sm font-medium">
                  {name}
                  {candidate.durationSeconds ? (
                    <span className="font-normal text-zinc-500 dark:text-zinc-400">
                      {' '}
                      · {Math.round(candidate.durationSeconds)} s
                    </span>
                  ) : null}
                </span>
                <button
                  type="button"
                  aria-pressed={selected}
                  disabled={generating || selectingId !== null}
                  onClick={() => onSelect(candidate.id)}
                  className={buttonClasses({ variant: selected ? 'primary' : 'secondary', size: 'sm' })}
                >
                  {selectingId === candidate.id ? <Spinner /> : null}
                  {selected ? <CheckCircle2 aria-hidden="true" className="size-4" /> : null}
                  {selected ? 'Selected' : `Select ${name}`}
                </button>
              </div>
            </li>
          );
        })}
        {Array.from({ length: waiting }, (_, index) => (
          <li
            key={`waiting-${index}`}
            aria-label={`Candidate ${candidates.length + index + 1} (generating)`}
            className="flex aspect-video items-center justify-center gap-2 rounded-2xl border border-dashed border-zinc-300 text-sm text-zinc-500 dark:border-white/15 dark:text-zinc-400"
          >
            <Spinner />
            Generating…
          </li>
        ))}
      </ul>
      <FormMessage tone="error">{error}</FormMessage>
    </section>
  );
}
