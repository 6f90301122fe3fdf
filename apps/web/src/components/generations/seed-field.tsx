import { SEED_MAX, SEED_MIN } from '@reelcraft/contract';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * "Seed (optional)": the same seed renders the same video. The error sits outside the label, so the
 * field's name stays "Seed (optional)", and is read with the field.
 */
export function SeedField({
  registration,
  error,
  disabled = false,
  inputClassName = 'h-10 rounded-xl border border-zinc-300 bg-white px-3 text-sm dark:border-white/15 dark:bg-white/5',
}: {
  registration: UseFormRegisterReturn<'seed'>;
  error?: string;
  disabled?: boolean;
  inputClassName?: string;
}) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="flex flex-col gap-2 text-sm">
      <label htmlFor={id} className="font-medium">
        Seed (optional)
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={SEED_MIN}
        max={SEED_MAX}
        disabled={disabled}
        placeholder="Random"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...registration}
        className={inputClassName}
      />
      {error ? (
        <p id={errorId} className="text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
