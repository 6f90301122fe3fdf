import { TOAST_DURATION_MS } from '@reelcraft/contract';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import { BellIcon, CircleAlertIcon, CircleCheckIcon, XIcon } from 'lucide-react';
import { iconButtonClasses } from './button-styles';

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastInput {
  title: string;
  message?: string;
  tone?: ToastTone;
  /** An in-app link shown on the toast ("View"). */
  action?: { label: string; to: string };
  /** How long it stays; TOAST_DURATION_MS (3000 ms, spec 000 section 9) by default. */
  durationMs?: number;
}

interface Toast extends ToastInput {
  id: number;
}

interface ToastApi {
  /** Shows a toast; returns its id. */
  show(toast: ToastInput): number;
  dismiss(id: number): void;
}

/** At most this many at once: a burst of events must not cover the screen. */
const MAX_VISIBLE = 3;

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Short-lived messages (a finished job, a failed action) shown over any screen, in a polite live
 * region so screen readers announce them without moving focus. A toast pauses while pointed at or
 * focused, so nobody has to race the timer to read it or press its link.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback((toast: ToastInput) => {
    const id = nextId.current;
    nextId.current += 1;
    setToasts((current) => [...current, { ...toast, id }].slice(-MAX_VISIBLE));
    return id;
  }, []);

  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* At the bottom of a phone or tablet; with the sidebar beside the page, at the top centre, over
          the page's title rather than over the controls of its lower sections ("View all" under a
          background render's toast). */}
      <ol
        aria-live="polite"
        aria-label="Updates"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 p-4 sm:inset-x-auto sm:right-0 sm:items-end sm:p-6 lg:inset-x-0 lg:top-0 lg:bottom-auto lg:items-center lg:p-4"
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />
        ))}
      </ol>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

const toneStyles: Record<ToastTone, { icon: ReactNode; accent: string }> = {
  success: {
    icon: <CircleCheckIcon className="size-5" />,
    accent: 'text-emerald-600 dark:text-emerald-400',
  },
  error: { icon: <CircleAlertIcon className="size-5" />, accent: 'text-red-600 dark:text-red-400' },
  info: { icon: <BellIcon className="size-5" />, accent: 'text-violet-600 dark:text-violet-400' },
};

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remaining = useRef(toast.durationMs ?? TOAST_DURATION_MS);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(onDismiss, remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [paused, onDismiss]);

  const tone = toneStyles[toast.tone ?? 'info'];
  return (
    <li
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      className="pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-2xl border border-zinc-200 bg-white/95 p-4 text-sm shadow-xl shadow-zinc-900/10 backdrop-blur dark:border-white/10 dark:bg-zinc-900/95 dark:shadow-black/40"
    >
      <span className={`mt-0.5 shrink-0 ${tone.accent}`}>{tone.icon}</span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-zinc-900 dark:text-white">{toast.title}</p>
        {toast.message && <p className="mt-0.5 text-zinc-600 dark:text-zinc-400">{toast.message}</p>}
        {toast.action && (
          <Link
            to={toast.action.to}
            onClick={onDismiss}
            className="mt-2 inline-block font-medium text-violet-600 hover:text-violet-500 dark:text-violet-400 dark:hover:text-violet-300"
          >
            {toast.action.label}
          </Link>
        )}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className={`${iconButtonClasses} -mt-1.5 -mr-1.5 size-8 shrink-0`}
      >
        <XIcon className="size-4" />
      </button>
    </li>
  );
}
