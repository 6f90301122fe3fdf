import {
  type CallResponse,
  ASPECT_RATIOS,
  createImageToVideoSession,
  DEFAULT_ASPECT_RATIO,
  DEFAULT_IMAGE_VIDEO_DURATION_S,
  DEFAULT_IMAGE_VIDEO_MODE,
  DEFAULT_IMAGE_VIDEO_QUALITY,
  DEFAULT_IMAGE_VIDEO_SEED,
  DEFAULT_MODEL_PLATFORM,
  ENHANCED_PROMPT_MIN_CHARS,
  ENHANCED_PROMPT_TARGET_WORDS,
  generateText,
  generationMessages,
  getImageToVideoSession,
  IMAGE_MIME_TYPES,
  IMAGE_VIDEO_DURATIONS_S,
  IMAGE_VIDEO_ESTIMATE_BASE_S,
  IMAGE_VIDEO_ESTIMATE_PER_IMAGE_S,
  IMAGE_VIDEO_MODES,
  IMAGE_VIDEO_QUALITIES,
  imageToVideoMessages,
  LAST_FRAME_MIME_TYPES,
  MAX_IMAGE_SLOTS,
  PROMPT_ENHANCE_MIN_CHARS,
  promptEnhancementMessages,
  SEED_MAX,
  SEED_MIN,
  UPLOAD_MAX_BYTES,
  VIDEO_EVENT_TYPES,
  videoProgressEventDataSchema,
  VOICE_SAMPLE_MIME_TYPES,
  type ImageVideoSettings,
} from '@reelcraft/contract';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast';
import { callApi, errorMessage } from '../../lib/api-client';
import { useGenerationGate } from '../../lib/generation-gate';
import { paths } from '../../lib/paths';
import { useRealtimeEvent } from '../../lib/realtime';
import {
  Confetti,
  PromptMeter,
  useCompletionEffects,
  useSendToBackground,
  useStatusPolling,
} from '../../components/video-creation';
import { GenerationPanel, VideoResult, type ImageStage } from './generation-panel';
import { acceptImages, slotId, uploadErrorMessage, uploadFiles, type ImageSlot } from './slots';

export const SUGGESTED_PROMPTS = [
  'Slow cinematic pan across the scene with soft golden-hour light and gentle camera movement',
  'Bring the product to life with a smooth 360° rotation, studio lighting and subtle reflections',
  'Energetic montage with quick zooms, dynamic transitions and vibrant colours',
  'Dreamy parallax motion with floating particles and a calm, atmospheric mood',
  'Travel-story style: gentle drone-like movement revealing each scene one after another',
] as const;

const QUALITY_LABELS: Record<ImageVideoSettings['quality'], string> = {
  standard: 'Standard (Recommended)',
  hd: 'HD',
  '4k': '4K',
};
const MODE_LABELS: Record<ImageVideoSettings['mode'], string> = {
  cinematic: 'Cinematic — smooth transitions',
  dynamic: 'Dynamic — energetic effects',
};

type Job =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'running'; sessionId: string; progress: number; stage: ImageStage | null }
  | { phase: 'completed'; videoUrl: string }
  | { phase: 'failed'; error: string };

/** 30 s plus 15 s per image (spec 001 section 4). */

type ImageVideoStatus = CallResponse<typeof getImageToVideoSession>;
const checkImageVideo = (id: string): Promise<ImageVideoStatus> =>
  callApi(getImageToVideoSession, { params: { id } });

export function estimatedSeconds(images: number): number {
  return IMAGE_VIDEO_ESTIMATE_BASE_S + IMAGE_VIDEO_ESTIMATE_PER_IMAGE_S * images;
}

const fieldClasses =
  'h-10 rounded-xl border border-zinc-300 bg-white px-3 text-sm dark:border-white/15 dark:bg-white/5';

