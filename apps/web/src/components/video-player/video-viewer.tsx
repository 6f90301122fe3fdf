import { projectsMessages, type Video } from '@reelcraft/contract';
import { useEffect, useId, useRef } from 'react';
import { DownloadIcon, XIcon } from 'lucide-react';
import { formatDate, formatDateTime } from '../../lib/relative-time';
import { buttonClasses, iconButtonClasses } from '../button-styles';
import { Spinner } from '../spinner';
import { CaptionDownloadButtons, useVideoCaptionsUrl } from './captions';
import { useVideoDownload } from './download-video';
import { VideoPlayer } from './video-player';

/** Whether a video can play or download: completed with a URL (spec 001 section 4). */
export function isPlayable(
  video: Pick<Video, 'status' | 'video_url'>,
): video is { status: 'completed'; video_url: string } {
  return video.status === 'completed' && !!video.video_url;
}

/** What to say instead of a player: still processing, or not available. */
export function unavailableText(video: Pick<Video, 'status'>): string {
  return video.status === 'processing' || video.status === 'pending'
    ? projectsMessages.stillProcessing
    : projectsMessages.notAvailable;
}

/**
 * A wide modal showing one video: its title and date, Download and Close, and the player (autoplaying)
 * or why there is none. A video with captions (a storyboard's, a studio export's voiceover) plays
 * with its captions track and offers them as SRT and VTT. Escape, Close and the backdrop close it.
 */
export function VideoViewer({ video, onClose }: { video: Video | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const open = video !== null;
  const wantedOpen = useRef(open);
  const { download, downloading } = useVideoDownload();
  const withCaptions = video !== null && isPlayable(video) && video.has_captions;
  // Captions drawn into the picture are not shown again as a track (the files stay downloadable).
  const captions = useVideoCaptionsUrl(withCaptions && !video.captions_in_picture ? video.id : null);

  useEffect(() => {
    wantedOpen.current = open;
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={() => {
        if (wantedOpen.current) onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-4xl overflow-y-auto overscroll-contain rounded-2xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-2xl dark:border-white/10 dark:bg-zinc-900 dark:text-zinc-100"
    >
      {video && (
        <div className="p-4 sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <h2 id={titleId} className="font-display truncate text-lg font-semibold tracking-tight">
                {video.title}
              </h2>
              <p className="mt-0.5 text-sm text-zinc-500 dark:text-zinc-400">
                <time dateTime={video.created_at} title={formatDateTime(video.created_at)}>
                  {formatDate(video.created_at)}
                </time>
              </p>
            </div>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close viewer"
              className={`${iconButtonClasses} -mt-1 -mr-2 size-9 shrink-0`}
            >
              <XIcon />
            </button>
          </div>
          <div className="mt-4 overflow-hidden rounded-xl">
            {isPlayable(video) ? (
              <VideoPlayer
                src={video.video_url}
                title={video.title}
                autoPlay
                captions={captions}
                className="aspect-video w-full"
              />
            ) : (
              <div className="flex aspect-video w-full items-center justify-center bg-zinc-100 text-sm text-zinc-600 dark:bg-white/5 dark:text-zinc-400">
                {unavailableText(video)}
              </div>
            )}
          </div>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            {withCaptions ? <CaptionDownloadButtons videoId={video.id} title={video.title} /> : null}
            {isPlayable(video) && (
              <button
                type="button"
                onClick={() => void download(video.video_url, video.title)}
                disabled={downloading !== null}
                className={buttonClasses({ variant: 'primary', size: 'sm' })}
              >
                {downloading ? <Spinner /> : <DownloadIcon className="size-4" />}
                Download
              </button>
            )}
            <button
              type="button"
              onClick={onClose}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              Close
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
