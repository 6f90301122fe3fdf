import {
  type CallResponse,
  createTextToVideoSession,
  generationMessages,
  getTextToVideoSession,
  playerMessages,
  SEED_MAX,
  SEED_MIN,
  TEXT_VIDEO_DURATIONS_S,
  textToVideoMessages,
  VIDEO_EVENT_TYPES,
  videoProgressEventDataSchema,
} from '@reelcraft/contract';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { Dialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast';
import { VideoPlayer } from '../../components/video-player';
import { callApi } from '../../lib/api-client';
import { useGenerationGate } from '../../lib/generation-gate';
import { paths } from '../../lib/paths';
import { useRealtimeEvent } from '../../lib/realtime';
import {
  Confetti,
  downloadThroughProxy,
  ProgressRing,
  PromptMeter,
  useCompletionEffects,
  useSendToBackground,
  useStatusPolling,
} from '../../components/video-creation';
import { PROMPT_HINTS, TIP_CATEGORIES } from './tips';

type Duration = (typeof TEXT_VIDEO_DURATIONS_S)[number];

type Job =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'running'; sessionId: string; progress: number }
  | { phase: 'completed'; sessionId: string; videoUrl: string }
  | { phase: 'failed'; error: string };

/** Text progress bands of spec 001 section 4. */

type TextVideoStatus = CallResponse<typeof getTextToVideoSession>;
const checkTextVideo = (id: string): Promise<TextVideoStatus> =>
  callApi(getTextToVideoSession, { params: { id } });

export function textProgressStage(progress: number): string {
  if (progress < 25) return textToVideoMessages.progressInitializing;
  if (progress < 50) return textToVideoMessages.progressProcessing;
  if (progress < 75) return textToVideoMessages.progressRendering;
  return textToVideoMessages.progressFinalizing;
}

const STEPS = [
  { label: 'Initializing', icon: '⚙️', doneAt: 25 },
  { label: 'Processing', icon: '📝', doneAt: 50 },
  { label: 'Rendering', icon: '🎬', doneAt: 75 },
  { label: 'Finalizing', icon: '✨', doneAt: 100 },
] as const;

function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

