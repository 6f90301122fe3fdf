import { useId, type ChangeEvent, type ReactNode } from 'react';
import { XIcon } from 'lucide-react';
import { buttonClasses, iconButtonClasses } from './button-styles';

interface FilePickerProps {
  /** The field's label, which also names the file input for screen readers. */
  label: string;
  accept: string;
  /** The button's text while no file is picked ("Choose image"). */
  chooseText: string;
  /** The button's icon, before its text. */
  icon: ReactNode;
  /** Shown while no file is picked: the types and the size limit. */
  hint: string;
  file: File | null;
  onPick: (file: File) => void;
  onRemove: () => void;
  /** Name of the remove button ("Remove last frame"). */
  removeLabel: string;
  error?: string;
  /** More actions on the picked file (a play button), before the remove button. */
  actions?: ReactNode;
  disabled?: boolean;
}

/**
 * A file field drawn in the app's style in place of the browser's "Choose File": a button-looking
 * label around a visually hidden file input (one tab stop, the focus ring on the button; Enter or
 * Space opens the picker), then the picked file's name with a remove button, or the hint. The input
 * is cleared after each pick, so picking the same file again after removing it still counts.
 */
export function FilePicker({
  label,
  accept,
  chooseText,
  icon,
  hint,
  file,
  onPick,
  onRemove,
  removeLabel,
  error,
  actions,
  disabled = false,
}: FilePickerProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [file ? null : hintId, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0];
    event.target.value = '';
    if (picked) onPick(picked);
  }

  return (
    <div className="flex min-w-0 flex-col gap-1.5 text-sm">
      <span id={labelId} className="font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </span>
      <div
        className={`flex min-h-14 flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-dashed px-3 py-2.5 ${
          error ? 'border-red-500 dark:border-red-400' : 'border-zinc-300 dark:border-white/15'
        }`}
      >
        <label
          aria-disabled={disabled ? true : undefined}
          className={`${buttonClasses({ variant: 'secondary', size: 'sm' })} shrink-0 cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-violet-500`}
        >
          {icon}
          {file ? 'Replace' : chooseText}
          <input
            type="file"
            accept={accept}
            disabled={disabled}
            aria-labelledby={labelId}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            onChange={handleChange}
            className="sr-only"
          />
        </label>
        {file ? (
          <span className="flex min-w-0 flex-1 items-center gap-1">
            <span className="min-w-0 flex-1 truncate text-zinc-800 dark:text-zinc-200" title={file.name}>
              {file.name}
            </span>
            {actions}
            <button
              type="button"
              aria-label={removeLabel}
              title={removeLabel}
              disabled={disabled}
              onClick={onRemove}
              className={`${iconButtonClasses} size-8 shrink-0`}
            >
              <XIcon aria-hidden="true" className="size-4" />
            </button>
          </span>
        ) : (
          <span id={hintId} className="min-w-0 flex-1 text-xs text-zinc-500 dark:text-zinc-400">
            {hint}
          </span>
        )}
      </div>
      {error ? (
        <p id={errorId} className="text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
