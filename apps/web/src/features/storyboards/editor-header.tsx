import type { StoryboardStatus } from '@reelcraft/contract';
import {
  CircleAlertIcon,
  ClapperboardIcon,
  CloudCheckIcon,
  HistoryIcon,
  Redo2Icon,
  SaveIcon,
  Undo2Icon,
} from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { buttonClasses, iconButtonClasses } from '../../components/button-styles';
import { Spinner } from '../../components/spinner';
import { paths } from '../../lib/paths';
import { formatSeconds } from './scene-edits';
import { statusLabel } from './visual-labels';

/** Where the edits stand against the server. */
export type SaveState =
  | { kind: 'saved'; version: number }
  | { kind: 'unsaved' }
  | { kind: 'saving' }
  /** The last save failed (the reason), or met a newer version (a conflict to resolve). */
  | { kind: 'failed'; message: string }
  | { kind: 'conflict' };

export interface RenderButton {
  label: string;
  /** The line under the button ("2 scenes render again"). */
  detail: string | null;
  disabled: boolean;
  busy: boolean;
  onClick: () => void;
}

const STATUS_CLASSES: Record<StoryboardStatus, string> = {
  draft: 'bg-zinc-100 text-zinc-700 dark:bg-white/10 dark:text-zinc-300',
  rendering: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  rendered: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
};

const toolButton = `${iconButtonClasses} size-10 shrink-0 disabled:cursor-not-allowed disabled:opacity-40`;

function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
}

/**
 * The editor's header: the title (editable), the whole length, version and status, where the edits
 * stand (saved, unsaved, saving), Undo/Redo, the version history, Save, and Render with what it
 * renders and costs.
 */
export function EditorHeader({
  title,
  titleError,
  onTitle,
  seconds,
  durationError,
  version,
  status,
  save,
  onSave,
  canSave,
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  onHistory,
  render,
}: {
  title: string;
  titleError: string | undefined;
  onTitle: (title: string) => void;
  seconds: number;
  durationError: string | undefined;
  version: number;
  status: StoryboardStatus;
  save: SaveState;
  onSave: () => void;
  canSave: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onHistory: () => void;
  render: RenderButton;
}) {
  const titleId = useId();
  const titleErrorId = useId();
  const renderDetailId = useId();
  const mod = isMac() ? '⌘' : 'Ctrl+';
  return (
    <header className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          to={paths.projects}
          className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ml-3' })}
        >
          ← My Projects
        </Link>
        <SaveStatus save={save} />
      </div>

      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 flex-1">
          <label htmlFor={titleId} className="sr-only">
            Title
          </label>
          {/* A text area that grows with the title (it wraps on a phone), kept to one paragraph. */}
          <textarea
            id={titleId}
            rows={1}
            value={title}
            onChange={(event) => onTitle(event.target.value.replace(/\s*\n\s*/g, ' '))}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                event.currentTarget.blur();
              }
            }}
            aria-invalid={titleError ? true : undefined}
            aria-describedby={titleError ? titleErrorId : undefined}
            placeholder="Untitled storyboard"
            className="font-display -mx-2 field-sizing-content w-full min-w-0 resize-none rounded-lg border border-transparent bg-transparent px-2 py-1 text-2xl leading-tight font-semibold tracking-tight text-balance hover:border-zinc-200 focus:border-violet-500 focus:outline-none aria-invalid:border-red-500 sm:text-3xl dark:hover:border-white/15 dark:focus:border-violet-400"
          />
          {titleError ? (
            <p id={titleErrorId} className="mt-1 text-sm text-red-600 dark:text-red-400">
              {titleError}
            </p>
          ) : null}
          <p className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
            <span className="tabular-nums" data-testid="total-duration">
              {formatSeconds(seconds)} total
            </span>
            <span aria-hidden="true">·</span>
            <span>Version {version}</span>
            <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASSES[status]}`}>
              {statusLabel(status)}
            </span>
          </p>
          {durationError ? (
            <p role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
              {durationError}
            </p>
          ) : null}
        </div>

        <div className="flex flex-col gap-2 lg:items-end">
          <div className="flex flex-wrap items-center gap-1">
            <button
              type="button"
              onClick={onUndo}
              disabled={!canUndo}
              aria-label="Undo"
              aria-keyshortcuts="Control+Z Meta+Z"
              title={`Undo (${mod}Z)`}
              className={toolButton}
            >
              <Undo2Icon aria-hidden="true" className="size-4.5" />
            </button>
            <button
              type="button"
              onClick={onRedo}
              disabled={!canRedo}
              aria-label="Redo"
              aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
              title={`Redo (Shift+${mod}Z)`}
              className={toolButton}
            >
              <Redo2Icon aria-hidden="true" className="size-4.5" />
            </button>
            <button
              type="button"
              onClick={onHistory}
              className={buttonClasses({ variant: 'ghost', size: 'sm' })}
            >
              <HistoryIcon aria-hidden="true" className="size-4" />
              Version history
            </button>
            <button
              type="button"
              onClick={onSave}
              disabled={!canSave}
              aria-keyshortcuts="Control+S Meta+S"
              title={`Save (${mod}S)`}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              <SaveIcon aria-hidden="true" className="size-4" />
              Save
            </button>
          </div>
          <button
            type="button"
            onClick={render.onClick}
            disabled={render.disabled}
            aria-describedby={render.detail ? renderDetailId : undefined}
            className={buttonClasses({
              size: 'md',
              className: 'w-full max-w-full whitespace-normal sm:w-auto',
            })}
          >
            {render.busy ? <Spinner /> : <ClapperboardIcon aria-hidden="true" className="size-4" />}
            {render.label}
          </button>
          {render.detail ? (
            <p
              id={renderDetailId}
              className="text-xs text-zinc-500 dark:text-zinc-400"
              data-testid="render-detail"
            >
              {render.detail}
            </p>
          ) : null}
        </div>
      </div>
    </header>
  );
}

function SaveStatus({ save }: { save: SaveState }) {
  let body;
  switch (save.kind) {
    case 'saved':
      body = (
        <>
          <CloudCheckIcon aria-hidden="true" className="size-4 text-emerald-600 dark:text-emerald-400" />
          Saved · version {save.version}
        </>
      );
      break;
    case 'unsaved':
      body = (
        <>
          <span aria-hidden="true" className="size-2 rounded-full bg-amber-500" />
          Unsaved changes
        </>
      );
      break;
    case 'saving':
      body = (
        <>
          <Spinner className="size-3.5" />
          Saving…
        </>
      );
      break;
    case 'failed':
      body = (
        <>
          <CircleAlertIcon aria-hidden="true" className="size-4 text-red-600 dark:text-red-400" />
          Not saved: {save.message}
        </>
      );
      break;
    case 'conflict':
      body = (
        <>
          <CircleAlertIcon aria-hidden="true" className="size-4 text-red-600 dark:text-red-400" />
          Not saved: changed somewhere else
        </>
      );
      break;
  }
  return (
    <p
      role="status"
      data-testid="save-state"
      className="flex min-w-0 items-center gap-1.5 text-sm text-zinc-600 dark:text-zinc-400"
    >
      {body}
    </p>
  );
}
