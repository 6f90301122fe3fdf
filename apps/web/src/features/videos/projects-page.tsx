import {
  CircleAlertIcon,
  FolderIcon,
  MessageSquareTextIcon,
  PlusIcon,
  RefreshCwIcon,
  SearchIcon,
} from 'lucide-react';
import { useOpenFeedback } from '../../components/feedback-opener';
import {
  defaultFailure,
  PROJECT_FILTERS,
  storyboardMessages,
  studioJobTexts,
  PROJECTS_PER_PAGE,
  PROJECTS_SKELETON_COUNT,
  projectsMessages,
  type Video,
} from '@reelcraft/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClasses, iconButtonClasses } from '../../components/button-styles';
import { Spinner } from '../../components/spinner';
import { inputClasses } from '../../components/text-field';
import { useToast } from '../../components/toast';
import { isPlayable, useVideoDownload, VideoViewer } from '../../components/video-player';
import { ApiError, errorMessage } from '../../lib/api-client';
import { paths, storyboardPath, studioJobPath } from '../../lib/paths';
import { findVideoQueryOptions } from './api/find-video';
import { useWaitingStudioJobs } from './api/list-waiting-studio-jobs';
import { useOpenVideoStoryboard } from './api/open-video-storyboard';
import { videoKeys } from './api/video-keys';
import { Pagination } from './components/pagination';
import { ProjectCard, ProjectCardSkeleton } from './components/project-card';
import { useLiveVideoLists } from './use-live-video-lists';
import { useProjects, type ProjectFilter } from './use-projects';

const filterLabels: Record<ProjectFilter, string> = {
  all: 'All Projects',
  recent: 'Recent',
  completed: 'Completed',
};

/** 'Failed to fetch videos (status N)' for a server's refusal; the usual texts otherwise. */
function loadErrorText(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'http')
    return projectsMessages.fetchVideosFailed(error.status);
  return errorMessage(error, { fallback: defaultFailure('load projects') });
}

/** How long typing settles before the search goes to the server. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * My Projects (spec 001 section 2): filters, search, the project grid with its viewer, 12 a page with
 * a five-page window and Load More; `?open={id}` opens that project's viewer.
 */
