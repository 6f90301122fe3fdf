import { buttonClasses } from '../../components/button-styles';
import { useToast } from '../../components/toast';
import { GenerationResult } from '../../components/generations';

/** A URL that does not look like a web address of a video file gets a warning. */
function looksUnusual(url: string): boolean {
  try {
    const parsed = new URL(url, window.location.origin);
    return !/^https?:$/.test(parsed.protocol) || !/\.(mp4|webm|mov|m4v)$/i.test(parsed.pathname);
  } catch {
    return true;
  }
}

/** The finished video: player, Download Video, copy URL, Create Another Video, and the fallbacks. */
export function VideoResult({
  videoUrl,
  title,
  autoPlay,
  onReset,
}: {
  videoUrl: string;
  title: string | null;
  autoPlay: boolean;
  onReset: () => void;
}) {
  const toast = useToast();

  async function copy() {
    try {
      await navigator.clipboard.writeText(videoUrl);
      toast.show({ title: 'Video URL copied', tone: 'success' });
    } catch {
      toast.show({ title: 'Could not copy the video URL', tone: 'error' });
    }
  }

  return (
    <GenerationResult
      videoUrl={videoUrl}
      title={title}
      playerTitle="Your image-to-video result"
      downloadPrefix="image-to-video"
      autoPlay={autoPlay}
      onCreateAnother={onReset}
      notice={
        looksUnusual(videoUrl) ? (
          <p role="status" className="text-sm text-amber-700 dark:text-amber-400">
            This video URL looks unusual. If the video does not play, open it in a new tab or copy its URL.
          </p>
        ) : null
      }
      actions={
        <>
          <button
            type="button"
            className={buttonClasses({ variant: 'secondary' })}
            onClick={() => void copy()}
          >
            Copy Video URL
          </button>
          <a
            href={videoUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({ variant: 'ghost' })}
          >
            Open in New Tab
          </a>
        </>
      }
    />
  );
}
