import {
  studioMessages,
  VOICE_CLONE_ADVISED_MIN_SECONDS,
  VOICE_CLONE_MIME_TYPES,
  voiceMessages,
} from '@reelcraft/contract';
import { Mic, Square, Trash2, TriangleAlert, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { buttonClasses } from '../../components/button-styles';
import { FormMessage } from '../../components/form-message';
import { asSampleFile, checkVoiceSample, formatDuration, recordingFileName } from './voice-sample';

interface SampleInputProps {
  sample: File | null;
  disabled: boolean;
  /** Why the form cannot be sent without a sample (shown under the buttons). */
  error: string | null;
  onSample: (sample: File | null) => void;
}

/**
 * The voice sample of a clone: recorded in the browser (MediaRecorder, with a running timer and a
 * Stop button) or picked from the files, checked before it is kept, and played back once kept. A kept
 * sample shorter than the advised length is taken, with a warning (the clone would sound less alike).
 */
export function SampleInput({ sample, disabled, error, onSample }: SampleInputProps) {
  const [problem, setProblem] = useState<string | null>(null);
  // The form's newer complaint (no sample yet) replaces an older one about a refused file.
  const [seenError, setSeenError] = useState(error);
  if (error !== seenError) {
    setSeenError(error);
    if (error) setProblem(null);
  }
  const recorder = useSampleRecorder((recorded, seconds) => keep(recorded, seconds), setProblem);
  const sampleUrl = useSampleUrl(sample);
  const problemId = useId();
  // How long the kept sample is: the recorder's timer for a recording (browsers report no length for
  // one), else what the player reads from the file. Tied to its sample, so a new one starts unknown.
  const [length, setLength] = useState<{ sample: File; seconds: number } | null>(null);
  const seconds = length && length.sample === sample ? Math.round(length.seconds) : null;
  const short = seconds !== null && seconds < VOICE_CLONE_ADVISED_MIN_SECONDS;

  function keep(file: File, recordedSeconds?: number) {
    const refused = checkVoiceSample(file);
    if (refused) {
      setProblem(refused);
      return;
    }
    setProblem(null);
    setLength(recordedSeconds === undefined ? null : { sample: file, seconds: recordedSeconds });
    onSample(file);
  }

  function pickFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so picking the same file again (after removing it) still fires a change.
    event.target.value = '';
    if (file) keep(asSampleFile(file, file.name));
  }

  const shownProblem = problem ?? error;

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={shownProblem ? problemId : undefined}>
      <legend className="mb-1 text-sm font-medium">Voice sample</legend>
      {recorder.recording ? (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-3 py-2 dark:border-red-500/30 dark:bg-red-500/10">
          <span aria-hidden="true" className="size-2.5 animate-pulse rounded-full bg-red-600" />
          <p role="status" className="text-sm font-medium text-red-800 dark:text-red-200">
            Recording…
          </p>
          <span
            role="timer"
            aria-label="Recording time"
            className="font-mono text-sm text-red-800 tabular-nums dark:text-red-200"
          >
            {formatDuration(recorder.seconds)}
          </span>
          <button
            type="button"
            className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'ml-auto' })}
            onClick={recorder.stop}
          >
            <Square aria-hidden="true" className="size-4 text-red-600" />
            Stop recording
          </button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            disabled={disabled}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            onClick={() => void recorder.start()}
          >
            <Mic aria-hidden="true" className="size-4" />
            {sample ? 'Record again' : 'Record a sample'}
          </button>
          <label
            aria-disabled={disabled ? true : undefined}
            className={`${buttonClasses({ variant: 'secondary', size: 'sm' })} cursor-pointer has-focus-visible:outline-2 has-focus-visible:outline-violet-500`}
          >
            <Upload aria-hidden="true" className="size-4" />
            Upload a sample
            <input
              type="file"
              aria-label="Upload a sample"
              accept={VOICE_CLONE_MIME_TYPES.join(',')}
              disabled={disabled}
              onChange={pickFile}
              className="sr-only"
            />
          </label>
        </div>
      )}
      <p className="text-xs text-zinc-500 dark:text-zinc-400">WAV, MP3, WebM, M4A or OGG, up to 10 MB.</p>

      {sample && sampleUrl && !recorder.recording ? (
        <div className="flex flex-col gap-2 rounded-xl border border-zinc-200 p-3 dark:border-white/10">
          <div className="flex items-center gap-2">
            <p className="min-w-0 flex-1 truncate text-sm font-medium" title={sample.name}>
              {sample.name}
            </p>
            <button
              type="button"
              disabled={disabled}
              aria-label={`Remove ${sample.name}`}
              onClick={() => onSample(null)}
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-full text-zinc-600 hover:bg-zinc-100 hover:text-red-600 dark:text-zinc-300 dark:hover:bg-white/10"
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </div>
          <audio
            controls
            src={sampleUrl}
            aria-label="Your voice sample"
            className="w-full"
            onLoadedMetadata={(event) => {
              const duration = event.currentTarget.duration;
              if (Number.isFinite(duration) && length?.sample !== sample)
                setLength({ sample, seconds: duration });
            }}
          />
          {short ? (
            <p
              role="status"
              className="flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm leading-6 text-amber-900 dark:bg-amber-400/10 dark:text-amber-100"
            >
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4.5 shrink-0" />
              {voiceMessages.sampleShort(seconds)}
            </p>
          ) : null}
        </div>
      ) : null}

      {shownProblem ? (
        <div id={problemId}>
          <FormMessage tone="error">{shownProblem}</FormMessage>
        </div>
      ) : null}
    </fieldset>
  );
}

