import { DECK_MAX_BYTES, DECK_MAX_SLIDES } from '@reelcraft/contract';
import { FileUpIcon } from 'lucide-react';
import { useId, useState, type ChangeEvent, type DragEvent } from 'react';
import { buttonClasses } from '../../components/button-styles';
import { FormMessage } from '../../components/form-message';
import { acceptFor, formatMegabytes, formatsText, type DeckFormat } from './slide-plan';

interface DeckDropZoneProps {
  formats: readonly DeckFormat[];
  onFile: (file: File) => void;
  /** Why the last pick was refused, or why the last import failed. */
  error: string | null;
  disabled?: boolean;
}

/**
 * Where a deck comes in: drop it on the zone, or press the button (a real file input under a label:
 * one tab stop, Enter or Space opens the picker). Only the first file of a drop is taken.
 */
export function DeckDropZone({ formats, onFile, error, disabled = false }: DeckDropZoneProps) {
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const none = formats.length === 0;
  const off = disabled || none;

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again after a refusal still counts as a pick.
    event.target.value = '';
    if (file) onFile(file);
  }

  function over(event: DragEvent<HTMLDivElement>) {
    if (off || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (off) return;
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  }

  return (
    <div className="flex flex-col gap-3">
      <div
        data-testid="deck-drop-zone"
        onDragEnter={over}
        onDragOver={over}
        onDragLeave={(event) => {
          // Leaving for one of the zone's own children is not leaving the zone.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={drop}
        className={`flex flex-col items-center gap-4 rounded-3xl border-2 border-dashed px-6 py-12 text-center transition-colors sm:py-16 ${
          dragging
            ? 'border-violet-500 bg-violet-50 dark:border-violet-400 dark:bg-violet-500/10'
            : error
              ? 'border-red-300 bg-white dark:border-red-500/40 dark:bg-white/[0.02]'
              : 'border-zinc-300 bg-white dark:border-white/15 dark:bg-white/[0.02]'
        } ${off ? 'opacity-60' : ''}`}
      >
        <span className="flex size-14 items-center justify-center rounded-2xl bg-violet-100 text-violet-700 dark:bg-violet-500/15 dark:text-violet-300">
          <FileUpIcon aria-hidden="true" className="size-7" />
        </span>
        <div className="flex flex-col gap-1">
          <p className="text-base font-semibold text-zinc-900 dark:text-white">
            {dragging ? 'Drop to import' : 'Drop your deck here'}
          </p>
          <p id={hintId} className="text-sm text-zinc-600 dark:text-zinc-400">
            {none
              ? 'Deck import is not available on this server.'
              : `${formatsText(formats)}, up to ${formatMegabytes(DECK_MAX_BYTES)} and ${DECK_MAX_SLIDES} slides.`}
          </p>
        </div>
        <label
          aria-disabled={off ? true : undefined}
          className={`${buttonClasses()} cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-violet-500`}
        >
          <FileUpIcon aria-hidden="true" className="size-4" />
          Choose a deck
          <input
            type="file"
            accept={acceptFor(formats)}
            disabled={off}
            aria-describedby={hintId}
            aria-invalid={error ? true : undefined}
            onChange={pick}
            className="sr-only"
          />
        </label>
        <p className="max-w-md text-xs leading-5 text-zinc-500 dark:text-zinc-400">
          Each slide becomes a scene. Speaker notes become its narration; without notes, a narration is
          written from the slide&apos;s text. You can edit every word before rendering.
        </p>
      </div>
      <FormMessage tone="error">{error}</FormMessage>
    </div>
  );
}
