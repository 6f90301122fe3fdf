import {
  LIBRARY_DEFERRED_RENDER_DELAY_MS,
  LIBRARY_INITIAL_RENDER_COUNT,
  libraryMessages,
  type LibraryImage,
  type LibraryImageSource,
} from '@reelcraft/contract';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  ArrowLeftIcon,
  CheckIcon,
  CircleAlertIcon,
  ClapperboardIcon,
  DownloadIcon,
  ImageIcon,
  ImagesIcon,
  RefreshCwIcon,
  Trash2Icon,
} from 'lucide-react';
import { buttonClasses, iconButtonClasses } from '../../components/button-styles';
import { ConfirmDialog, Dialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast';
import { downloadUrl } from '../../components/video-player';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { formatDateTime } from '../../lib/relative-time';
import { useCurrentUser } from '../../lib/session';
import { useDeleteLibraryImage } from './api/delete-library-image';
import { useLibraryImages } from './api/list-library-images';
import { backTarget, libraryTargets, storeSelectedImages, type LibraryTarget } from './selected-images';

const sourceLabels: Record<LibraryImageSource, string> = {
  'image-enhancement': 'Image Enhancement',
  'ai-studio': 'AI Studio',
  'image-to-video': 'Image to Video',
  upload: 'Upload',
};

/**
 * The Image Library (spec 001 section 2): the user's saved images with a count, refresh, preview,
 * download and delete (after confirmation); select mode hands the picked images to a creation screen
 * through `library_selected_images`. The first LIBRARY_INITIAL_RENDER_COUNT images show at once, the
 * rest after LIBRARY_DEFERRED_RENDER_DELAY_MS.
 */
export function ImageLibraryPage() {
  const userId = useCurrentUser()?.id ?? 'signed-out';
  const library = useLibraryImages(userId);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const remove = useDeleteLibraryImage(userId);
  const returnTo = searchParams.get('returnTo');
  const back = backTarget(returnTo, searchParams.get('tab'));

  const [selecting, setSelecting] = useState(returnTo !== null);
  const [selected, setSelected] = useState<string[]>([]);
  const [target, setTarget] = useState<LibraryTarget>(
    returnTo === 'ai-studio' ? 'ai-studio' : 'image-to-video',
  );
  const [preview, setPreview] = useState<LibraryImage | null>(null);
  const [confirming, setConfirming] = useState<LibraryImage | null>(null);
  const [broken, setBroken] = useState<Set<string>>(() => new Set());
  const [showAll, setShowAll] = useState(false);

  const images = library.data?.images ?? [];
  const count = images.length;
  useEffect(() => {
    if (count <= LIBRARY_INITIAL_RENDER_COUNT) return;
    const timer = setTimeout(() => setShowAll(true), LIBRARY_DEFERRED_RENDER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [count]);
  const shown = showAll ? images : images.slice(0, LIBRARY_INITIAL_RENDER_COUNT);
  // Selections of images that are gone (deleted, refreshed away) drop out.
  const picked = images.filter((image) => selected.includes(image.id));

  const toggle = (id: string) =>
    setSelected((current) =>
      current.includes(id) ? current.filter((value) => value !== id) : [...current, id],
    );

  const useInTarget = () => {
    storeSelectedImages(picked);
    void navigate(libraryTargets[target].to);
  };

  const downloadImage = async (image: LibraryImage) => {
    try {
      await downloadUrl(image.url, image.filename);
    } catch {
      toast.show({ title: libraryMessages.downloadFailed, tone: 'error' });
    }
  };

  const confirmDelete = () => {
    if (!confirming) return;
    const image = confirming;
    remove.mutate(image.id, {
      onSuccess: () => {
        setConfirming(null);
        setSelected((current) => current.filter((id) => id !== image.id));
        if (preview?.id === image.id) setPreview(null);
      },
      onError: (error) => {
        setConfirming(null);
        toast.show({
          title: errorMessage(error, { fallback: libraryMessages.deleteFailed }),
          tone: 'error',
        });
      },
    });
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <title>Image Library · ReelCraft</title>
      <Link to={back} className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ml-3' })}>
        <ArrowLeftIcon className="size-4" />
        Back
      </Link>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-display text-3xl font-semibold tracking-tight">Image Library</h1>
          <p className="mt-2 text-zinc-600 dark:text-zinc-400">
            {library.data ? `${count} ${count === 1 ? 'image' : 'images'}` : 'Your saved images.'}
          </p>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => void library.refetch()}
            disabled={library.isFetching}
            aria-label="Refresh images"
            className={`${iconButtonClasses} size-9`}
          >
            {library.isFetching ? <Spinner /> : <RefreshCwIcon className="size-4.5" />}
          </button>
          {count > 0 && (
            <button
              type="button"
              aria-pressed={selecting}
              onClick={() => {
                setSelecting((value) => !value);
                setSelected([]);
              }}
              className={buttonClasses({ variant: selecting ? 'primary' : 'secondary', size: 'sm' })}
            >
              {selecting ? 'Done selecting' : 'Select'}
            </button>
          )}
        </div>
      </div>

      {library.data?.warning && (
        <p
          role="status"
          className="mt-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-2.5 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-200"
        >
          {library.data.warning}
        </p>
      )}

      <div className="mt-6">
        {library.isPending ? (
          <div role="status" className="flex items-center justify-center gap-2 py-20 text-sm text-zinc-500">
            <Spinner className="size-5" />
            Loading images…
          </div>
        ) : library.isError ? (
          <div
            role="alert"
            className="flex flex-col items-center rounded-2xl border border-zinc-200 px-6 py-12 text-center dark:border-white/10"
          >
            <CircleAlertIcon className="size-7 text-red-500" />
            <p className="mt-3 text-sm font-medium">
              {library.error.message === libraryMessages.loadTimeout
                ? libraryMessages.loadTimeout
                : errorMessage(library.error, { fallback: libraryMessages.loadFailed })}
            </p>
            <button
              type="button"
              onClick={() => void library.refetch()}
              disabled={library.isFetching}
              className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-4' })}
            >
              {library.isFetching ? <Spinner /> : <RefreshCwIcon className="size-4" />}
              Try Again
            </button>
          </div>
        ) : count === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-zinc-300 px-6 py-14 text-center dark:border-white/15">
            <span className="flex size-12 items-center justify-center rounded-full bg-violet-500/10 text-violet-600 dark:text-violet-300">
              <ImageIcon className="size-6" />
            </span>
            <h2 className="mt-4 text-base font-semibold">No images yet</h2>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
              Images you upload for your videos, enhanced product images and AI Studio references appear here.
            </p>
            <div className="mt-5 flex flex-wrap justify-center gap-2">
              <Link to={paths.imageToVideo} className={buttonClasses({ variant: 'primary', size: 'sm' })}>
                <ImagesIcon className="size-4" />
                Image to Video
              </Link>
              <Link to={paths.studio} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                <ClapperboardIcon className="size-4" />
                AI Studio
              </Link>
            </div>
          </div>
        ) : (
          <ul aria-label="Images" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {shown.map((image) => {
              const isSelected = selected.includes(image.id);
              return (
                <li key={image.id}>
                  <figure
                    className={`group relative overflow-hidden rounded-2xl border bg-white dark:bg-zinc-900 ${isSelected ? 'border-violet-500 ring-2 ring-violet-500' : 'border-zinc-200 dark:border-white/10'}`}
                  >
                    <button
                      type="button"
                      onClick={() => (selecting ? toggle(image.id) : setPreview(image))}
                      aria-pressed={selecting ? isSelected : undefined}
                      aria-label={selecting ? `Select ${image.filename}` : `Preview ${image.filename}`}
                      className="block aspect-square w-full bg-zinc-100 dark:bg-white/5"
                    >
                      <img
                        src={image.url}
                        alt={image.filename}
                        loading="lazy"
                        onError={() => setBroken((current) => new Set(current).add(image.id))}
                        data-broken={broken.has(image.id) || undefined}
                        className={`size-full object-cover ${broken.has(image.id) ? 'opacity-40 grayscale' : ''}`}
                      />
                      {selecting && (
                        <span
                          aria-hidden="true"
                          className={`absolute top-2 left-2 flex size-6 items-center justify-center rounded-full border-2 ${isSelected ? 'border-violet-500 bg-violet-500 text-white' : 'border-white bg-black/30'}`}
                        >
                          {isSelected && <CheckIcon className="size-3.5" />}
                        </span>
                      )}
                    </button>
                    {/* The name has the card's whole width and up to two lines, the actions a row of
                        their own: beside them a phone's half-width card cut it to "enhanc…". */}
                    <figcaption className="flex flex-col gap-1 p-2 pl-3">
                      <span
                        className="line-clamp-2 text-xs font-medium break-words"
                        title={image.filename}
                        data-testid="image-name"
                      >
                        {image.filename}
                      </span>
                      <div className="flex items-center gap-1">
                        {/* Where it came from, where the card has room (the preview says it too). */}
                        <span className="hidden min-w-0 flex-1 truncate text-xs text-zinc-500 sm:block dark:text-zinc-400">
                          {sourceLabels[image.source]}
                        </span>
                        <button
                          type="button"
                          onClick={() => void downloadImage(image)}
                          aria-label={`Download ${image.filename}`}
                          className={`${iconButtonClasses} ml-auto size-8 shrink-0`}
                        >
                          <DownloadIcon className="size-4" />
                        </button>
                        <button
                          type="button"
                          onClick={() => setConfirming(image)}
                          aria-label={`Delete ${image.filename}`}
                          className={`${iconButtonClasses} size-8 shrink-0 hover:text-red-600 dark:hover:text-red-400`}
                        >
                          <Trash2Icon className="size-4" />
                        </button>
                      </div>
                    </figcaption>
                  </figure>
                </li>
              );
            })}
          </ul>
        )}
      </div>

      {selecting && picked.length > 0 && (
        <div
          role="region"
          aria-label="Selection"
          className="sticky bottom-4 z-20 mt-6 rounded-2xl border border-zinc-200 bg-white/95 px-4 py-3 shadow-xl backdrop-blur dark:border-white/10 dark:bg-zinc-900/95"
        >
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-sm font-semibold">{libraryMessages.selectedCount(picked.length)}</span>
            <label className="flex items-center gap-2 text-sm">
              <span className="sr-only sm:not-sr-only">Use in</span>
              <select
                aria-label="Target"
                value={target}
                onChange={(event) => setTarget(event.target.value as LibraryTarget)}
                className="h-9 rounded-lg border border-zinc-300 bg-white px-2 text-sm dark:border-white/15 dark:bg-zinc-800"
              >
                {(Object.keys(libraryTargets) as LibraryTarget[]).map((key) => (
                  <option key={key} value={key}>
                    {libraryTargets[key].label}
                  </option>
                ))}
              </select>
            </label>
            <div className="flex w-full flex-wrap justify-end gap-2 sm:ml-auto sm:w-auto">
              <button
                type="button"
                onClick={() => setSelected([])}
                className={buttonClasses({ variant: 'ghost', size: 'sm' })}
              >
                Clear
              </button>
              <button
                type="button"
                onClick={useInTarget}
                className={buttonClasses({ variant: 'primary', size: 'sm' })}
              >
                Use in {libraryTargets[target].label}
              </button>
            </div>
          </div>
        </div>
      )}

      <Dialog
        open={preview !== null}
        onClose={() => setPreview(null)}
        title={preview?.filename ?? 'Image'}
        size="lg"
      >
        {preview && (
          <div className="mt-4">
            <img
              src={preview.url}
              alt={preview.filename}
              className="max-h-[60vh] w-full rounded-xl bg-zinc-100 object-contain dark:bg-white/5"
            />
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-zinc-500 dark:text-zinc-400">Uploaded</dt>
              <dd>
                <time dateTime={preview.uploaded_at}>{formatDateTime(preview.uploaded_at)}</time>
              </dd>
              <dt className="text-zinc-500 dark:text-zinc-400">Source</dt>
              <dd>{sourceLabels[preview.source]}</dd>
            </dl>
            <div className="mt-5 flex justify-end">
              <button
                type="button"
                onClick={() => void downloadImage(preview)}
                className={buttonClasses({ variant: 'primary', size: 'sm' })}
              >
                <DownloadIcon className="size-4" />
                Download
              </button>
            </div>
          </div>
        )}
      </Dialog>

      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Delete this image?"
        description={confirming ? `${confirming.filename} will be removed from your library.` : undefined}
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </div>
  );
}
