import { imageToVideoMessages, playerMessages, type ImageToVideoSession } from '@reelcraft/contract';
import { useState } from 'react';
import { buttonClasses } from '../../components/button-styles';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast';
import { VideoPlayer } from '../../components/video-player';
import { downloadThroughProxy, ProgressRing } from '../../components/video-creation';

export type ImageStage = ImageToVideoSession['current_stage'];

const STAGE_ORDER: readonly ImageStage[] = [
  'file_processing',
  'scene_generation',
  'video_generation',
  'final_combination',
  'completed',
];

const STAGES: readonly { stage: ImageStage; label: string; icon: string }[] = [
  { stage: 'file_processing', label: 'File processing', icon: '📁' },
  { stage: 'scene_generation', label: 'Scene generation', icon: '🎨' },
  { stage: 'video_generation', label: 'Video generation', icon: '🎬' },
  { stage: 'final_combination', label: 'Final combination', icon: '🧩' },
  { stage: 'completed', label: 'Completed', icon: '✅' },
];

/** Upload, Process, Generate, Complete: each done once the job is past its stage. */
const STEPS: readonly { label: string; doneAfter: ImageStage }[] = [
  { label: 'Upload', doneAfter: 'file_processing' },
  { label: 'Process', doneAfter: 'scene_generation' },
  { label: 'Generate', doneAfter: 'video_generation' },
  { label: 'Complete', doneAfter: 'final_combination' },
];

/** The message of spec 001 section 4 for a stage; otherwise "Processing... N%". */
export function stageMessage(stage: ImageStage | null, progress: number): string {
  switch (stage) {
    case 'file_processing':
      return imageToVideoMessages.stageFileProcessing;
    case 'scene_generation':
      return imageToVideoMessages.stageSceneGeneration;
    case 'video_generation':
      return imageToVideoMessages.stageVideoGeneration;
    case 'final_combination':
      return imageToVideoMessages.stageFinalCombination;
    case 'completed':
      return imageToVideoMessages.stageCompleted;
    default:
      return imageToVideoMessages.stageOther(Math.round(progress));
  }
}

export function GenerationPanel({
  progress,
  stage,
  sending,
  onBackground,
}: {
  progress: number;
  stage: ImageStage | null;
  sending: boolean;
  onBackground: () => void;
}) {
  const at = stage ? STAGE_ORDER.indexOf(stage) : -1;
  const value = Math.round(progress);
  return (
    <section
      aria-label="Generating your video"
      className="flex flex-col items-center gap-5 rounded-2xl border border-zinc-200 bg-white p-6 dark:border-white/10 dark:bg-white/5"
    >
      <ProgressRing percent={progress} label="Video progress" />
      <p className="text-sm font-medium" data-testid="stage-message">
        {stageMessage(stage, progress)}
      </p>
      <ol aria-label="Stages" className="flex w-full justify-between gap-2 text-center text-xs">
        {STAGES.map((item, index) => {
          const state =
            index < at || stage === 'completed' ? 'complete' : index === at ? 'current' : 'pending';
          return (
            <li key={item.stage} aria-label={`${item.label} (${state})`} className="flex-1">
              <span aria-hidden="true" className={`block text-xl ${state === 'pending' ? 'opacity-40' : ''}`}>
                {item.icon}
              </span>
              {item.label}
            </li>
          );
        })}
      </ol>
      <div
        role="progressbar"
        aria-label="Overall progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-white/10"
      >
        <div className="h-full bg-violet-500 transition-[width]" style={{ width: `${value}%` }} />
      </div>
      <ol aria-label="Steps" className="grid w-full grid-cols-4 gap-2 text-center text-xs">
        {STEPS.map((step) => {
          const done = at > STAGE_ORDER.indexOf(step.doneAfter);
          return (
            <li key={step.label} aria-label={`${step.label}${done ? ' (complete)' : ''}`}>
              <span aria-hidden="true">{done ? '✓ ' : '○ '}</span>
              {step.label}
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className={buttonClasses({ variant: 'secondary' })}
        disabled={sending}
        onClick={onBackground}
      >
        Send to background and notify me
      </button>
    </section>
  );
}

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
export function VideoResult({ videoUrl, onReset }: { videoUrl: string; onReset: () => void }) {
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      await downloadThroughProxy(videoUrl, 'image-to-video');
      toast.show({ title: playerMessages.downloadSucceeded, tone: 'success' });
    } catch {
      toast.show({ title: playerMessages.downloadFailed, tone: 'error' });
    } finally {
      setDownloading(false);
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(videoUrl);
      toast.show({ title: 'Video URL copied', tone: 'success' });
    } catch {
      toast.show({ title: 'Could not copy the video URL', tone: 'error' });
    }
  }

  return (
    <section aria-label="Your video" className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">Your video is ready!</h2>
      {looksUnusual(videoUrl) ? (
        <p role="status" className="text-sm text-amber-700 dark:text-amber-400">
          This video URL looks unusual. If the video does not play, open it in a new tab or copy its URL.
        </p>
      ) : null}
      <VideoPlayer src={videoUrl} title="Your image-to-video result" autoPlay />
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={buttonClasses()}
          disabled={downloading}
          onClick={() => void download()}
        >
          {downloading ? <Spinner /> : null}
          Download Video
        </button>
        <button type="button" className={buttonClasses({ variant: 'secondary' })} onClick={() => void copy()}>
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
        <button type="button" className={buttonClasses({ variant: 'secondary' })} onClick={onReset}>
          Create Another Video
        </button>
      </div>
    </section>
  );
}
