import { Wand2 } from 'lucide-react';
import { buttonClasses } from '../../components/button-styles';
import { FormMessage } from '../../components/form-message';
import { Spinner } from '../../components/spinner';
import { VideoPlayer } from '../../components/video-player';
import { ProgressBar } from '../../components/progress-bar';

interface LipsyncStepProps {
  hasVoiceover: boolean;
  running: boolean;
  starting: boolean;
  /** 0..100 */
  percent: number;
  resultUrl: string | null;
  error: string | null;
  onStart: () => void;
}

/** Step 4: fits the lips of the chosen clip to the voiceover, and shows how far it got. */
export function LipsyncStep({
  hasVoiceover,
  running,
  starting,
  percent,
  resultUrl,
  error,
  onStart,
}: LipsyncStepProps) {
  return (
    <section aria-labelledby="lipsync-heading" className="flex flex-col gap-4">
      <h2 id="lipsync-heading" className="text-lg font-semibold">
        Lip-sync
      </h2>
      {resultUrl ? (
        <>
          <p role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
            Lip-sync applied. Go on to Export to download your video.
          </p>
          <VideoPlayer src={resultUrl} title="Lip-synced video" />
        </>
      ) : running ? (
        <div className="flex flex-col gap-2">
          <div className="flex items-center justify-between text-sm">
            <span className="flex items-center gap-2">
              <Spinner />
              Syncing the lips to your voiceover…
            </span>
            <span className="font-semibold tabular-nums">{percent}%</span>
          </div>
          <ProgressBar percent={percent} label="Lip-sync progress" />
        </div>
      ) : (
        <>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {hasVoiceover
              ? 'Match the mouth movements of your chosen clip to the voiceover.'
              : 'Add a voiceover in step 3 first.'}
          </p>
          <div>
            <button type="button" className={buttonClasses()} disabled={starting} onClick={onStart}>
              {starting ? <Spinner /> : <Wand2 aria-hidden="true" className="size-4" />}
              {error ? 'Try Lip-sync Again' : 'Apply Lip-sync'}
            </button>
          </div>
        </>
      )}
      <FormMessage tone="error">{error}</FormMessage>
    </section>
  );
}
