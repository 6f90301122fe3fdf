import { defaultFailure, storyboardMessages } from '@reelcraft/contract';
import { CircleAlertIcon, RefreshCwIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { Spinner } from '../../components/spinner';
import { ApiError, errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useStoryboard } from './api/get-storyboard';
import { StoryboardEditor } from './storyboard-editor';

/**
 * `/storyboards/{id}`: the storyboard editor, which is also where a fresh draft is reviewed before it
 * renders. A skeleton while it loads; "Storyboard not found" with the way back for an unknown id.
 */
export function StoryboardEditorPage() {
  const { id = '' } = useParams();
  const storyboard = useStoryboard(id);

  if (storyboard.isPending) return <EditorSkeleton />;
  if (storyboard.isError) {
    const notFound = storyboard.error instanceof ApiError && storyboard.error.status === 404;
    return (
      <div className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-16 text-center">
        <title>{`${notFound ? storyboardMessages.notFound : 'Storyboard'} · ReelCraft`}</title>
        <CircleAlertIcon aria-hidden="true" className="size-8 text-red-500" />
        <h1 className="font-display mt-4 text-2xl font-semibold tracking-tight">
          {notFound ? storyboardMessages.notFound : 'The storyboard could not be loaded'}
        </h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          {notFound
            ? 'It may have been deleted, or it belongs to another account.'
            : errorMessage(storyboard.error, { fallback: defaultFailure('load the storyboard') })}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          {notFound ? null : (
            <button
              type="button"
              onClick={() => void storyboard.refetch()}
              className={buttonClasses({ variant: 'secondary' })}
            >
              {storyboard.isFetching ? <Spinner /> : <RefreshCwIcon aria-hidden="true" className="size-4" />}
              Try Again
            </button>
          )}
          <Link to={paths.projects} className={buttonClasses()}>
            Back to My Projects
          </Link>
        </div>
      </div>
    );
  }
  // Keyed by id: another storyboard is another editor (its own history).
  return <StoryboardEditor key={storyboard.data.id} initial={storyboard.data} />;
}

function EditorSkeleton() {
  return (
    <div
      role="status"
      className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8"
    >
      <span className="sr-only">Loading storyboard…</span>
      <div aria-hidden="true" className="flex animate-pulse flex-col gap-3">
        <div className="h-4 w-28 rounded bg-zinc-200 dark:bg-white/10" />
        <div className="h-9 w-2/3 max-w-md rounded-lg bg-zinc-200 dark:bg-white/10" />
        <div className="h-4 w-48 rounded bg-zinc-200 dark:bg-white/10" />
      </div>
      <div
        aria-hidden="true"
        className="grid animate-pulse gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_22rem]"
      >
        <div className="flex flex-col gap-3">
          {[0, 1, 2].map((index) => (
            <div
              key={index}
              className="flex flex-col gap-3 rounded-2xl border border-zinc-200 p-4 sm:flex-row dark:border-white/10"
            >
              <div className="aspect-video w-full rounded-xl bg-zinc-200 sm:w-52 dark:bg-white/10" />
              <div className="flex flex-1 flex-col gap-2">
                <div className="h-3 w-24 rounded bg-zinc-200 dark:bg-white/10" />
                <div className="h-20 rounded-xl bg-zinc-200 dark:bg-white/10" />
              </div>
            </div>
          ))}
        </div>
        <div className="h-96 rounded-2xl border border-zinc-200 dark:border-white/10" />
      </div>
    </div>
  );
}
