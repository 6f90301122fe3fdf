import { useState } from 'react';
import { initialsOf } from '../lib/initials';

/** The user's initials in a round badge (spec 000 sections 2.5 and 2.7: at most 2 letters). */
export function InitialsAvatar({
  name,
  className = 'size-10 text-sm',
}: {
  name: string;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-violet-500 to-fuchsia-500 font-semibold text-white select-none ${className}`}
    >
      {initialsOf(name)}
    </span>
  );
}

/**
 * The user's picture, or their initials when there is none or it fails to load (spec 000 section
 * 2.5). Decorative: the control around it names the user.
 */
export function UserAvatar({
  name,
  src,
  className = 'size-10 text-sm',
}: {
  name: string;
  src: string | null | undefined;
  className?: string;
}) {
  // Remembers which address failed, so a new picture gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return <InitialsAvatar name={name} className={className} />;
  return (
    <img
      src={src}
      alt=""
      onError={() => setFailedSrc(src)}
      referrerPolicy="no-referrer"
      className={`shrink-0 rounded-full object-cover ${className}`}
    />
  );
}