/**
 * Records the microphone with MediaRecorder. `problem` says so clearly when there is no microphone,
 * the browser cannot record, or the user refuses access: uploading a file still works then.
 */
function useSampleRecorder(
  onRecorded: (file: File, seconds: number) => void,
  onProblem: (problem: string | null) => void,
) {
  const recorderRef = useRef<MediaRecorder | null>(null);
  const [recording, setRecording] = useState(false);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const onRecordedRef = useRef(onRecorded);
  useEffect(() => {
    onRecordedRef.current = onRecorded;
  });

  // The timer ticks while recording; leaving the screen stops the microphone.
  useEffect(() => {
    if (!recording) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [recording]);
  useEffect(() => () => stopRecorder(recorderRef.current), []);

  async function start() {
    onProblem(null);
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      onProblem(studioMessages.microphoneUnavailable);
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      onProblem(studioMessages.microphoneUnavailable);
      return;
    }
    const recorder = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    const started = Date.now();
    recorder.addEventListener('stop', () => {
      for (const track of stream.getTracks()) track.stop();
      setRecording(false);
      setStartedAt(null);
      if (chunks.length === 0) return;
      const type = (recorder.mimeType || chunks[0]?.type || 'audio/webm').split(';')[0] ?? 'audio/webm';
      onRecordedRef.current(
        asSampleFile(new Blob(chunks, { type }), recordingFileName(type)),
        (Date.now() - started) / 1000,
      );
    });
    recorderRef.current = recorder;
    recorder.start();
    setStartedAt(started);
    setNow(started);
    setRecording(true);
  }

  function stop() {
    stopRecorder(recorderRef.current);
    recorderRef.current = null;
  }

  const seconds = startedAt === null ? 0 : (now - startedAt) / 1000;
  return { recording, seconds, start, stop };
}

function stopRecorder(recorder: MediaRecorder | null) {
  if (recorder && recorder.state !== 'inactive') recorder.stop();
}

/**
 * An object URL to play the kept sample, made when the sample changes (during render, as React
 * allows for state derived from props) and revoked once it is replaced or the form goes away.
 */
function useSampleUrl(sample: File | null): string | null {
  const [shown, setShown] = useState<{ sample: File; url: string } | null>(null);
  const urlRef = useRef<string | null>(null);
  if ((shown?.sample ?? null) !== sample) {
    if (shown) URL.revokeObjectURL(shown.url);
    setShown(sample ? { sample, url: URL.createObjectURL(sample) } : null);
  }
  useEffect(() => {
    urlRef.current = shown?.url ?? null;
  }, [shown]);
  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );
  return shown?.sample === sample ? shown.url : null;
}
