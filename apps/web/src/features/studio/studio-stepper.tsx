import { Check } from 'lucide-react';
import { STUDIO_STEPS, type StudioStepNumber } from './workflow-storage';

interface StudioStepperProps {
  current: StudioStepNumber;
  isComplete: (step: StudioStepNumber) => boolean;
  onSelect: (step: StudioStepNumber) => void;
}

/** The five steps of video mode; each is a button, and a completed one shows a check. */
export function StudioStepper({ current, isComplete, onSelect }: StudioStepperProps) {
  return (
    <nav aria-label="Studio steps">
      <ol className="flex gap-2 overflow-x-auto pb-1">
        {STUDIO_STEPS.map(({ number, title }) => {
          const complete = isComplete(number);
          const active = number === current;
          return (
            // On a phone only the current step shows its title; the others keep their number.
            <li
              key={number}
              className={active ? 'min-w-0 flex-1' : 'shrink-0 sm:min-w-0 sm:flex-1 sm:shrink'}
            >
              <button
                type="button"
                aria-current={active ? 'step' : undefined}
                aria-label={`Step ${number}: ${title}${complete ? ' (completed)' : ''}`}
                onClick={() => onSelect(number)}
                className={`flex w-full items-center gap-2 rounded-xl border px-2.5 py-2 text-left text-xs font-medium transition-colors sm:text-sm ${
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
                <span className={active ? 'truncate' : 'hidden truncate sm:inline'}>{title}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
