import { useId, useState } from 'react';
import { CircleHelpIcon, KeyRoundIcon, MailIcon } from 'lucide-react';

/**
 * "Need help?" (spec 000 section 2.3): opens the choice between Forgot Password and Resend
 * Verification Email, each of which opens its dialog.
 */
export function NeedHelp({
  onForgotPassword,
  onResendVerification,
}: {
  onForgotPassword: () => void;
  onResendVerification: () => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  const optionClasses =
    'flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm font-medium text-zinc-800 transition-colors hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-white/10';

  return (
    <div className="mt-6 text-center">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
        className="inline-flex items-center gap-1.5 rounded-full px-2 py-1 text-sm font-medium text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white"
      >
        <CircleHelpIcon className="size-4" />
        Need help?
      </button>
      {open && (
        <div
          id={panelId}
          role="group"
          aria-label="Account help"
          className="mt-2 rounded-2xl border border-zinc-200 bg-white p-1.5 text-left shadow-lg shadow-zinc-900/5 dark:border-white/10 dark:bg-zinc-900 dark:shadow-black/30"
        >
          <button type="button" onClick={choose(onForgotPassword)} className={optionClasses}>
            <KeyRoundIcon className="size-4.5 text-violet-600 dark:text-violet-400" />
            Forgot Password
          </button>
          <button type="button" onClick={choose(onResendVerification)} className={optionClasses}>
            <MailIcon className="size-4.5 text-violet-600 dark:text-violet-400" />
            Resend Verification Email
          </button>
        </div>
      )}
    </div>
  );
}
