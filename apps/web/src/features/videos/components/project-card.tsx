import { projectsMessages, type ProjectType, type Video } from '@reelcraft/contract';
import { useState } from 'react';
import { ArrowRightIcon, DownloadIcon, FilmIcon, PencilIcon, PlayIcon } from 'lucide-react';
import { Link } from 'react-router';
import { cardOpenerClasses, iconButtonClasses } from '../../../components/button-styles';
import { Spinner } from '../../../components/spinner';
import { isPlayable } from '../../../components/video-player';
import { formatDate } from '../../../lib/relative-time';

export const projectTypeLabels: Record<ProjectType, string> = {
  'text-to-video': 'Text to Video',
  'image-to-video': 'Image to Video',
  'ai-studio': 'AI Studio',
  slides: 'Slides to Video',
  'chat-to-video': 'Chat to Video',
  'avatar-presenter': 'Avatar Presenter',
};

interface ProjectCardProps {
  project: Video;
  onOpen: () => void;
  onDownload: () => void;
  onEdit: () => void;
  downloading: boolean;
  /** The storyboard is being opened for Edit. */
  editing?: boolean;
  /** A processing project that waits for its user (an AI Studio job): what it waits for and where. */
  waiting?: { text: string; href: string } | null;
}

/**
 * One project: a preview that loads the video's metadata only once a mouse points at it or it has focus
 * (a poster or a placeholder before), the play overlay when there is a video, title, date, type,
 * Download and Edit. The whole card opens the viewer (spec 001: "Clicking a card opens a modal").
 */
export function ProjectCard({
  project,
  onOpen,
  onDownload,
  onEdit,
  downloading,
  editing = false,
  waiting = null,
}: ProjectCardProps) {
  const [previewing, setPreviewing] = useState(false);
  const [thumbnailFailed, setThumbnailFailed] = useState(false);
  const playable = isPlayable(project);
  const processing = project.status === 'processing' || project.status === 'pending';

  return (
    <article
      aria-label={project.title}
      className="group relative flex flex-col overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm transition-shadow hover:shadow-md dark:border-white/10 dark:bg-zinc-900"
      // Only a mouse previews: on a touch screen the first tap must open the viewer, not swap the
      // thumbnail for a video (and a phone should not fetch video metadata for a glance).
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') setPreviewing(true);
      }}
      onFocus={() => setPreviewing(true)}
    >
      <div className="relative aspect-video w-full overflow-hidden bg-gradient-to-br from-violet-500 to-indigo-600">
        {project.video_url && playable && previewing ? (
          <video
            src={project.video_url}
            poster={project.thumbnail_url ?? undefined}
            preload="metadata"
            muted
            playsInline
            className="size-full object-cover"
          />
        ) : project.thumbnail_url && !thumbnailFailed ? (
          <img
            src={project.thumbnail_url}
            alt=""
            loading="lazy"
            onError={() => setThumbnailFailed(true)}
            className="size-full object-cover"
          />
        ) : (
          <span className="absolute inset-0 flex items-center justify-center text-white/80">
            <FilmIcon className="size-9" />
          </span>
        )}
        {project.video_url && (
          <span className="absolute inset-0 m-auto flex size-12 items-center justify-center rounded-full bg-white/90 text-zinc-900 opacity-90 shadow-lg transition-opacity group-hover:opacity-100">
            <PlayIcon className="ml-0.5 size-5 fill-current" />
          </span>
        )}
        {processing && (
          <span className="absolute top-2.5 left-2.5 inline-flex items-center gap-1.5 rounded-full bg-zinc-950/70 px-2.5 py-1 text-xs font-medium text-white">
            {waiting ? null : <Spinner className="size-3" />}
            {waiting ? 'Waiting for you' : 'Processing'}
          </span>
        )}
        {project.status === 'failed' && (
          <span className="absolute top-2.5 left-2.5 rounded-full bg-red-600/90 px-2.5 py-1 text-xs font-medium text-white">
            Failed
          </span>
        )}
      </div>
      <div className="flex flex-1 items-start gap-2 p-3.5">
        <div className="min-w-0 flex-1">
          {/* h2: the page's h1 is the only heading above the cards (no level skipped). */}
          <h2 className="text-sm font-semibold" title={project.title}>
            {/* Its ::before covers the whole card, so a tap anywhere (thumbnail, title) opens the viewer. */}
            <button
              type="button"
              onClick={onOpen}
              aria-label={`Open ${project.title}`}
              className={cardOpenerClasses}
            >
              {project.title}
            </button>
          </h2>
          <p className="mt-0.5 truncate text-xs text-zinc-500 dark:text-zinc-400">
            <time dateTime={project.created_at}>{formatDate(project.created_at)}</time>
            {' · '}
            {projectTypeLabels[project.project_type]}
          </p>
          {waiting && processing ? (
            // Above the card's opener: this link goes to the job, not the viewer.
            <Link
              to={waiting.href}
              className="relative mt-1.5 inline-flex items-center gap-1 text-xs font-medium text-violet-700 underline-offset-2 hover:underline dark:text-violet-300"
            >
              {waiting.text}
              <ArrowRightIcon aria-hidden="true" className="size-3.5" />
            </Link>
          ) : null}
        </div>
        <button
          type="button"
          onClick={onEdit}
          disabled={editing}
          aria-label={`Edit ${project.title}`}
          title="Edit the storyboard"
          className={`${iconButtonClasses} relative size-8 shrink-0`}
        >
          {editing ? <Spinner /> : <PencilIcon className="size-4" />}
        </button>
        <button
          type="button"
          onClick={onDownload}
          aria-label={`Download ${project.title}`}
          title={playable ? 'Download' : projectsMessages.notReadyForDownload}
          aria-disabled={!playable || downloading}
          className={`${iconButtonClasses} relative size-8 shrink-0`}
        >
          {downloading ? <Spinner /> : <DownloadIcon className="size-4" />}
        </button>
      </div>
    </article>
  );
}

/** The placeholder of a card while the list loads. */
export function ProjectCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="animate-pulse overflow-hidden rounded-2xl border border-zinc-200 dark:border-white/10"
    >
      <div className="aspect-video bg-zinc-200 dark:bg-white/10" />
      <div className="p-3.5">
        <div className="h-3.5 w-2/3 rounded bg-zinc-200 dark:bg-white/10" />
        <div className="mt-2 h-3 w-1/3 rounded bg-zinc-200 dark:bg-white/10" />
      </div>
    </div>
  );
}
