import {
  defaultFailure,
  projectsMessages,
  sessionMessages,
  type Video,
  type VideoStatus,
} from '@reelcraft/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CircleAlertIcon, DownloadIcon, FilmIcon, PlayIcon, PlusIcon, RefreshCwIcon } from 'lucide-react';
import { buttonClasses, cardOpenerClasses } from '../../components/button-styles';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast';
import { isPlayable, unavailableText, useVideoDownload, VideoViewer } from '../../components/video-player';
import { ApiError, errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useSessionStore } from '../../lib/session';
import { useMyVideos } from './api/list-my-videos';
import { useLiveVideoLists } from './use-live-video-lists';
import { formatDate } from '../../lib/relative-time';

/** How long the expired-session message shows before the sign-in screen. */
const EXPIRED_REDIRECT_MS = 2_000;

const statusBadges: Record<VideoStatus, { label: string; className: string }> = {
  completed: { label: 'Completed', className: 'bg-emerald-600/90 text-white' },
  processing: { label: 'Processing', className: 'bg-amber-500/90 text-zinc-950' },
  pending: { label: 'Pending', className: 'bg-zinc-700/90 text-white' },
  failed: { label: 'Failed', className: 'bg-red-600/90 text-white' },
};

function isSessionExpired(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.kind === 'token_expired' || (error.kind === 'http' && error.status === 401))
  );
}

/**
 * My Videos (spec 001 section 2): every video with its status; a completed one with a URL plays in the
 * viewer and downloads, the others say why not. An expired session says so, then goes to sign-in.
 */
export function MyVideosPage() {
  const videos = useMyVideos();
  useLiveVideoLists();
  const [viewing, setViewing] = useState<Video | null>(null);
  const { download, downloading } = useVideoDownload();
  const toast = useToast();
  const sessionStore = useSessionStore();
  const expired = videos.isError && isSessionExpired(videos.error);

  useEffect(() => {
    if (!expired) return;
    const timer = setTimeout(() => sessionStore.logout('expired'), EXPIRED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [expired, sessionStore]);

  const onDownload = (video: Video) => {
    if (isPlayable(video)) void download(video.video_url, video.title);
    else toast.show({ title: unavailableText(video), tone: 'info' });
  };

  const list = videos.data?.videos ?? [];
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <title>My Videos · ReelCraft</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-display text-3xl font-semibold tracking-tight">My Videos</h1>
          <p className="mt-2 text-zinc-600 dark:text-zinc-400">
            {videos.data
              ? `${videos.data.total} ${videos.data.total === 1 ? 'video' : 'videos'}`
              : 'Your videos and their status.'}
          </p>
        </div>
        <Link to={paths.dashboard} className={buttonClasses({ variant: 'primary', size: 'sm' })}>
          <PlusIcon className="size-4" />
          Create New Video
        </Link>
      </div>

      <div className="mt-6">
        {videos.isPending ? (
          <div role="status" className="flex items-center justify-center gap-2 py-20 text-sm text-zinc-500">
            <Spinner className="size-5" />
            Loading your videos…
          </div>
        ) : expired ? (
          <div
            role="alert"
            className="rounded-2xl border border-amber-300 bg-amber-50 px-6 py-10 text-center text-sm font-medium text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-200"
          >
            {sessionMessages.sessionExpired}
          </div>
        ) : videos.isError ? (
          <div
            role="alert"
            className="flex flex-col items-center rounded-2xl border border-zinc-200 px-6 py-12 text-center dark:border-white/10"
          >
            <CircleAlertIcon className="size-7 text-red-500" />
            <p className="mt-3 text-sm font-medium">
              {videos.error instanceof ApiError && videos.error.kind === 'http'
                ? projectsMessages.fetchVideosFailed(videos.error.status)
                : errorMessage(videos.error, { fallback: defaultFailure('load videos') })}
            </p>
            <button
              type="button"
              onClick={() => void videos.refetch()}
              disabled={videos.isFetching}
              className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-4' })}
            >
              {videos.isFetching ? <Spinner /> : <RefreshCwIcon className="size-4" />}
              Try Again
            </button>
          </div>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-zinc-300 px-6 py-14 text-center dark:border-white/15">
            <span className="flex size-12 items-center justify-center rounded-full bg-violet-500/10 text-violet-600 dark:text-violet-300">
              <FilmIcon className="size-6" />
            </span>
            <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
              No videos yet. Create your first one!
            </p>
          </div>
        ) : (
          <ul aria-label="Videos" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.map((video) => {
              const badge = statusBadges[video.status];
              const playable = isPlayable(video);
              return (
                <li key={video.id}>
                  <article
                    aria-label={video.title}
                    className="relative overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm dark:border-white/10 dark:bg-zinc-900"
                  >
                    <div className="relative aspect-video w-full overflow-hidden bg-gradient-to-br from-zinc-700 to-zinc-900">
                      {video.thumbnail_url ? (
                        <img
                          src={video.thumbnail_url}
                          alt=""
                          loading="lazy"
                          className="size-full object-cover"
                        />
                      ) : (
                        <span className="absolute inset-0 flex items-center justify-center text-white/60">
                          <FilmIcon className="size-9" />
                        </span>
                      )}
                      {playable && (
                        <span className="absolute inset-0 m-auto flex size-12 items-center justify-center rounded-full bg-white/90 text-zinc-900 shadow-lg">
                          <PlayIcon className="ml-0.5 size-5 fill-current" />
                        </span>
                      )}
                      <span
                        className={`absolute top-2.5 left-2.5 rounded-full px-2.5 py-1 text-xs font-medium ${badge.className}`}
                      >
                        {badge.label}
                      </span>
                    </div>
                    <div className="flex items-center gap-2 p-3.5">
                      <div className="min-w-0 flex-1">
                        <h2 className="text-sm font-semibold" title={video.title}>
                          {/* Its ::before covers the card: a tap anywhere on it opens the viewer. */}
                          <button
                            type="button"
                            onClick={() => setViewing(video)}
                            aria-label={`Open ${video.title}`}
                            className={cardOpenerClasses}
                          >
                            {video.title}
                          </button>
                        </h2>
                        <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
                          <time dateTime={video.created_at}>{formatDate(video.created_at)}</time>
                          {!playable && ` · ${unavailableText(video)}`}
                        </p>
                      </div>
                      <button
                        type="button"
                        onClick={() => onDownload(video)}
                        aria-disabled={!playable}
                        aria-label={`Download ${video.title}`}
                        className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'relative' })}
                      >
                        {downloading !== null && downloading === video.video_url ? (
                          <Spinner />
                        ) : (
                          <DownloadIcon className="size-4" />
                        )}
                        <span className="sr-only sm:not-sr-only">Download</span>
                      </button>
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <VideoViewer video={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