export function TextToVideoPage() {
  const descriptionId = useId();
  const meterId = useId();
  const toast = useToast();
  const gate = useGenerationGate();
  const { celebrate, burst } = useCompletionEffects();
  const background = useSendToBackground('text');

  const [description, setDescription] = useState('');
  const [descriptionError, setDescriptionError] = useState<string | null>(null);
  const [duration, setDuration] = useState<Duration>(TEXT_VIDEO_DURATIONS_S[0]);
  const [seed, setSeed] = useState('');
  const [tipsOpen, setTipsOpen] = useState(false);
  const [job, setJob] = useState<Job>({ phase: 'idle' });
  const onStatusCheckFailed = useCallback(
    () => setJob({ phase: 'failed', error: generationMessages.statusCheckFailed }),
    [],
  );
  const [downloading, setDownloading] = useState(false);

  const sessionId = job.phase === 'running' ? job.sessionId : null;
  const busy = job.phase === 'starting' || job.phase === 'running';

  const finish = useCallback(
    (
      id: string,
      status: 'processing' | 'completed' | 'failed',
      progress: number,
      url: string | null,
      error: string | null,
    ) => {
      if (status === 'completed') {
        if (!url) {
          setJob({ phase: 'failed', error: generationMessages.completedWithoutUrl });
          return;
        }
        setJob({ phase: 'completed', sessionId: id, videoUrl: url });
        celebrate(url);
      } else if (status === 'failed') {
        setJob({ phase: 'failed', error: error ?? generationMessages.generationFailed });
      } else {
        setJob((current) =>
          current.phase === 'running' && current.sessionId === id
            ? { ...current, progress: Math.max(current.progress, progress) }
            : current,
        );
      }
    },
    [celebrate],
  );

  // Polling until completed or failed; a failed check stops it.
  const onStatus = useCallback(
    (answer: TextVideoStatus) => {
      if (sessionId) finish(sessionId, answer.status, answer.progress, answer.final_video_url, answer.error);
    },
    [sessionId, finish],
  );
  useStatusPolling(sessionId, checkTextVideo, onStatus, onStatusCheckFailed);

  // Live progress between two polls.
  useRealtimeEvent(VIDEO_EVENT_TYPES.progress, (message) => {
    const event = videoProgressEventDataSchema.safeParse(message.data);
    if (!event.success || !sessionId || event.data.session_id !== sessionId) return;
    // The completed URL comes from the status call; a live "completed" only fills the ring.
    if (event.data.status === 'completed') finish(sessionId, 'processing', 100, null, null);
    else finish(sessionId, event.data.status, event.data.progress, null, event.data.error);
  });

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (description.trim() === '') {
      setDescriptionError(textToVideoMessages.descriptionRequired);
      return;
    }
    setJob({ phase: 'starting' });
    if (!(await gate())) {
      setJob({ phase: 'idle' });
      return;
    }
    const seedNumber = Number(seed);
    try {
      const answer = await callApi(createTextToVideoSession, {
        body: {
          prompt: description.trim(),
          duration,
          ...(seedNumber ? { seed: seedNumber } : {}),
        },
      });
      if (!answer.session_id) throw new Error(generationMessages.noSessionId);
      setJob({ phase: 'running', sessionId: answer.session_id, progress: 0 });
    } catch (error) {
      const message = errorText(error, generationMessages.startFailed);
      toast.show({ title: generationMessages.startFailed, message, tone: 'error' });
      setJob({ phase: 'failed', error: message });
    }
  }

  async function handleDownload(url: string) {
    setDownloading(true);
    try {
      await downloadThroughProxy(url, 'text-to-video');
      toast.show({ title: playerMessages.downloadSucceeded, tone: 'success' });
    } catch {
      toast.show({ title: playerMessages.downloadFailed, tone: 'error' });
    } finally {
      setDownloading(false);
    }
  }

  function reset() {
    setJob({ phase: 'idle' });
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <Confetti burst={burst} />
      <header className="flex flex-wrap items-center gap-3">
        {busy ? (
          <button type="button" disabled className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
            ← Back
          </button>
        ) : (
          <Link to={paths.dashboard} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
            ← Back
          </Link>
        )}
        <h1 className="flex-1 text-2xl font-semibold tracking-tight">Create Video from Text</h1>
        <button
          type="button"
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          onClick={() => setTipsOpen(true)}
        >
          Tips for better results
        </button>
      </header>

      {job.phase === 'completed' ? (
        <section aria-label="Your video" className="flex flex-col gap-4">
          <h2 className="text-lg font-semibold">Your video is ready!</h2>
          <VideoPlayer src={job.videoUrl} title="Your text-to-video result" autoPlay />
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className={buttonClasses()}
              disabled={downloading}
              onClick={() => void handleDownload(job.videoUrl)}
            >
              {downloading ? <Spinner /> : null}
              Download Video
            </button>
            <button type="button" className={buttonClasses({ variant: 'secondary' })} onClick={reset}>
              Create Another Video
            </button>
          </div>
        </section>
      ) : job.phase === 'failed' ? (
        <section
          role="alert"
          aria-label="Generation failed"
          className="flex flex-col items-start gap-3 rounded-2xl border border-red-300 bg-red-50 p-6 dark:border-red-500/30 dark:bg-red-500/10"
        >
          <h2 className="text-lg font-semibold">{generationMessages.creationFailed}</h2>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{job.error}</p>
          <button type="button" className={buttonClasses()} onClick={reset}>
            Try Again
          </button>
        </section>
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-5">
          <div className="flex flex-col gap-2">
            <label htmlFor={descriptionId} className="text-sm font-medium">
              Video Description
            </label>
            <textarea
              id={descriptionId}
              rows={6}
              value={description}
              disabled={busy}
              aria-invalid={descriptionError ? true : undefined}
              aria-describedby={meterId}
              placeholder="Describe the video you want: the subject, the setting, the mood, the camera movement…"
              onChange={(event) => {
                setDescription(event.target.value);
                setDescriptionError(null);
              }}
              className="w-full rounded-xl border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-white/15 dark:bg-white/5"
            />
            <PromptMeter text={description} id={meterId} />
            {descriptionError ? (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {descriptionError}
              </p>
            ) : null}
            <ul aria-label="Prompt hints" className="list-disc pl-5 text-xs text-zinc-500 dark:text-zinc-400">
              {PROMPT_HINTS.map((hint) => (
                <li key={hint}>{hint}</li>
              ))}
            </ul>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <label className="flex flex-col gap-2 text-sm font-medium">
              Duration
              <select
                value={duration}
                disabled={busy}
                onChange={(event) => setDuration(Number(event.target.value) as Duration)}
                className="h-10 rounded-xl border border-zinc-300 bg-white px-3 dark:border-white/15 dark:bg-white/5"
              >
                {TEXT_VIDEO_DURATIONS_S.map((seconds) => (
                  <option key={seconds} value={seconds}>
                    {seconds} seconds
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-2 text-sm font-medium">
              Seed (optional)
              <input
                type="number"
                inputMode="numeric"
                min={SEED_MIN}
                max={SEED_MAX}
                value={seed}
                disabled={busy}
                placeholder="Random"
                onChange={(event) => setSeed(event.target.value)}
                className="h-10 rounded-xl border border-zinc-300 bg-white px-3 dark:border-white/15 dark:bg-white/5"
              />
            </label>
          </div>
          <button type="submit" disabled={busy} className={buttonClasses({ size: 'lg' })}>
            {busy ? <Spinner /> : null}
            {busy ? 'Generating...' : 'Generate Video'}
          </button>
        </form>
      )}

      {job.phase === 'running' ? (
        <TextProgressOverlay
          progress={job.progress}
          sending={background.sending}
          onBackground={() => void background.send(job.sessionId)}
        />
      ) : null}

      <Dialog open={tipsOpen} onClose={() => setTipsOpen(false)} title="Tips for better results" size="lg">
        <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
          Descriptions of 10-50 words work best: name the subject, the setting, the lighting and the camera
          movement.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          {TIP_CATEGORIES.map((category) => (
            <section
              key={category.name}
              aria-label={category.name}
              className="rounded-xl border border-zinc-200 p-3 dark:border-white/10"
            >
              <h3 className="mb-1 font-semibold">{category.name}</h3>
              <p className="mb-2 text-sm text-zinc-600 dark:text-zinc-400">{category.prompt}</p>
              <button
                type="button"
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                onClick={() => {
                  setDescription(category.prompt);
                  setDescriptionError(null);
                  setTipsOpen(false);
                }}
              >
                Use this prompt
              </button>
            </section>
          ))}
        </div>
      </Dialog>
    </div>
  );
}

function TextProgressOverlay({
  progress,
  sending,
  onBackground,
}: {
  progress: number;
  sending: boolean;
  onBackground: () => void;
}) {
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/60 p-4">
      <section
        role="dialog"
        aria-modal="true"
        aria-label="Creating your video"
        className="flex w-full max-w-md flex-col items-center gap-5 rounded-2xl bg-white p-6 text-zinc-900 shadow-xl dark:bg-zinc-900 dark:text-white"
      >
        <h2 className="text-lg font-semibold">Creating your video</h2>
        <ProgressRing percent={progress} label="Video progress" />
        <p className="text-sm font-medium" data-testid="progress-stage">
          {textProgressStage(progress)}
        </p>
        <ol aria-label="Steps" className="grid w-full grid-cols-4 gap-2 text-center text-xs">
          {STEPS.map((step) => {
            const done = progress >= step.doneAt;
            return (
              <li key={step.label} aria-label={`${step.label}${done ? ' (complete)' : ''}`}>
                <span aria-hidden="true" className={`block text-xl ${done ? '' : 'opacity-40'}`}>
                  {done ? '✅' : step.icon}
                </span>
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
    </div>
  );
}
