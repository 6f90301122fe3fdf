import { LayoutGrid } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClasses } from '../button-styles';

// AI Studio opens on a chooser of modes (personalized video, avatar, voice clone); each mode offers
// the way back to it. One button, so it reads and looks the same in every mode.

/** buttonClasses draws no focus ring of its own: the keyboard user must see where the focus is. */
const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500';

/** "Back to Options": leaves the studio mode for the mode chooser. */
export function BackToOptionsButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      className={`${buttonClasses({ variant: 'ghost', size: 'sm' })} ${focusRing}`}
      onClick={onClick}
    >
      <LayoutGrid aria-hidden="true" className="size-4" />
      Back to Options
    </button>
  );
}

interface BackToOptionsHeaderProps {
  /** The id of the heading, for the section it names (`aria-labelledby`). */
  headingId: string;
  title: string;
  /** What the mode makes, under its title. */
  description: ReactNode;
  onBackToOptions: () => void;
}

/** The head of a studio mode: its title and what it makes, with Back to Options beside them. */
export function BackToOptionsHeader({
  headingId,
  title,
  description,
  onBackToOptions,
}: BackToOptionsHeaderProps) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
      </div>
      <BackToOptionsButton onClick={onBackToOptions} />
    </header>
  );
}
