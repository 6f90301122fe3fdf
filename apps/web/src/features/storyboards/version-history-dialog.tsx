import { defaultFailure } from '@reelcraft/contract';
import { Dialog } from '../../components/dialog';
import { buttonClasses } from '../../components/button-styles';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/relative-time';
import { useStoryboardVersions } from './api/list-storyboard-versions';
import { formatSeconds } from './scene-edits';

/**
 * The saved versions, newest first, each with its scenes, length and whether a video came from it.
 * Restore saves that version again as the newest one (nothing is lost: the current one stays in the
 * list, and Undo brings back what was on screen).
 */
export function VersionHistoryDialog({
  open,
  storyboardId,
  currentVersion,
  restoring,
  onRestore,
  onClose,
}: {
  open: boolean;
  storyboardId: string;
  currentVersion: number;
  /** The version being restored, while it is. */
  restoring: number | null;
  onRestore: (version: number) => void;
  onClose: () => void;
}) {
  const versions = useStoryboardVersions(storyboardId, open);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Version history"
      description="Every save is a version. Restoring one saves it again as the newest version."
      size="lg"
    >
      <div className="mt-4">
        {versions.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-zinc-500">
            <Spinner /> Loading versions…
          </p>
        ) : versions.isError ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {errorMessage(versions.error, { fallback: defaultFailure('load the versions') })}
          </p>
        ) : (
          <ol aria-label="Versions" className="flex flex-col divide-y divide-zinc-100 dark:divide-white/5">
            {versions.data.map((version) => {
              const current = version.version === currentVersion;
              return (
                <li
                  key={version.version}
                  aria-label={`Version ${version.version}`}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
                >
                  <div className="min-w-0">
                    <p className="text-sm font-semibold">
                      Version {version.version}
                      {current ? (
                        <span className="ml-2 rounded-full bg-violet-100 px-2 py-0.5 text-xs font-medium text-violet-700 dark:bg-violet-500/15 dark:text-violet-300">
                          Current
                        </span>
                      ) : null}
                      {version.rendered ? (
                        <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300">
                          Rendered
                        </span>
                      ) : null}
                    </p>
                    <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
                      <time dateTime={version.saved_at}>{formatDateTime(version.saved_at)}</time> ·{' '}
                      {version.scene_count} scene{version.scene_count === 1 ? '' : 's'} ·{' '}
                      {formatSeconds(version.duration_seconds)}
                    </p>
                  </div>
                  {current ? null : (
                    <button
                      type="button"
                      disabled={restoring !== null}
                      onClick={() => onRestore(version.version)}
                      aria-label={`Restore version ${version.version}`}
                      className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                    >
                      {restoring === version.version ? <Spinner /> : null}
                      Restore
                    </button>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </Dialog>
  );
}
