/** A small spinning ring in the current colour. Decorative: pair it with text or a label. */
export function Spinner({ className = 'size-4' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" className={`animate-spin ${className}`}>
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A whole screen waiting for something (the session check), with the reason for screen readers. */
export function LoadingScreen({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="flex min-h-dvh items-center justify-center text-zinc-500 dark:text-zinc-400"
    >
      <Spinner className="size-6" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
