import { useId, type ReactNode } from 'react';

/** One choice of an OptionGroup. */
export interface Option<T extends string | number> {
  value: T;
  label: ReactNode;
  /** A second, quieter line under the label ("smooth transitions"). */
  description?: string;
  /** Drawn before the label (an aspect-ratio frame). */
  icon?: ReactNode;
  /** A small mark on a line of its own at the top of the card ("Recommended"). */
  badge?: ReactNode;
}

interface OptionGroupProps<T extends string | number> {
  legend: string;
  options: readonly Option<T>[];
  value: T;
  onChange: (value: T) => void;
  onBlur?: () => void;
  disabled?: boolean;
  /** Options per row; they stay this many on a phone too, so keep labels short for 3 or more. */
  columns?: 2 | 3;
}

// The onboarding questionnaire's option cards, in a compact size for settings: the selected one in
// violet, the focus ring on the card while its radio (invisible, over the card) has keyboard focus.
// Each card is a size container, so a badge can fit itself to the card's width (@min-[…] variants).
const optionClasses =
  '@container relative flex h-full cursor-pointer flex-wrap items-center gap-x-2 gap-y-1 rounded-xl border border-zinc-200 bg-white px-3 py-2.5 text-sm transition-colors ' +
  'hover:border-zinc-300 hover:bg-zinc-50 dark:border-white/10 dark:bg-white/[0.03] dark:hover:border-white/20 dark:hover:bg-white/[0.06] ' +
  'has-[:checked]:border-violet-500 has-[:checked]:bg-violet-50 has-[:checked]:ring-1 has-[:checked]:ring-violet-500 ' +
  'dark:has-[:checked]:border-violet-400 dark:has-[:checked]:bg-violet-500/10 dark:has-[:checked]:ring-violet-400 ' +
  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-violet-500 ' +
  'has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60';

/**
 * A radio group drawn as option cards: real radio inputs (invisible) in a fieldset with the
 * radiogroup role, so Tab reaches the group, the arrow keys move the choice and a screen reader reads
 * the legend, each option and which one is selected. Controlled, so numbers stay numbers.
 */
export function OptionGroup<T extends string | number>({
  legend,
  options,
  value,
  onChange,
  onBlur,
  disabled = false,
  columns = 3,
}: OptionGroupProps<T>) {
  const name = useId();
  return (
    <fieldset role="radiogroup" className="flex min-w-0 flex-col gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">{legend}</legend>
      <div className={`grid gap-2 pt-1 ${columns === 3 ? 'grid-cols-3' : 'grid-cols-2'}`}>
        {options.map((option) => (
          <label key={String(option.value)} className={optionClasses}>
            <input
              type="radio"
              name={name}
              value={String(option.value)}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              onBlur={onBlur}
              // Over the whole card, invisible: a click anywhere on it lands on the radio itself.
              className="absolute inset-0 size-full cursor-pointer appearance-none rounded-xl opacity-0 disabled:cursor-not-allowed"
            />
            {option.icon}
            <span className="flex min-w-0 flex-col">
              <span className="font-medium text-zinc-900 dark:text-white">{option.label}</span>
              {/* Spaces as text between the parts keep the accessible name in words ("16:9 Recommended",
                  "Cinematic — smooth transitions"): each element's own text is trimmed. */}
              {option.description ? (
                <>
                  {' '}
                  <span className="text-xs text-zinc-600 dark:text-zinc-400">
                    <span className="sr-only">—</span> {option.description}
                  </span>
                </>
              ) : null}
            </span>
            {option.badge ? (
              <>
                {' '}
                {/* A line of its own inside the card, across its width: on the card's edge it crossed
                    the border, and beside the label it did not fit a narrow card. */}
                <span className="pointer-events-none order-first flex basis-full whitespace-nowrap">
                  {option.badge}
                </span>
              </>
            ) : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
