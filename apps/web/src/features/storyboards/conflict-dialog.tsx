import type { StoryboardConflict } from '@reelcraft/contract';
import { buttonClasses } from '../../components/button-styles';
import { Dialog } from '../../components/dialog';

/**
 * A save that lost the race with another tab: the server's reason, and the user's choice. Nothing is
 * dropped until they choose: loading the newest version keeps their edits one Undo away, and keeping
 * their edits saves them over it.
 */
export function ConflictDialog({
  conflict,
  open,
  onLoadNewest,
  onKeepMine,
  onClose,
}: {
  conflict: StoryboardConflict | null;
  open: boolean;
  onLoadNewest: () => void;
  onKeepMine: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open && conflict !== null}
      onClose={onClose}
      title="Not saved"
      description={conflict?.detail}
    >
      <div className="mt-4 flex flex-col gap-3 text-sm text-zinc-600 dark:text-zinc-400">
        <p>
          The newest is version {conflict?.current.version}. Load it to see what changed (Undo brings your
          edits back), or keep your edits and save them as the newest version.
        </p>
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <button
            type="button"
            onClick={onKeepMine}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            Keep my edits
          </button>
          <button
            type="button"
            data-autofocus
            onClick={onLoadNewest}
            className={buttonClasses({ size: 'sm' })}
          >
            Load the newest version
          </button>
        </div>
      </div>
    </Dialog>
  );
}
