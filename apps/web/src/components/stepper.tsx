import { Check } from 'lucide-react';

interface StepperProps<N extends number> {
  /** Names the navigation for assistive technology ("Studio steps"). */
  label: string;
  steps: readonly { number: N; title: string }[];
  current: N;
  isComplete: (step: N) => boolean;
  onSelect: (step: N) => void;
}

/** Numbered steps of a workflow; each is a button, the current one marked, a completed one checked. */
export function Stepper<N extends number>({ label, steps, current, isComplete, onSelect }: StepperProps<N>) {
  return (
    <nav aria-label={label}>
      <ol className="flex gap-2 overflow-x-auto pb-1">
        {steps.map(({ number, title }) => {
          const complete = isComplete(number);
          const active = number === current;
          // With many steps, a phone shows only the current step's title; the others keep their number.
          const compact = steps.length > 3;
          return (
            <li
              key={number}
              className={active || !compact ? 'min-w-0 flex-1' : 'shrink-0 sm:min-w-0 sm:flex-1 sm:shrink'}
            >
              <button
                type="button"
                aria-current={active ? 'step' : undefined}
                aria-label={`Step ${number}: ${title}${complete ? ' (completed)' : ''}`}
                onClick={() => onSelect(number)}
                className={`flex h-full w-full items-center gap-2 rounded-xl border px-2.5 py-2 text-left text-xs font-medium transition-colors sm:text-sm ${
                  active
                    ? 'border-violet-500 bg-violet-50 text-violet-900 dark:border-violet-400 dark:bg-violet-500/15 dark:text-violet-100'
                    : 'border-zinc-200 text-zinc-700 hover:bg-zinc-100 dark:border-white/10 dark:text-zinc-300 dark:hover:bg-white/10'
                }`}
              >
                <span
                  aria-hidden="true"
                  className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs ${
                    complete
                      ? 'bg-emerald-600 text-white dark:bg-emerald-500'
                      : 'bg-zinc-200 text-zinc-700 dark:bg-white/10 dark:text-zinc-200'
                  }`}
                >
                  {complete ? <Check className="size-4" /> : number}
                </span>
                {/* A title too long for its share of the row takes a second line, never an ellipsis. */}
                <span
                  className={
                    active || !compact ? 'min-w-0 leading-tight' : 'hidden min-w-0 leading-tight sm:inline'
                  }
                >
                  {title}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
