import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { EyeIcon, EyeOffIcon } from 'lucide-react';

export const inputClasses =
  'block h-11 w-full rounded-xl border border-zinc-300 bg-white px-3.5 text-base text-zinc-900 shadow-xs ' +
  'transition-colors placeholder:text-zinc-400 hover:border-zinc-400 sm:text-sm ' +
  'focus:border-violet-500 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-violet-500/40 ' +
  'aria-invalid:border-red-500 aria-invalid:focus-visible:outline-red-500/30 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 ' +
  'dark:border-white/15 dark:bg-white/[0.04] dark:text-white dark:placeholder:text-zinc-500 dark:hover:border-white/25 ' +
  'dark:focus:border-violet-400 dark:aria-invalid:border-red-400';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'> & {
  label: string;
  /** Shown under the field while there is no error. */
  hint?: ReactNode;
  /** The field's validation message; marks the field invalid and is read with it. */
  error?: string | null;
  /** Something on the label's line, right-aligned (a "Forgot password?" link). */
  labelAside?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled text input with an optional hint and an error message tied to it for screen readers. */
export function TextField({ label, hint, error, labelAside, className = '', ...inputProps }: TextFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error || hint;
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {label}
        </label>
        {labelAside}
      </div>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        className={`${inputClasses} mt-1.5`}
        {...inputProps}
      />
      {message && (
        <p
          id={messageId}
          className={`mt-1.5 text-sm ${error ? 'text-red-600 dark:text-red-400' : 'text-zinc-500 dark:text-zinc-400'}`}
        >
          {message}
        </p>
      )}
    </div>
  );
}

/** A password input with a show/hide switch; otherwise like TextField. */
export function PasswordField({
  label,
  hint,
  error,
  labelAside,
  className = '',
  ...inputProps
}: Omit<TextFieldProps, 'type'>) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error || hint;
  const [visible, setVisible] = useState(false);
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="relative mt-1.5">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          className={`${inputClasses} pr-11`}
          {...inputProps}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          aria-controls={id}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-xl text-zinc-500 hover:text-zinc-800 dark:text-zinc-400 dark:hover:text-white"
        >
          {visible ? <EyeOffIcon className="size-4.5" /> : <EyeIcon className="size-4.5" />}
          {/* Text rather than aria-label, so a search for the field by its label finds the field alone. */}
          <span className="sr-only">{visible ? 'Hide password' : 'Show password'}</span>
        </button>
      </div>
      {message && (
        <p
          id={messageId}
          className={`mt-1.5 text-sm ${error ? 'text-red-600 dark:text-red-400' : 'text-zinc-500 dark:text-zinc-400'}`}
        >
          {message}
        </p>
      )}
    </div>
  );
}
