import type { RecentVideoSession } from '@reelcraft/contract';
import { FilmIcon } from 'lucide-react';
import { useState } from 'react';
import { buttonClasses } from '../../components/button-styles';
import { Dialog } from '../../components/dialog';
import { formatDateTime } from '../../lib/relative-time';

const statusLabels: Record<RecentVideoSession['status'], string> = {
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};

/**
 * The Recent Videos dialog (spec 001 section 2): the user's latest image videos, each with its
 * thumbnail, title, state and the moment it was started, and View video for a finished one. The
 * moment is written out: the spec's relative time reads "just now" for anything under an hour, which
 * told a 40-minute-old job from a new one by nothing.
 */
export function RecentVideosDialog({
  open,
  onClose,
  sessions,
  onView,
}: {
  open: boolean;
  onClose: () => void;
  sessions: readonly RecentVideoSession[];
  onView: (videoUrl: string) => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Recent Videos">
      <ul className="mt-2 flex flex-col gap-2">
        {sessions.map((session) => {
          const url = session.videos.find((video) => video.output_video_url)?.output_video_url ?? null;
          return (
            <li
              key={session.session_id}
              className="flex flex-wrap items-center gap-3 rounded-xl border border-zinc-200 p-2.5 text-sm dark:border-white/10"
            >
              <Thumbnail url={session.thumbnail_url} />
              {/* On a phone the button takes a line of its own, so the title keeps its room. */}
              <span className="min-w-40 flex-1">
                <span className="line-clamp-2 font-medium break-words" title={session.title}>
                  {session.title}
                </span>{' '}
                <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                  {statusLabels[session.status]} ·{' '}
                  <time dateTime={session.created_at}>{formatDateTime(session.created_at)}</time>
                </span>
              </span>
              {session.status === 'completed' && url ? (
                <button
                  type="button"
                  className={buttonClasses({
                    variant: 'secondary',
                    size: 'sm',
                    className: 'ml-auto shrink-0',
                  })}
                  onClick={() => onView(url)}
                >
                  View video
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}

/** The video's picture, or a film mark while it has none (still rendering) or it fails to load. */
function Thumbnail({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="flex aspect-video w-20 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-gradient-to-br from-sky-500 to-cyan-600 text-white/80">
      {url && !failed ? (
        <img
          src={url}
          alt=""
          loading="lazy"
          onError={() => setFailed(true)}
          className="size-full object-cover"
        />
      ) : (
        <FilmIcon aria-hidden="true" className="size-5" />
      )}
    </span>
  );
}