export function CreateTab({
  slots,
  setSlots,
  onBusyChange,
  completedUrl,
  onClearCompleted,
}: {
  slots: ImageSlot[];
  setSlots: (update: (slots: ImageSlot[]) => ImageSlot[]) => void;
  onBusyChange: (busy: boolean) => void;
  /** A finished session picked from Recent Videos. */
  completedUrl: string | null;
  onClearCompleted: () => void;
}) {
  const promptId = useId();
  const toast = useToast();
  const gate = useGenerationGate();
  const { celebrate, burst } = useCompletionEffects();
  const background = useSendToBackground('image');
  const fileInput = useRef<HTMLInputElement>(null);

  const [prompt, setPrompt] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [slotProblem, setSlotProblem] = useState<string | null>(null);
  const [promptProblem, setPromptProblem] = useState<string | null>(null);
  const [enhancing, setEnhancing] = useState(false);
  const [suggestionsOpen, setSuggestionsOpen] = useState(false);
  const [quality, setQuality] = useState<ImageVideoSettings['quality']>(DEFAULT_IMAGE_VIDEO_QUALITY);
  const [mode, setMode] = useState<ImageVideoSettings['mode']>(DEFAULT_IMAGE_VIDEO_MODE);
  const [aspect, setAspect] = useState<ImageVideoSettings['aspect_ratio']>(DEFAULT_ASPECT_RATIO);
  const [duration, setDuration] = useState<ImageVideoSettings['duration']>(DEFAULT_IMAGE_VIDEO_DURATION_S);
  const [seed, setSeed] = useState(String(DEFAULT_IMAGE_VIDEO_SEED));
  const [lastFrame, setLastFrame] = useState<File | null>(null);
  const [lastFrameError, setLastFrameError] = useState<string | null>(null);
  const [voice, setVoice] = useState<File | null>(null);
  const [voiceError, setVoiceError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [job, setJob] = useState<Job>({ phase: 'idle' });
  const onStatusCheckFailed = useCallback(
    () => setJob({ phase: 'failed', error: generationMessages.statusCheckFailed }),
    [],
  );

  const busy = job.phase === 'starting' || job.phase === 'running';
  const sessionId = job.phase === 'running' ? job.sessionId : null;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  // --- Image slots ---

  function addFiles(files: readonly File[]) {
    const { accepted, problem } = acceptImages(files, slots.length);
    setSlotProblem(problem);
    if (accepted.length === 0) return;
    setFormError(null);
    const added: ImageSlot[] = accepted.map((file) => ({
      id: slotId(),
      name: file.name,
      type: file.type,
      size: file.size,
      url: URL.createObjectURL(file),
      objectKey: null,
      file,
      fromLibrary: false,
      uploading: true,
    }));
    setSlots((current) => [...current, ...added].slice(0, MAX_IMAGE_SLOTS));
    uploadFiles(accepted, 'image-to-video').then(
      (images) => {
        setSlots((current) =>
          current.map((slot) => {
            const index = added.findIndex((item) => item.id === slot.id);
            const image = index >= 0 ? images[index] : undefined;
            if (index < 0) return slot;
            return image
              ? { ...slot, objectKey: image.gcs_uri, uploading: false }
              : { ...slot, uploading: false };
          }),
        );
      },
      (error: unknown) => {
        // The files stay in their slots and travel with the job instead.
        setSlots((current) =>
          current.map((slot) =>
            added.some((item) => item.id === slot.id) ? { ...slot, uploading: false } : slot,
          ),
        );
        toast.show({
          title: imageToVideoMessages.uploadImageFailed,
          message: uploadErrorMessage(error),
          tone: 'error',
        });
      },
    );
  }

  function openPicker() {
    if (slots.length >= MAX_IMAGE_SLOTS) {
      setSlotProblem(imageToVideoMessages.maxImagesReached);
      return;
    }
    fileInput.current?.click();
  }

  function removeSlot(id: string) {
    setSlots((current) => current.filter((slot) => slot.id !== id));
    setSlotProblem(null);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (busy) return;
    addFiles(Array.from(event.dataTransfer.files));
  }

  // --- Prompt ---

  async function enhancePrompt() {
    const text = prompt.trim();
    if (text === '') {
      setPromptProblem(promptEnhancementMessages.promptRequired);
      return;
    }
    if (text.length < PROMPT_ENHANCE_MIN_CHARS) {
      setPromptProblem(promptEnhancementMessages.promptTooShort);
      return;
    }
    setPromptProblem(null);
    setEnhancing(true);
    try {
      const answer = await callApi(generateText, {
        body: {
          prompt:
            `Rewrite this image-to-video prompt as a vivid, detailed description of ` +
            `${ENHANCED_PROMPT_TARGET_WORDS.min}-${ENHANCED_PROMPT_TARGET_WORDS.max} words. ` +
            `Answer with the prompt only.\n\n${text}`,
        },
      });
      const enhanced = answer.generated_text.trim();
      if (enhanced.length < ENHANCED_PROMPT_MIN_CHARS) {
        setPromptProblem(promptEnhancementMessages.invalidResponse);
        return;
      }
      setPrompt(enhanced);
      setFormError(null);
    } catch {
      setPromptProblem(promptEnhancementMessages.failed);
    } finally {
      setEnhancing(false);
    }
  }

  // --- Optional files ---

  function pickLastFrame(file: File | undefined) {
    if (!file) return;
    if (!(LAST_FRAME_MIME_TYPES as readonly string[]).includes(file.type)) {
      setLastFrameError(imageToVideoMessages.invalidLastFrame);
      return;
    }
    if (file.size >= UPLOAD_MAX_BYTES) {
      setLastFrameError(imageToVideoMessages.fileTooLarge);
      return;
    }
    setLastFrameError(null);
    setLastFrame(file);
  }

  function pickVoice(file: File | undefined) {
    if (!file) return;
    if (!(VOICE_SAMPLE_MIME_TYPES as readonly string[]).includes(file.type)) {
      setVoiceError(imageToVideoMessages.invalidVoiceSample);
      return;
    }
    if (file.size >= UPLOAD_MAX_BYTES) {
      setVoiceError(imageToVideoMessages.fileTooLarge);
      return;
    }
    setVoiceError(null);
    setVoice(file);
  }

  // --- The job ---

  const settle = useCallback(
    (answer: {
      status: string;
      progress: number;
      stage: ImageStage | null;
      url: string | null;
      error: string | null;
    }) => {
      if (answer.status === 'completed') {
        if (!answer.url) {
          setJob({ phase: 'failed', error: generationMessages.completedWithoutUrl });
          return;
        }
        setJob({ phase: 'completed', videoUrl: answer.url });
        celebrate(answer.url);
      } else if (answer.status === 'failed') {
        setJob({ phase: 'failed', error: answer.error ?? generationMessages.generationFailed });
      } else {
        setJob((current) =>
          current.phase === 'running'
            ? {
                ...current,
                progress: Math.max(current.progress, answer.progress),
                stage: answer.stage ?? current.stage,
              }
            : current,
        );
      }
    },
    [celebrate],
  );

  const onStatus = useCallback(
    (answer: ImageVideoStatus) =>
      settle({
        status: answer.status,
        progress: answer.progress,
        stage: answer.current_stage,
        url: answer.output_video_url ?? answer.video_urls[0] ?? null,
        error: answer.error_message,
      }),
    [settle],
  );
  useStatusPolling(sessionId, checkImageVideo, onStatus, onStatusCheckFailed);

  useRealtimeEvent(VIDEO_EVENT_TYPES.progress, (message) => {
    const event = videoProgressEventDataSchema.safeParse(message.data);
    if (!event.success || !sessionId || event.data.session_id !== sessionId) return;
    if (event.data.status === 'failed') {
      settle({
        status: 'failed',
        progress: event.data.progress,
        stage: null,
        url: null,
        error: event.data.error,
      });
    } else {
      // The video's URL comes from the status call; a live event moves the panel.
      settle({
        status: 'processing',
        progress: event.data.progress,
        stage: event.data.stage,
        url: null,
        error: null,
      });
    }
  });

  async function createVideo() {
    if (busy) return;
    if (slots.length === 0) {
      setFormError(imageToVideoMessages.atLeastOneImage);
      return;
    }
    if (prompt.trim() === '') {
      setFormError(imageToVideoMessages.promptRequired);
      return;
    }
    setFormError(null);
    setJob({ phase: 'starting' });
    if (!(await gate())) {
      setJob({ phase: 'idle' });
      return;
    }
    const stored = slots.flatMap((slot) => (slot.objectKey ? [slot.objectKey] : []));
    const files = slots.flatMap((slot) => (!slot.objectKey && slot.file ? [slot.file] : []));
    if (stored.length === 0 && files.length === 0) {
      setJob({ phase: 'idle' });
      setFormError(imageToVideoMessages.filesFieldRequired);
      return;
    }
    const seedNumber = Number(seed);
    const settings: ImageVideoSettings = { quality, mode, aspect_ratio: aspect, duration };
    try {
      const answer = await callApi(createImageToVideoSession, {
        body: {
          prompt: prompt.trim(),
          model_platform: DEFAULT_MODEL_PLATFORM,
          source: 'image-to-video',
          ...(stored.length > 0 ? { existing_gcs_uris: JSON.stringify(stored) } : {}),
          ...(seed.trim() !== '' && Number.isInteger(seedNumber) ? { seed: seedNumber } : {}),
          extra_params: JSON.stringify(settings),
        },
        files: {
          ...(files.length > 0 ? { files } : {}),
          ...(lastFrame ? { last_frame_image: lastFrame } : {}),
          ...(voice ? { voice_sample_file: voice } : {}),
        },
      });
      if (!answer.session_id) throw new Error(generationMessages.noSessionId);
      setJob({ phase: 'running', sessionId: answer.session_id, progress: 0, stage: 'file_processing' });
    } catch (error) {
      // Server detail arrays arrive flattened into one message by the API client.
      const message = errorMessage(error, { fallback: generationMessages.createFailed });
      toast.show({ title: generationMessages.startFailed, message, tone: 'error' });
      setJob({ phase: 'failed', error: message });
    }
  }

  function reset() {
    setJob({ phase: 'idle' });
    onClearCompleted();
  }

  if (completedUrl && job.phase === 'idle') {
    return <VideoResult videoUrl={completedUrl} onReset={reset} />;
  }

  return (
    <div className="flex flex-col gap-6">
      <Confetti burst={burst} />
      {job.phase === 'completed' ? (
        <VideoResult videoUrl={job.videoUrl} onReset={reset} />
      ) : job.phase === 'failed' ? (
        <section
          role="alert"
          aria-label="Generation failed"
          className="flex flex-col items-start gap-3 rounded-2xl border border-red-300 bg-red-50 p-6 dark:border-red-500/30 dark:bg-red-500/10"
        >
          <h2 className="text-lg font-semibold">{generationMessages.creationFailed}</h2>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{job.error}</p>
          <button type="button" className={buttonClasses()} onClick={() => setJob({ phase: 'idle' })}>
            Try Again
          </button>
        </section>
      ) : job.phase === 'running' ? (
        <GenerationPanel
          progress={job.progress}
          stage={job.stage}
          sending={background.sending}
          onBackground={() => void background.send(job.sessionId)}
        />
      ) : (
        <>
          <section aria-label="Images" className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-base font-semibold">
                Images ({slots.length}/{MAX_IMAGE_SLOTS})
              </h2>
              <div className="flex gap-2">
                <button
                  type="button"
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                  onClick={openPicker}
                >
                  Add More Images
                </button>
                <Link
                  to={`${paths.imageLibrary}?returnTo=image-to-video&tab=create`}
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                >
                  From Library
                </Link>
              </div>
            </div>
            <input
              ref={fileInput}
              type="file"
              multiple
              accept={IMAGE_MIME_TYPES.join(',')}
              aria-label="Upload images"
              className="sr-only"
              onChange={(event) => {
                addFiles(Array.from(event.target.files ?? []));
                event.target.value = '';
              }}
            />
            <ul
              aria-label="Image slots"
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              className={`grid grid-cols-2 gap-3 rounded-2xl border-2 border-dashed p-3 sm:grid-cols-5 ${
                dragging
                  ? 'border-violet-500 bg-violet-50 dark:bg-violet-500/10'
                  : 'border-zinc-300 dark:border-white/15'
              }`}
            >
              {Array.from({ length: MAX_IMAGE_SLOTS }, (_, index) => {
                const slot = slots[index];
                if (!slot) {
                  return (
                    <li key={`empty-${index}`} aria-label={`Empty slot ${index + 1}`}>
                      <button
                        type="button"
                        onClick={openPicker}
                        className="flex aspect-square w-full items-center justify-center rounded-xl bg-zinc-100 text-xs text-zinc-500 dark:bg-white/5"
                      >
                        Drop or click to add
                      </button>
                    </li>
                  );
                }
                return (
                  <li key={slot.id} aria-label={`Image ${index + 1}: ${slot.name}`} className="relative">
                    <img
                      src={slot.url}
                      alt={slot.name}
                      className="aspect-square w-full rounded-xl object-cover"
                    />
                    {slot.uploading ? (
                      <span className="absolute inset-0 flex items-center justify-center bg-black/40">
                        <Spinner />
                      </span>
                    ) : null}
                    <button
                      type="button"
                      aria-label={`Remove ${slot.name}`}
                      onClick={() => removeSlot(slot.id)}
                      className="absolute top-1 right-1 rounded-full bg-black/60 px-2 text-white"
                    >
                      ×
                    </button>
                  </li>
                );
              })}
            </ul>
            {slotProblem ? (
              <p role="alert" className="text-sm text-amber-700 dark:text-amber-400">
                {slotProblem}
              </p>
            ) : null}
          </section>

          <section aria-label="Prompt" className="flex flex-col gap-2">
            <label htmlFor={promptId} className="text-sm font-medium">
              Text Prompt
            </label>
            <textarea
              id={promptId}
              rows={4}
              value={prompt}
              onChange={(event) => {
                setPrompt(event.target.value);
                setPromptProblem(null);
                setFormError(null);
              }}
              placeholder="Describe how your images should come to life…"
              className="w-full rounded-xl border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-white/15 dark:bg-white/5"
            />
            <PromptMeter text={prompt} />
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                disabled={enhancing}
                onClick={() => void enhancePrompt()}
              >
                {enhancing ? <Spinner /> : null}
                Enhance Prompt
              </button>
              <button
                type="button"
                aria-expanded={suggestionsOpen}
                className={buttonClasses({ variant: 'ghost', size: 'sm' })}
                onClick={() => setSuggestionsOpen((open) => !open)}
              >
                Suggested prompts
              </button>
            </div>
            {promptProblem ? (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {promptProblem}
              </p>
            ) : null}
            {suggestionsOpen ? (
              <ul aria-label="Suggested prompts" className="flex flex-col gap-1">
                {SUGGESTED_PROMPTS.map((suggestion) => (
                  <li key={suggestion}>
                    <button
                      type="button"
                      className="w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-zinc-100 dark:hover:bg-white/10"
                      onClick={() => {
                        setPrompt(suggestion);
                        setSuggestionsOpen(false);
                        setFormError(null);
                      }}
                    >
                      {suggestion}
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </section>

          <section aria-label="Settings" className="grid gap-4 sm:grid-cols-2">
            <fieldset className="flex flex-col gap-1 text-sm">
              <legend className="mb-1 font-medium">Quality</legend>
              {IMAGE_VIDEO_QUALITIES.map((value) => (
                <label key={value} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="quality"
                    checked={quality === value}
                    onChange={() => setQuality(value)}
                  />
                  {QUALITY_LABELS[value]}
                </label>
              ))}
            </fieldset>
            <fieldset className="flex flex-col gap-1 text-sm">
              <legend className="mb-1 font-medium">Mode</legend>
              {IMAGE_VIDEO_MODES.map((value) => (
                <label key={value} className="flex items-center gap-2">
                  <input type="radio" name="mode" checked={mode === value} onChange={() => setMode(value)} />
                  {MODE_LABELS[value]}
                </label>
              ))}
            </fieldset>
            <fieldset className="flex flex-col gap-1 text-sm">
              <legend className="mb-1 font-medium">Aspect ratio</legend>
              {ASPECT_RATIOS.map((value) => (
                <label key={value} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="aspect"
                    checked={aspect === value}
                    onChange={() => setAspect(value)}
                  />
                  {value === DEFAULT_ASPECT_RATIO ? `${value} ★ Recommended` : value}
                </label>
              ))}
            </fieldset>
            <label className="flex flex-col gap-1 text-sm font-medium">
              Duration
              <select
                value={duration}
                onChange={(event) =>
                  setDuration(Number(event.target.value) as ImageVideoSettings['duration'])
                }
                className={fieldClasses}
              >
                {IMAGE_VIDEO_DURATIONS_S.map((seconds) => (
                  <option key={seconds} value={seconds}>
                    {seconds} seconds
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">
              Seed (optional)
              <input
                type="number"
                min={SEED_MIN}
                max={SEED_MAX}
                value={seed}
                onChange={(event) => setSeed(event.target.value)}
                className={fieldClasses}
              />
            </label>
            <div className="flex flex-col gap-1 text-sm">
              <label className="font-medium">
                Last frame image (optional)
                <input
                  type="file"
                  accept=".png,.jpg,.jpeg,.gif,.bmp"
                  className="mt-1 block text-xs"
                  onChange={(event) => {
                    pickLastFrame(event.target.files?.[0]);
                    event.target.value = '';
                  }}
                />
              </label>
              {lastFrame ? (
                <span className="flex items-center gap-2 text-xs">
                  {lastFrame.name}
                  <button type="button" className="underline" onClick={() => setLastFrame(null)}>
                    Remove last frame
                  </button>
                </span>
              ) : null}
              {lastFrameError ? (
                <p role="alert" className="text-red-600 dark:text-red-400">
                  {lastFrameError}
                </p>
              ) : null}
            </div>
            <VoiceSample
              voice={voice}
              error={voiceError}
              onPick={pickVoice}
              onRemove={() => setVoice(null)}
            />
          </section>

          {formError ? (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {formError}
            </p>
          ) : null}
          <div className="flex flex-col items-start gap-1">
            <button
              type="button"
              className={buttonClasses({ size: 'lg' })}
              disabled={busy}
              onClick={() => void createVideo()}
            >
              {busy ? <Spinner /> : null}
              {busy ? 'Creating...' : 'Create Video'}
            </button>
            <span className="text-xs text-zinc-500 dark:text-zinc-400">
              Estimated time: ~{estimatedSeconds(Math.max(slots.length, 1))} seconds
            </span>
          </div>
        </>
      )}
    </div>
  );
}

function VoiceSample({
  voice,
  error,
  onPick,
  onRemove,
}: {
  voice: File | null;
  error: string | null;
  onPick: (file: File | undefined) => void;
  onRemove: () => void;
}) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const url = useMemo(() => (voice ? URL.createObjectURL(voice) : null), [voice]);
  useEffect(() => {
    if (!url) return;
    return () => URL.revokeObjectURL(url);
  }, [url]);
  return (
    <div className="flex flex-col gap-1 text-sm sm:col-span-2">
      <label className="font-medium">
        Voice sample (optional)
        <input
          type="file"
          accept=".mp3,.wav,.m4a,.ogg,audio/*"
          className="mt-1 block text-xs"
          onChange={(event) => {
            onPick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </label>
      {voice ? (
        <span className="flex items-center gap-2 text-xs">
          {voice.name}
          {url ? <audio ref={audio} src={url} /> : null}
          <button
            type="button"
            className="underline"
            onClick={() => void audio.current?.play().catch(() => undefined)}
          >
            Play voice sample
          </button>
          <button type="button" className="underline" onClick={onRemove}>
            Remove voice sample
          </button>
        </span>
      ) : null}
      {error ? (
        <p role="alert" className="text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        Voice cloning tips: record 30-60 seconds of clear speech in a quiet room, one speaker, no music.
      </p>
    </div>
  );
}
