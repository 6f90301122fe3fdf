import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Choice } from '../onboarding-options';

const optionClasses =
  'relative flex cursor-pointer items-start gap-3 rounded-xl border border-zinc-200 bg-white px-3.5 py-3 text-sm transition-colors ' +
  'hover:border-zinc-300 hover:bg-zinc-50 dark:border-white/10 dark:bg-white/[0.03] dark:hover:border-white/20 dark:hover:bg-white/[0.06] ' +
  'has-[:checked]:border-violet-500 has-[:checked]:bg-violet-50 has-[:checked]:ring-1 has-[:checked]:ring-violet-500 ' +
  'dark:has-[:checked]:border-violet-400 dark:has-[:checked]:bg-violet-500/10 dark:has-[:checked]:ring-violet-400 ' +
  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-violet-500';

// Native controls in the brand colour: they keep the platform's keyboard and screen-reader behaviour.
const markClasses = 'mt-0.5 size-4 shrink-0 accent-violet-600 focus:outline-none dark:accent-violet-400';

interface ChoiceGroupProps {
  type: 'radio' | 'checkbox';
  /** The form field the inputs are registered as: its value is the ticked choice, or the ticked ones. */
  field: UseFormRegisterReturn;
  legend: string;
  /** Under the legend: what the question is for, or "Pick any that apply". */
  hint?: string;
  choices: Choice[];
  error?: string;
  /** Grid columns from the small breakpoint up. */
  columns?: 2 | 3;
}

/**
 * One question of the questionnaire as native radio buttons or checkboxes in a fieldset: arrow keys
 * move through a radio group, Space ticks a checkbox, and the legend and error are read with it.
 */
export function ChoiceGroup({ type, field, legend, hint, choices, error, columns = 2 }: ChoiceGroupProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <fieldset aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{legend}</legend>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
      <div className={`mt-3 grid gap-2 ${columns === 3 ? 'grid-cols-2 sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
        {choices.map((choice) => (
          <label key={choice.value} className={optionClasses}>
            <input type={type} value={choice.value} className={markClasses} {...field} />
            <span className="min-w-0">
              <span className="block font-medium text-zinc-900 dark:text-white">{choice.label}</span>
              {choice.description && (
                <span className="mt-0.5 block text-xs text-zinc-500 dark:text-zinc-400">
                  {choice.description}
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-2 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
