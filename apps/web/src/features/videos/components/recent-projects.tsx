import {
  DASHBOARD_RECENT_PROJECTS_PER_PAGE,
  defaultFailure,
  projectsMessages,
  type ProjectType,
  type RecentProject,
} from '@reelcraft/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  CircleAlertIcon,
  ClapperboardIcon,
  FolderIcon,
  ImagesIcon,
  MessageCircleMoreIcon,
  PlayIcon,
  PresentationIcon,
  RefreshCwIcon,
  TypeIcon,
  UserRoundIcon,
  type LucideIcon,
} from 'lucide-react';
import { buttonClasses, iconButtonClasses } from '../../../components/button-styles';
import { Spinner } from '../../../components/spinner';
import { paths, projectPath } from '../../../lib/paths';
import { formatDateTime, formatRelativeTime } from '../../../lib/relative-time';
import { useNow } from '../../../lib/use-now';
import { useRecentProjects } from '../api/list-recent-projects';
import { useLiveVideoLists } from '../use-live-video-lists';

const projectTypes: Record<ProjectType, { label: string; icon: LucideIcon; tone: string }> = {
  'text-to-video': { label: 'Text to Video', icon: TypeIcon, tone: 'from-violet-500 to-indigo-600' },
  'image-to-video': { label: 'Image to Video', icon: ImagesIcon, tone: 'from-sky-500 to-cyan-600' },
  'ai-studio': { label: 'AI Studio', icon: ClapperboardIcon, tone: 'from-fuchsia-500 to-pink-600' },
  slides: { label: 'Slides to Video', icon: PresentationIcon, tone: 'from-emerald-500 to-teal-600' },
  'chat-to-video': {
    label: 'Chat to Video',
    icon: MessageCircleMoreIcon,
    tone: 'from-amber-500 to-orange-600',
  },
  'avatar-presenter': { label: 'Avatar Presenter', icon: UserRoundIcon, tone: 'from-rose-500 to-red-600' },
};

/**
 * Recent projects on the dashboard (spec 000 section 2.6): DASHBOARD_RECENT_PROJECTS_PER_PAGE (3) at a
 * time with previous/next, each opening the project's viewer on /projects; the catalogue's empty text.
 */
