import { useId, type ComponentProps } from 'react';

interface CountedTextareaProps extends Omit<ComponentProps<'textarea'>, 'id' | 'maxLength'> {
  label: string;
  /** How many characters the text holds now (the field may be a form's, uncontrolled). */
  length: number;
  maxLength: number;
  error?: string | null;
}

/**
 * A text to say or to make (a narration, a sentence for a voice) with its label, its running
 * "12/500" count and its error; the count and the error are read with the field. `ref` and a form's
 * `register()` go through to the textarea.
 */
export function CountedTextarea({ label, length, maxLength, error, ...textarea }: CountedTextareaProps) {
  const id = useId();
  const counterId = useId();
  const errorId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <span
          id={counterId}
          className={`text-xs tabular-nums ${length > maxLength ? 'text-red-600 dark:text-red-400' : 'text-zinc-500 dark:text-zinc-400'}`}
        >
          {length}/{maxLength}
        </span>
      </div>
      <textarea
        id={id}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${counterId} ${errorId}` : counterId}
        {...textarea}
        className="w-full rounded-xl border border-zinc-300 bg-white px-3 py-2 text-base sm:text-sm dark:border-white/15 dark:bg-white/5"
      />
      {error ? (
        <p id={errorId} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
