import { FilePlus2Icon, PencilIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { VideoPlayer } from '../../components/video-player';
import { DownloadVideoButton } from '../../components/generations';
import { paths } from '../../lib/paths';

/** The finished video: the player, Download Video, and the ways on (edit the same deck, or a new one). */
export function SlidesResult({
  videoUrl,
  onEditAgain,
  onNewDeck,
}: {
  videoUrl: string;
  /** Back to the slides as they were, to change a narration and render again. */
  onEditAgain: () => void;
  onNewDeck: () => void;
}) {
  return (
    <section aria-label="Your video" className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h2 className="text-lg font-semibold">Your video is ready!</h2>
      <VideoPlayer src={videoUrl} title="Your slides video" autoPlay />
      <div className="flex flex-wrap gap-3">
        <DownloadVideoButton videoUrl={videoUrl} prefix="slides-to-video" />
        <button type="button" className={buttonClasses({ variant: 'secondary' })} onClick={onEditAgain}>
          <PencilIcon aria-hidden="true" className="size-4" />
          Edit and render again
        </button>
        <button type="button" className={buttonClasses({ variant: 'secondary' })} onClick={onNewDeck}>
          <FilePlus2Icon aria-hidden="true" className="size-4" />
          Start with another deck
        </button>
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        It is saved in{' '}
        <Link
          to={paths.projects}
          className="font-medium text-violet-700 underline-offset-2 hover:underline dark:text-violet-300"
        >
          My Projects
        </Link>
        .
      </p>
    </section>
  );
}
