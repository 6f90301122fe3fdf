import { CircleCheckIcon, CircleIcon } from 'lucide-react';

/** A thin labelled bar of a percentage (0..100) of some long work. */
export function ProgressBar({
  percent,
  label,
  className = '',
}: {
  percent: number;
  label: string;
  className?: string;
}) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={`h-2 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-white/10 ${className}`.trim()}
    >
      <div
        className="h-full rounded-full bg-violet-600 transition-[width] dark:bg-violet-400"
        style={{ width: `${value}%` }}
      />
    </div>
  );
}

/**
 * The named steps of long work, each ticked when done (icons of the app's set: emoji render as
 * empty boxes where no emoji font is installed).
 */
export function StepChecklist({ steps }: { steps: readonly { label: string; done: boolean }[] }) {
  return (
    <ol aria-label="Steps" className="grid w-full grid-cols-4 gap-2 text-center text-xs">
      {steps.map((step) => (
        <li
          key={step.label}
          aria-label={`${step.label}${step.done ? ' (complete)' : ''}`}
          className="inline-flex items-center justify-center gap-1"
        >
          {step.done ? (
            <CircleCheckIcon aria-hidden="true" className="size-3.5 text-emerald-600 dark:text-emerald-400" />
          ) : (
            <CircleIcon aria-hidden="true" className="size-3.5 text-zinc-400" />
          )}
          {step.label}
        </li>
      ))}
    </ol>
  );
}