/** The dashboard's Recent Projects section (spec 000 section 2.5); the app places it on the dashboard. */
export function RecentProjects() {
  const projects = useRecentProjects();
  useLiveVideoLists();
  const [page, setPage] = useState(0);
  const now = useNow();
  const list = projects.data ?? [];
  const pageCount = Math.max(1, Math.ceil(list.length / DASHBOARD_RECENT_PROJECTS_PER_PAGE));
  // The list can shrink under the current page (a project deleted elsewhere).
  const current = Math.min(page, pageCount - 1);
  const first = current * DASHBOARD_RECENT_PROJECTS_PER_PAGE;
  const shown = list.slice(first, first + DASHBOARD_RECENT_PROJECTS_PER_PAGE);

  return (
    <section aria-labelledby="recent-projects-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="recent-projects-title" className="text-lg font-semibold tracking-tight">
          Recent projects
        </h2>
        <div className="flex items-center gap-2">
          {pageCount > 1 && (
            <nav aria-label="Recent projects pages" className="flex items-center gap-1">
              <button
                type="button"
                onClick={() => setPage(current - 1)}
                disabled={current === 0}
                aria-label="Previous page"
                className={`${iconButtonClasses} size-9 disabled:pointer-events-none disabled:opacity-40`}
              >
                <ChevronLeftIcon className="size-4.5" />
              </button>
              <span className="min-w-20 text-center text-sm text-zinc-600 tabular-nums dark:text-zinc-400">
                Page {current + 1} of {pageCount}
              </span>
              <button
                type="button"
                onClick={() => setPage(current + 1)}
                disabled={current >= pageCount - 1}
                aria-label="Next page"
                className={`${iconButtonClasses} size-9 disabled:pointer-events-none disabled:opacity-40`}
              >
                <ChevronRightIcon className="size-4.5" />
              </button>
            </nav>
          )}
          {list.length > 0 && (
            <Link to={paths.projects} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
              View all
            </Link>
          )}
        </div>
      </div>

      <div className="mt-4">
        {projects.isPending ? (
          <div role="status" className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <span className="sr-only">Loading recent projects…</span>
            {Array.from({ length: DASHBOARD_RECENT_PROJECTS_PER_PAGE }, (_, index) => (
              <div key={index} aria-hidden="true" className="animate-pulse">
                <div className="aspect-video rounded-2xl bg-zinc-200 dark:bg-white/10" />
                <div className="mt-3 h-3.5 w-2/3 rounded bg-zinc-200 dark:bg-white/10" />
                <div className="mt-2 h-3 w-1/3 rounded bg-zinc-200 dark:bg-white/10" />
              </div>
            ))}
          </div>
        ) : projects.isError ? (
          <div
            role="alert"
            className="flex flex-col items-center rounded-2xl border border-zinc-200 px-6 py-10 text-center dark:border-white/10"
          >
            <CircleAlertIcon className="size-7 text-red-500" />
            <p className="mt-3 text-sm font-medium">{defaultFailure('load recent projects')}</p>
            <button
              type="button"
              onClick={() => void projects.refetch()}
              disabled={projects.isFetching}
              className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-4' })}
            >
              {projects.isFetching ? <Spinner /> : <RefreshCwIcon className="size-4" />}
              Try again
            </button>
          </div>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-white/15">
            <span className="flex size-12 items-center justify-center rounded-full bg-violet-500/10 text-violet-600 dark:text-violet-300">
              <FolderIcon className="size-6" />
            </span>
            <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
              {projectsMessages.noRecentProjects}
            </p>
          </div>
        ) : (
          <ul
            aria-label={`Recent projects, page ${current + 1} of ${pageCount}`}
            className="grid grid-cols-1 gap-4 sm:grid-cols-3"
          >
            {shown.map((project) => (
              <li key={project.id}>
                <ProjectCard project={project} now={now} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function ProjectCard({ project, now }: { project: RecentProject; now: number }) {
  const type = projectTypes[project.project_type];
  const [thumbnailFailed, setThumbnailFailed] = useState(false);
  const Icon = type.icon;
  const processing = project.status === 'processing' || project.status === 'pending';
  return (
    <Link to={projectPath(project.id)} className="group block rounded-2xl focus-visible:outline-offset-4">
      <div
        className={`relative aspect-video overflow-hidden rounded-2xl bg-gradient-to-br ring-1 ring-zinc-900/5 dark:ring-white/10 ${type.tone}`}
      >
        {project.thumbnail_url && !thumbnailFailed ? (
          <img
            src={project.thumbnail_url}
            alt=""
            loading="lazy"
            onError={() => setThumbnailFailed(true)}
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
        ) : (
          <span className="absolute inset-0 flex items-center justify-center text-white/80">
            <Icon className="size-9" />
          </span>
        )}
        {processing ? (
          <span className="absolute top-2.5 left-2.5 inline-flex items-center gap-1.5 rounded-full bg-zinc-950/70 px-2.5 py-1 text-xs font-medium text-white backdrop-blur">
            <Spinner className="size-3" />
            Processing
          </span>
        ) : project.status === 'failed' ? (
          <span className="absolute top-2.5 left-2.5 rounded-full bg-red-600/90 px-2.5 py-1 text-xs font-medium text-white">
            Failed
          </span>
        ) : project.video_url ? (
          <span className="absolute inset-0 m-auto flex size-12 items-center justify-center rounded-full bg-white/90 text-zinc-900 opacity-90 shadow-lg transition-opacity group-hover:opacity-100">
            <PlayIcon className="ml-0.5 size-5 fill-current" />
          </span>
        ) : null}
      </div>
      <p className="mt-3 truncate text-sm font-semibold group-hover:text-violet-700 dark:group-hover:text-violet-300">
        {project.title}
      </p>
      <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
        {type.label} ·{' '}
        <time dateTime={project.created_at} title={formatDateTime(project.created_at)}>
          {formatRelativeTime(project.created_at, now)}
        </time>
      </p>
    </Link>
  );
}
