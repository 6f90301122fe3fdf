import { generationMessages, textToVideoProgressLabel } from '@reelcraft/contract';
import { Link } from 'react-router';
import { ProgressBar } from '../../components/progress-bar';
import { Spinner } from '../../components/spinner';
import { fetchGeneration, useGenerationState } from '../../components/generations';
import { VideoPlayer } from '../../components/video-player';
import { paths, projectPath } from '../../lib/paths';

/** A vertical or square video would fill the whole conversation at its width: it gets a narrower card. */
const WIDTH_BY_ASPECT: Record<string, string> = { '9:16': 'max-w-[16rem]', '1:1': 'max-w-sm' };

/**
 * A video the assistant started, inside the conversation: its live progress while it renders
 * (followed as every creation screen follows its job), then the video itself, ready to play.
 */
export function ChatVideoCard({
  videoSessionId,
  videoId,
  aspect,
}: {
  videoSessionId: string;
  videoId: string | null;
  aspect: string | null;
}) {
  const video = useGenerationState({ sessionId: videoSessionId, readState: fetchGeneration });
  const state = video.data;
  return (
    <section
      aria-label="Your video"
      className={`mt-2 flex w-full min-w-0 flex-col gap-3 rounded-xl ${aspect ? (WIDTH_BY_ASPECT[aspect] ?? '') : ''} border border-zinc-200 bg-white p-3 dark:border-white/10 dark:bg-zinc-900`}
    >
      {video.isError ? (
        <p className="text-sm text-red-700 dark:text-red-300">{generationMessages.statusCheckFailed}</p>
      ) : !state ? (
        <p className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <Spinner /> Checking your video…
        </p>
      ) : state.status === 'processing' ? (
        <>
          <p className="flex items-center justify-between gap-2 text-sm">
            <span className="font-medium">{textToVideoProgressLabel(state.progress)}</span>
            <span className="text-zinc-600 tabular-nums dark:text-zinc-400">{state.progress}%</span>
          </p>
          <ProgressBar percent={state.progress} label="Video progress" />
        </>
      ) : state.status === 'completed' && state.video_url ? (
        <>
          <VideoPlayer src={state.video_url} title="Your video from the chat" />
          <Link
            to={videoId ? projectPath(videoId) : paths.projects}
            className="self-start text-sm font-medium text-violet-700 underline-offset-4 hover:underline dark:text-violet-300"
          >
            Open in My Projects
          </Link>
        </>
      ) : (
        <div role="alert" className="text-sm">
          <p className="font-medium text-red-700 dark:text-red-300">{generationMessages.creationFailed}</p>
          <p className="text-zinc-700 dark:text-zinc-300">
            {state.error ?? generationMessages.generationFailed}
          </p>
        </div>
      )}
    </section>
  );
}
