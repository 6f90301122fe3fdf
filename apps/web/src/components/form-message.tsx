import type { ReactNode } from 'react';
import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';

/**
 * The outcome of a form, shown above or below it: an error (announced at once, role="alert") or a
 * success (a polite status). Renders nothing without children.
 */
export function FormMessage({
  tone,
  children,
  className = '',
}: {
  tone: 'error' | 'success';
  children?: ReactNode;
  className?: string;
}) {
  if (!children) return null;
  const isError = tone === 'error';
  return (
    <div
      role={isError ? 'alert' : 'status'}
      className={`flex gap-2.5 rounded-xl border px-3.5 py-3 text-sm leading-6 ${
        isError
          ? 'border-red-200 bg-red-50 text-red-800 dark:border-red-500/25 dark:bg-red-500/10 dark:text-red-200'
          : 'border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-500/25 dark:bg-emerald-500/10 dark:text-emerald-200'
      } ${className}`}
    >
      {isError ? (
        <CircleAlertIcon className="mt-0.5 size-5 shrink-0" />
      ) : (
        <CircleCheckIcon className="mt-0.5 size-5 shrink-0" />
      )}
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
