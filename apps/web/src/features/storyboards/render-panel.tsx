import { generationMessages, type GenerationState } from '@reelcraft/contract';
import { PencilIcon } from 'lucide-react';
import { DownloadVideoButton, GenerationFailedPanel, ProgressRing } from '../../components/generations';
import { buttonClasses } from '../../components/button-styles';
import { Spinner } from '../../components/spinner';
import { CaptionDownloadButtons, useVideoCaptionsUrl, VideoPlayer } from '../../components/video-player';

/** What the video area above the scenes shows: nothing yet, a render under way, its failure, or the video. */
export type RenderView =
  | { kind: 'none' }
  | { kind: 'running'; state: GenerationState }
  /** The storyboard says it renders, but this page did not start it (another tab, a reload). */
  | { kind: 'waiting' }
  | { kind: 'failed'; error: string }
  | {
      kind: 'ready';
      videoUrl: string;
      videoId: string | null;
      /** Its captions are drawn into the picture: the player offers no track that would repeat them. */
      captionsInPicture: boolean;
      renderedVersion: number | null;
      stale: boolean;
    };

/**
 * The storyboard's video: the progress of a render (the generation kit's ring), its failure, or the
 * newest video with its captions track, Download Video, the captions as SRT and VTT, and Edit again.
 */
export function RenderPanel({
  view,
  title,
  onDismissFailure,
  onEditAgain,
}: {
  view: RenderView;
  title: string;
  onDismissFailure: () => void;
  onEditAgain: () => void;
}) {
  const captions = useVideoCaptionsUrl(
    view.kind === 'ready' && !view.captionsInPicture ? view.videoId : null,
  );
  switch (view.kind) {
    case 'none':
      return null;
    case 'running':
      return (
        <section
          aria-label="Rendering your video"
          className="flex flex-col items-center gap-4 rounded-2xl border border-zinc-200 bg-white p-5 text-center sm:flex-row sm:text-left dark:border-white/10 dark:bg-white/[0.03]"
        >
          <ProgressRing percent={view.state.progress} label="Video progress" />
          <div className="flex flex-col gap-1">
            <h2 className="text-lg font-semibold">Rendering your video</h2>
            <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
              {view.state.retrying
                ? generationMessages.retrying
                : (view.state.message ?? 'Rendering the scenes…')}
            </p>
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              You can keep editing: changes are saved and render next time.
            </p>
          </div>
        </section>
      );
    case 'waiting':
      return (
        <section
          aria-label="Rendering your video"
          className="flex items-center gap-3 rounded-2xl border border-zinc-200 bg-white p-5 dark:border-white/10 dark:bg-white/[0.03]"
        >
          <Spinner className="size-5" />
          <p role="status" className="text-sm">
            This storyboard is rendering. The video shows here when it is ready.
          </p>
        </section>
      );
    case 'failed':
      return <GenerationFailedPanel error={view.error} onRetry={onDismissFailure} />;
    case 'ready':
      return (
        <section aria-label="Your video" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-lg font-semibold">Your video</h2>
            {view.renderedVersion !== null ? (
              <p className="text-xs text-zinc-500 dark:text-zinc-400">
                From version {view.renderedVersion}
                {view.stale ? ' · the storyboard has changed since' : ''}
              </p>
            ) : null}
          </div>
          <div className="mx-auto w-full max-w-3xl overflow-hidden rounded-2xl">
            <VideoPlayer
              src={view.videoUrl}
              title={title}
              captions={captions}
              className="aspect-video w-full"
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <DownloadVideoButton videoUrl={view.videoUrl} prefix="storyboard" />
            {view.videoId ? <CaptionDownloadButtons videoId={view.videoId} title={title} size="md" /> : null}
            <button type="button" onClick={onEditAgain} className={buttonClasses({ variant: 'secondary' })}>
              <PencilIcon aria-hidden="true" className="size-4" />
              Edit again
            </button>
          </div>
        </section>
      );
  }
}
