import { defaultFailure, type SceneSubject } from '@reelcraft/contract';
import { SearchIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Dialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import { inputClasses } from '../../components/text-field';
import { errorMessage } from '../../lib/api-client';
import { useLibraryImages } from './api/list-library-images';
import { useIllustrations } from './api/search-illustrations';

/** How long typing settles before the search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

type Tab = 'illustrations' | 'images';

const TABS: { value: Tab; label: string }[] = [
  { value: 'illustrations', label: 'Illustrations' },
  { value: 'images', label: 'My images' },
];

function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

const tileClasses =
  'flex min-w-0 flex-col items-center gap-1.5 rounded-xl border border-zinc-200 bg-white p-2 text-xs font-medium ' +
  'hover:border-violet-400 hover:bg-violet-50 dark:border-white/10 dark:bg-white/[0.03] dark:hover:border-violet-400 dark:hover:bg-violet-500/10';

/**
 * "Add subject": a shipped illustration found by a word (the search waits for typing to settle), or
 * one of the user's own library images. Choosing one adds it and closes the dialog.
 */
export function SubjectPicker({
  open,
  sceneNumber,
  onClose,
  onPick,
}: {
  open: boolean;
  sceneNumber: number;
  onClose: () => void;
  onPick: (subject: SceneSubject) => void;
}) {
  const [tab, setTab] = useState<Tab>('illustrations');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const tabsId = useId();
  const searchId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const illustrations = useIllustrations(q, open && tab === 'illustrations');
  const library = useLibraryImages(open && tab === 'images');

  function close() {
    setSearch('');
    onClose();
  }

  function pick(subject: SceneSubject) {
    onPick(subject);
    close();
  }

  // Arrow keys move between the tabs, as a tab list does.
  function tabKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = (index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
    setTab(TABS[next]?.value ?? 'illustrations');
    tabRefs.current[next]?.focus();
  }

  return (
    <Dialog open={open} onClose={close} title={`Add a subject to scene ${sceneNumber}`} size="lg">
      <div
        role="tablist"
        aria-label="Where the subject comes from"
        className="mt-3 flex gap-1 border-b border-zinc-200 dark:border-white/10"
      >
        {TABS.map((entry, index) => (
          <button
            key={entry.value}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${tabsId}-${entry.value}`}
            aria-selected={tab === entry.value}
            aria-controls={`${tabsId}-${entry.value}-panel`}
            tabIndex={tab === entry.value ? 0 : -1}
            onClick={() => setTab(entry.value)}
            onKeyDown={(event) => tabKey(event, index)}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
              tab === entry.value
                ? 'border-violet-500 text-zinc-900 dark:text-white'
                : 'border-transparent text-zinc-500 hover:text-zinc-800 dark:text-zinc-400 dark:hover:text-zinc-200'
            }`}
          >
            {entry.label}
          </button>
        ))}
      </div>

      {tab === 'illustrations' ? (
        <div
          role="tabpanel"
          id={`${tabsId}-illustrations-panel`}
          aria-labelledby={`${tabsId}-illustrations`}
          className="mt-4 flex flex-col gap-3"
        >
          <div className="relative">
            <label htmlFor={searchId} className="sr-only">
              Search illustrations
            </label>
            <SearchIcon
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4.5 -translate-y-1/2 text-zinc-400"
            />
            <input
              id={searchId}
              type="search"
              data-autofocus
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Search: apple, fox, rocket…"
              className={`${inputClasses} pl-9`}
            />
          </div>
          {illustrations.isPending ? (
            <p role="status" className="flex items-center gap-2 text-sm text-zinc-500">
              <Spinner /> Searching…
            </p>
          ) : illustrations.isError ? (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {errorMessage(illustrations.error, { fallback: defaultFailure('search the illustrations') })}
            </p>
          ) : illustrations.data.length === 0 ? (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">No illustration matches “{q}”.</p>
          ) : (
            <ul
              aria-label="Illustrations"
              aria-busy={illustrations.isFetching}
              className="grid max-h-80 grid-cols-3 gap-2 overflow-y-auto overscroll-contain p-0.5 sm:grid-cols-4"
            >
              {illustrations.data.map((illustration) => (
                <li key={illustration.id}>
                  <button
                    type="button"
                    onClick={() =>
                      pick({
                        kind: 'illustration',
                        id: illustration.id,
                        label: illustration.label,
                        tint: null,
                      })
                    }
                    aria-label={`Add ${illustration.label}`}
                    className={`${tileClasses} w-full`}
                  >
                    <img
                      src={illustration.preview_url}
                      alt=""
                      loading="lazy"
                      className="aspect-square w-full object-contain"
                    />
                    <span className="w-full truncate text-center">{illustration.label}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <div
          role="tabpanel"
          id={`${tabsId}-images-panel`}
          aria-labelledby={`${tabsId}-images`}
          className="mt-4 flex flex-col gap-3"
        >
          {library.isPending ? (
            <p role="status" className="flex items-center gap-2 text-sm text-zinc-500">
              <Spinner /> Loading your images…
            </p>
          ) : library.isError ? (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {errorMessage(library.error, { fallback: defaultFailure('load your images') })}
            </p>
          ) : library.data.length === 0 ? (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">
              Your image library is empty: images you upload or save appear here.
            </p>
          ) : (
            <ul
              aria-label="Your images"
              className="grid max-h-80 grid-cols-3 gap-2 overflow-y-auto overscroll-contain p-0.5 sm:grid-cols-4"
            >
              {library.data.map((image) => (
                <li key={image.id}>
                  <button
                    type="button"
                    onClick={() =>
                      pick({ kind: 'image', image_url: image.gcs_uri, label: labelOf(image.filename) })
                    }
                    aria-label={`Add ${image.filename}`}
                    className={`${tileClasses} w-full`}
                  >
                    <img
                      src={image.url}
                      alt=""
                      loading="lazy"
                      className="aspect-square w-full rounded-lg object-cover"
                    />
                    <span className="w-full truncate text-center">{image.filename}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Dialog>
  );
}

/** A file name as a subject's label: without its extension, within the contract's 120 characters. */
function labelOf(filename: string): string {
  return (filename.replace(/\.[A-Za-z0-9]+$/, '') || filename).slice(0, 120);
}
