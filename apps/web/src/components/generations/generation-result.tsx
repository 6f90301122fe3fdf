import type { ReactNode } from 'react';
import { buttonClasses } from '../button-styles';
import { VideoPlayer } from '../video-player';
import { DownloadVideoButton } from './download-video-button';

/**
 * A creation screen's finished video (spec 001 section 2): the player, Download Video, the screen's
 * own actions and Create Another Video. Shown as the job ends and again on a later visit, until the
 * user leaves it with Create Another Video (issue 36 item 4).
 */
export function GenerationResult({
  videoUrl,
  title,
  playerTitle,
  downloadPrefix,
  autoPlay,
  onCreateAnother,
  notice,
  actions,
}: {
  videoUrl: string;
  /** What the video is of (its prompt); not shown when unknown. */
  title: string | null;
  /** The player's accessible name. */
  playerTitle: string;
  /** The downloaded file is `{downloadPrefix}-{timestamp}.mp4`. */
  downloadPrefix: string;
  autoPlay: boolean;
  onCreateAnother: () => void;
  /** A line above the player (a warning about the URL). */
  notice?: ReactNode;
  /** Actions between Download Video and Create Another Video. */
  actions?: ReactNode;
}) {
  return (
    <section aria-label="Your video" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">Your video is ready!</h2>
        {title ? (
          <p
            data-testid="video-title"
            className="line-clamp-3 text-sm break-words text-zinc-600 dark:text-zinc-400"
          >
            {title}
          </p>
        ) : null}
      </div>
      {notice}
      <VideoPlayer src={videoUrl} title={playerTitle} autoPlay={autoPlay} />
      <div className="flex flex-wrap gap-3">
        <DownloadVideoButton videoUrl={videoUrl} prefix={downloadPrefix} />
        {actions}
        <button type="button" className={buttonClasses({ variant: 'secondary' })} onClick={onCreateAnother}>
          Create Another Video
        </button>
      </div>
    </section>
  );
}
