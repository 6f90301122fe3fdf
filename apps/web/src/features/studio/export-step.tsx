import { FolderOpen, Download } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { Spinner } from '../../components/spinner';
import { useVideoDownload, VideoPlayer } from '../../components/video-player';
import { paths } from '../../lib/paths';

const VIDEO_TITLE = 'AI Studio video';

/** Step 5: the finished video, its download, and the way to My Projects. */
export function ExportStep({ videoUrl }: { videoUrl: string | null }) {
  const { download, downloading } = useVideoDownload();
  if (!videoUrl) {
    return (
      <section
        aria-labelledby="export-heading"
        className="rounded-2xl border border-dashed border-zinc-300 p-6 text-center dark:border-white/15"
      >
        <h2 id="export-heading" className="text-lg font-semibold">
          Nothing to export yet
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Apply lip-sync to finish your video first.</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="export-heading" className="flex flex-col gap-4">
      <h2 id="export-heading" className="text-lg font-semibold">
        Your video is ready!
      </h2>
      <VideoPlayer src={videoUrl} title="Your AI Studio video" />
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={buttonClasses()}
          disabled={downloading !== null}
          onClick={() => void download(videoUrl, VIDEO_TITLE)}
        >
          {downloading ? <Spinner /> : <Download aria-hidden="true" className="size-4" />}
          Download Video
        </button>
        <Link to={paths.projects} className={buttonClasses({ variant: 'secondary' })}>
          <FolderOpen aria-hidden="true" className="size-4" />
          Open in My Projects
        </Link>
      </div>
    </section>
  );
}
