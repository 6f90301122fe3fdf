/** Says loudly that the built-in checkout plays the payment provider: nothing is charged. */
export function TestModeBadge({ className = '' }: { className?: string }) {
  return (
    <p
      className={`inline-flex items-center gap-2 rounded-full border border-amber-400/60 bg-amber-100 px-3 py-1 text-xs font-semibold tracking-wide text-amber-900 uppercase dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-200 ${className}`}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-amber-500" />
      Test mode: no money moves
    </p>
  );
}
