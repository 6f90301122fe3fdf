import { useEffect, useId, useRef, type ReactNode } from 'react';
import { XIcon } from 'lucide-react';
import { buttonClasses, iconButtonClasses } from './button-styles';
import { Spinner } from './spinner';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** `md` for short messages and forms, `lg` for a longer form (it scrolls inside the window). */
  size?: 'md' | 'lg';
}

/**
 * A modal dialog on the native <dialog> element: the browser traps focus and closes it on Escape, and
 * the focus returns to the control that opened it; a child marked `data-autofocus` takes it first.
 * Closing by Escape, the close button or a click on the backdrop all go through `onClose`, so the
 * parent's state stays the single source of truth.
 */
export function Dialog({ open, onClose, title, description, children, size = 'md' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Whether the parent wants the dialog open, as of the last commit: a `close` event that follows our
  // own close() (the parent closed it, perhaps to open another dialog) must not be reported back.
  const wantedOpen = useRef(open);
  // The control that had the focus when the dialog opened: it gets it back when the dialog closes.
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    wantedOpen.current = open;
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // The browser focuses the first control (the close button); a form starts at its first field.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open) {
      if (dialog.open) dialog.close();
      returnFocus(opener.current, dialog);
      opener.current = null;
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // Fired however the dialog closed (Escape included), so the parent's state follows.
      onClose={() => {
        if (wantedOpen.current) onClose();
      }}
      onClick={(event) => {
        // A click whose target is the <dialog> itself landed on the backdrop, outside the panel.
        if (event.target === event.currentTarget) onClose();
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-y-auto overscroll-contain rounded-2xl border ${size === 'lg' ? 'max-w-xl' : 'max-w-md'} border-zinc-200 bg-white p-0 text-zinc-900 shadow-2xl dark:border-white/10 dark:bg-zinc-900 dark:text-zinc-100`}
    >
      {open && (
        <div className="p-6">
          {/* The title and the close button stay in view while a long form scrolls under them. */}
          <div className="sticky -top-6 z-10 -mx-6 -mt-6 flex items-start justify-between gap-4 bg-white px-6 pt-6 pb-2 dark:bg-zinc-900">
            <h2 id={titleId} className="font-display text-lg font-semibold tracking-tight">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close dialog"
              className={`${iconButtonClasses} -mt-2 -mr-2 size-9`}
            >
              <XIcon />
            </button>
          </div>
          {description && (
            <div id={descriptionId} className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
              {description}
            </div>
          )}
          {children}
        </div>
      )}
    </dialog>
  );
}

/**
 * Gives the focus back to the control that opened a dialog, as browsers do for a modal <dialog>, but
 * also where they do not, and only if nothing else took it meanwhile (the focus is on the page or
 * still inside the closed dialog) and the control is still there.
 */
function returnFocus(opener: HTMLElement | null, dialog: HTMLDialogElement): void {
  if (!opener?.isConnected) return;
  const focused = document.activeElement;
  if (focused === null || focused === document.body || dialog.contains(focused)) opener.focus();
}

interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** The confirming button's text ("Delete"). */
  confirmLabel: string;
  onConfirm: () => void;
  /** While the confirmed work runs: the button waits with a spinner. */
  pending?: boolean;
}

/**
 * "Are you sure?" before what cannot be undone: Cancel takes the focus (Enter does not delete by
 * accident), the confirming button is the danger one.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending = false,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      <div className="mt-6 flex justify-end gap-2">
        <button
          type="button"
          data-autofocus
          onClick={onClose}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          Cancel
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={pending}
          className={buttonClasses({ variant: 'danger', size: 'sm' })}
        >
          {pending ? <Spinner /> : null}
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