export function ProjectsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [filter, setFilter] = useState<ProjectFilter>('all');
  const [searchText, setSearchText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [extraPages, setExtraPages] = useState(0);
  const openFeedback = useOpenFeedback();
  const toast = useToast();
  const queryClient = useQueryClient();
  useLiveVideoLists();
  const { download, downloading } = useVideoDownload();
  const navigate = useNavigate();
  const openStoryboard = useOpenVideoStoryboard();

  // A new filter or search starts at the first page.
  const toFirstPage = () => {
    setPage(0);
    setExtraPages(0);
  };
  useEffect(() => {
    const next = searchText.trim();
    if (next === q) return;
    const timer = setTimeout(() => {
      setQ(next);
      setPage(0);
      setExtraPages(0);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, q]);

  const start = page * PROJECTS_PER_PAGE;
  const end = (page + 1 + extraPages) * PROJECTS_PER_PAGE;
  const projects = useProjects(filter, q, start, end);
  const pageCount = Math.ceil(projects.total / PROJECTS_PER_PAGE);
  const waitingStudioJobs = useWaitingStudioJobs(
    projects.items.some((item) => item.project_type === 'ai-studio' && item.status === 'processing'),
  );
  // An AI Studio project still "processing" may be waiting for its user to pick or finish (issue 36).
  const waitingOf = (project: Video) => {
    const job = project.status === 'processing' ? waitingStudioJobs.get(project.id) : undefined;
    if (!job || job.status === 'CREATED' || job.status === 'CANDIDATES_GENERATING') return null;
    if (job.status === 'LIPSYNC_GENERATING' || job.status === 'LIPSYNC_READY') return null;
    return {
      text:
        job.status === 'CANDIDATES_READY' ? studioJobTexts.waitingForPick : studioJobTexts.waitingForFinish,
      href: studioJobPath(job.job_id),
    };
  };

  const openId = searchParams.get('open');
  const loadedOpen = openId ? projects.find(openId) : undefined;
  const lookup = useQuery(findVideoQueryOptions(openId, !loadedOpen && !projects.isPending));
  const viewing: Video | null = loadedOpen ?? lookup.data ?? null;
  useEffect(() => {
    if (openId && lookup.isSuccess && lookup.data === null && !loadedOpen) {
      toast.show({ title: projectsMessages.notAvailable, tone: 'error' });
      setSearchParams((params) => {
        params.delete('open');
        return params;
      });
    }
  }, [openId, lookup.isSuccess, lookup.data, loadedOpen, toast, setSearchParams]);

  const openProject = (id: string) =>
    setSearchParams((params) => {
      params.set('open', id);
      return params;
    });
  const closeViewer = () =>
    setSearchParams((params) => {
      params.delete('open');
      return params;
    });

  const downloadProject = (project: Video) => {
    if (!isPlayable(project)) {
      toast.show({ title: projectsMessages.notReadyForDownload, tone: 'info' });
      return;
    }
    void download(project.video_url, project.title);
  };

  // Edit: the storyboard the video was made from, in the editor; the server says why when there is none.
  const editProject = (project: Video) =>
    openStoryboard.mutate(project.id, {
      onSuccess: (storyboard) => void navigate(storyboardPath(storyboard.id)),
      onError: (error) =>
        toast.show({
          title: errorMessage(error, {
            409: { fallback: storyboardMessages.notEditable },
            422: { fallback: storyboardMessages.notEditable },
            fallback: defaultFailure('open the storyboard'),
          }),
          tone: 'error',
        }),
    });

  const refresh = () => void queryClient.invalidateQueries({ queryKey: videoKeys.all });

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <title>My Projects · ReelCraft</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-display text-3xl font-semibold tracking-tight">My Projects</h1>
          <p className="mt-2 text-zinc-600 dark:text-zinc-400">
            Every video you have made, ready to watch and download.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => openFeedback()}
            className={buttonClasses({ variant: 'ghost', size: 'sm' })}
          >
            <MessageSquareTextIcon className="size-4" />
            Share feedback
          </button>
          <Link to={paths.dashboard} className={buttonClasses({ variant: 'primary', size: 'sm' })}>
            <PlusIcon className="size-4" />
            New project
          </Link>
        </div>
      </div>

      <div className="mt-6 flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div role="group" aria-label="Filter projects" className="flex flex-wrap items-center gap-2">
          {PROJECT_FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={filter === value}
              onClick={() => {
                setFilter(value);
                toFirstPage();
              }}
              className={buttonClasses({ variant: filter === value ? 'primary' : 'secondary', size: 'sm' })}
            >
              {filterLabels[value]}
            </button>
          ))}
          <button
            type="button"
            onClick={refresh}
            aria-label="Refresh projects"
            disabled={projects.isFetching}
            className={`${iconButtonClasses} size-9`}
          >
            {projects.isFetching ? <Spinner /> : <RefreshCwIcon className="size-4.5" />}
          </button>
        </div>
        <div className="relative md:w-72">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4.5 -translate-y-1/2 text-zinc-400" />
          <input
            type="search"
            aria-label="Search projects"
            placeholder={projectsMessages.searchPlaceholder}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            className={`${inputClasses} pl-9 dark:border-white/15 dark:bg-white/5 dark:text-white`}
          />
        </div>
      </div>

      <div className="mt-6">
        {projects.isPending ? (
          <div role="status" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <span className="sr-only">Loading projects…</span>
            {Array.from({ length: PROJECTS_SKELETON_COUNT }, (_, index) => (
              <ProjectCardSkeleton key={index} />
            ))}
          </div>
        ) : projects.error && projects.items.length === 0 ? (
          <div
            role="alert"
            className="flex flex-col items-center rounded-2xl border border-zinc-200 px-6 py-12 text-center dark:border-white/10"
          >
            <CircleAlertIcon className="size-7 text-red-500" />
            <p className="mt-3 text-sm font-medium">{loadErrorText(projects.error)}</p>
            <button
              type="button"
              onClick={projects.refetch}
              disabled={projects.isFetching}
              className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-4' })}
            >
              {projects.isFetching ? <Spinner /> : <RefreshCwIcon className="size-4" />}
              Try Again
            </button>
          </div>
        ) : projects.total === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-zinc-300 px-6 py-14 text-center dark:border-white/15">
            <span className="flex size-12 items-center justify-center rounded-full bg-violet-500/10 text-violet-600 dark:text-violet-300">
              <FolderIcon className="size-6" />
            </span>
            <h2 className="mt-4 text-base font-semibold">{projectsMessages.noProjects}</h2>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
              {q ? projectsMessages.noSearchMatch : projectsMessages.startFirstProject}
            </p>
            <Link
              to={paths.dashboard}
              className={buttonClasses({ variant: 'primary', size: 'sm', className: 'mt-5' })}
            >
              <PlusIcon className="size-4" />
              Create New Project
            </Link>
          </div>
        ) : (
          <>
            <ul aria-label="Projects" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {projects.items.map((project) => (
                <li key={project.id}>
                  <ProjectCard
                    project={project}
                    onOpen={() => openProject(project.id)}
                    onDownload={() => downloadProject(project)}
                    onEdit={() => editProject(project)}
                    editing={openStoryboard.isPending && openStoryboard.variables === project.id}
                    downloading={downloading !== null && downloading === project.video_url}
                    waiting={waitingOf(project)}
                  />
                </li>
              ))}
            </ul>
            {projects.loadingMore && (
              <p role="status" className="mt-6 flex items-center justify-center gap-2 text-sm text-zinc-500">
                <Spinner />
                {projectsMessages.loadingMore}
              </p>
            )}
            <div className="mt-8 flex flex-col items-center gap-4">
              {end < projects.total && (
                <button
                  type="button"
                  onClick={() => setExtraPages((value) => value + 1)}
                  className={buttonClasses({ variant: 'secondary', size: 'md' })}
                >
                  {projectsMessages.loadMore}
                </button>
              )}
              <Pagination
                current={page}
                pageCount={pageCount}
                onChange={(next) => {
                  setPage(next);
                  setExtraPages(0);
                }}
              />
            </div>
          </>
        )}
      </div>

      <VideoViewer video={viewing} onClose={closeViewer} />
    </div>
  );
}
