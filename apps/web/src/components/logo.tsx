import { useId } from 'react';

/** The ReelCraft mark and wordmark. Decorative: the link or heading around it carries the name. */
export function Logo({
  className = '',
  showWordmark = true,
}: {
  className?: string;
  showWordmark?: boolean;
}) {
  const gradientId = useId();
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`}>
      <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="size-8 shrink-0">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
            <stop stopColor="#8b5cf6" />
            <stop offset="1" stopColor="#d946ef" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
        <circle cx="16" cy="16" r="9.5" fill="none" stroke="white" strokeOpacity="0.35" strokeWidth="1.5" />
        <path
          d="M13.5 11.2v9.6a.6.6 0 0 0 .9.52l8-4.8a.6.6 0 0 0 0-1.04l-8-4.8a.6.6 0 0 0-.9.52Z"
          fill="white"
        />
      </svg>
      {showWordmark && (
        <span className="font-display text-lg font-semibold tracking-tight text-zinc-900 dark:text-white">
          ReelCraft
        </span>
      )}
    </span>
  );
}
