import { FileTextIcon } from 'lucide-react';
import { buttonClasses } from '../../components/button-styles';
import { ProgressBar } from '../../components/progress-bar';
import { Spinner } from '../../components/spinner';

/** A deck on its way in: sent to the server, then read slide by slide (its `progress`). */
export function DeckImportPanel({
  filename,
  step,
  progress,
  onCancel,
}: {
  filename: string;
  step: 'uploading' | 'importing';
  progress: number;
  /** Leaves this deck for another file (the import itself finishes on the server). */
  onCancel: () => void;
}) {
  const percent = Math.round(progress);
  return (
    <section
      aria-label="Importing your deck"
      className="flex flex-col gap-5 rounded-3xl border border-zinc-200 bg-white px-6 py-10 sm:px-10 dark:border-white/10 dark:bg-white/[0.02]"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-violet-100 text-violet-700 dark:bg-violet-500/15 dark:text-violet-300">
          <FileTextIcon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="truncate font-medium" title={filename}>
            {filename}
          </p>
          <p role="status" className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
            <Spinner className="size-3.5" />
            {step === 'uploading'
              ? 'Uploading…'
              : `Reading the slides and writing their narration… ${percent}%`}
          </p>
        </div>
      </div>
      <ProgressBar percent={step === 'uploading' ? 0 : percent} label="Import progress" />
      <p className="text-sm text-zinc-500 dark:text-zinc-400">
        Each slide is turned into a picture and its text and speaker notes are read. A large deck takes a
        minute or so.
      </p>
      <div>
        <button type="button" className={buttonClasses({ variant: 'ghost', size: 'sm' })} onClick={onCancel}>
          Choose another file
        </button>
      </div>
    </section>
  );
}
