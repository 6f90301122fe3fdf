import { zodResolver } from '@hookform/resolvers/zod';
import {
  ASPECT_RATIOS,
  avatarMessages,
  DEFAULT_ASPECT_RATIO,
  DEFAULT_VOICE_ID,
  PRESENTER_TEXT_MAX_CHARS,
  type Avatar,
  type CreatePresenterVideoBody,
  type VoiceOption,
} from '@reelcraft/contract';
import { Clapperboard, Download, FolderOpen, PencilIcon, RotateCcw } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { buttonClasses } from '../../components/button-styles';
import { ProgressBar } from '../../components/progress-bar';
import { Spinner } from '../../components/spinner';
import { CountedTextarea, useGenerationJob, type GenerationJob } from '../../components/generations';
import { useVideoDownload, VideoPlayer } from '../../components/video-player';
import { paths, storyboardPath } from '../../lib/paths';
import { FALLBACK_VOICES, useVoices } from '../../lib/voices';
import { presenterStartErrorMessage } from './api/avatar-errors';
import { postPresenterVideo, type PresenterVideoStart } from './api/create-presenter-video';
import { fetchGenerationState } from './api/get-generation';
import { VoiceSelect } from './voice-select';

export type PresenterJob = GenerationJob<PresenterVideoStart>;

/**
 * The presenter video being made from this screen: one at a time, followed to its end by polls and
 * `/ws` progress, and picked up again after a reload (the server names the running one).
 */
export function usePresenterJob(): PresenterJob {
  return useGenerationJob({
    kind: 'avatar-presenter',
    start: postPresenterVideo,
    readState: fetchGenerationState,
    describeStartError: presenterStartErrorMessage,
  });
}

const presenterFormSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, avatarMessages.presenterTextRequired)
    .max(PRESENTER_TEXT_MAX_CHARS, `Keep the narration under ${PRESENTER_TEXT_MAX_CHARS} characters.`),
  voice_id: z.string().min(1),
  aspect_ratio: z.enum(ASPECT_RATIOS),
});
export type PresenterValues = z.infer<typeof presenterFormSchema>;

interface PresenterVideoProps {
  /** The avatar that presents; null when the page picked up a running video after a reload. */
  avatar: Avatar | null;
  job: PresenterJob;
  /** What the user typed last, so Try Again does not lose it. */
  draft: PresenterValues | null;
  onDraft: (draft: PresenterValues) => void;
}

/**
 * The presenter video's form, then its progress, then the player with Download and Edit storyboard
 * (or the failure).
 */
export function PresenterVideo({ avatar, job, draft, onDraft }: PresenterVideoProps) {
  const title = avatar ? avatarMessages.presenterTitle(avatar.name) : 'Presenter video';
  const { download, downloading } = useVideoDownload();

  if (job.phase === 'running' || job.phase === 'resuming') {
    const percent = job.phase === 'running' ? job.state.progress : 0;
    return (
      <div className="mt-4 flex flex-col gap-4">
        <ProgressBar percent={percent} label="Presenter video progress" />
        <p role="status" aria-live="polite" className="flex items-center gap-2 text-sm">
          <Spinner />
          {job.phase === 'running' ? (job.state.message ?? 'Making your presenter video…') : 'Loading…'}{' '}
          <span className="tabular-nums">{Math.round(percent)}%</span>
        </p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          You can close this window: the video is saved to My Projects when it is ready.
        </p>
      </div>
    );
  }

  if (job.phase === 'completed') {
    return (
      <div className="mt-4 flex flex-col gap-4">
        <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-300">
          Your presenter video is ready.
        </p>
        <VideoPlayer src={job.videoUrl} title={title} autoPlay />
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            disabled={downloading !== null}
            onClick={() => void download(job.videoUrl, title)}
            className={buttonClasses({ size: 'sm' })}
          >
            {downloading ? <Spinner /> : <Download aria-hidden="true" className="size-4" />}
            Download
          </button>
          <Link to={paths.projects} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            <FolderOpen aria-hidden="true" className="size-4" />
            Open in My Projects
          </Link>
          {/* The video was made from a storyboard: its scenes can be changed and rendered again. */}
          {job.state.storyboard_id ? (
            <Link
              to={storyboardPath(job.state.storyboard_id)}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              <PencilIcon aria-hidden="true" className="size-4" />
              Edit storyboard
            </Link>
          ) : null}
          {avatar ? (
            <button
              type="button"
              onClick={job.reset}
              className={buttonClasses({ variant: 'ghost', size: 'sm' })}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              Make another
            </button>
          ) : null}
        </div>
      </div>
    );
  }

  if (job.phase === 'failed') {
    return (
      <div
        role="alert"
        className="mt-4 flex flex-col items-start gap-3 rounded-2xl border border-red-300 bg-red-50 p-5 dark:border-red-500/30 dark:bg-red-500/10"
      >
        <p className="font-semibold">{avatarMessages.presenterFailed}</p>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{job.error}</p>
        <button
          type="button"
          onClick={job.reset}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          Try Again
        </button>
      </div>
    );
  }

  if (!avatar) return null;
  return <PresenterForm avatar={avatar} job={job} draft={draft} onDraft={onDraft} />;
}

/** The form waits for the voice list, so the avatar's own voice (maybe a clone) is there to select. */
function PresenterForm(props: PresenterFormProps) {
  const voices = useVoices();
  if (voices.isPending) {
    return (
      <p role="status" className="mt-4 flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        <Spinner />
        Loading voices…
      </p>
    );
  }
  return (
    <PresenterFormFields
      {...props}
      voices={voices.data && voices.data.length > 0 ? voices.data : FALLBACK_VOICES}
    />
  );
}

interface PresenterFormProps {
  avatar: Avatar;
  job: PresenterJob;
  draft: PresenterValues | null;
  onDraft: (draft: PresenterValues) => void;
}

function PresenterFormFields({
  avatar,
  job,
  draft,
  onDraft,
  voices,
}: PresenterFormProps & { voices: readonly VoiceOption[] }) {
  const form = useForm<PresenterValues>({
    resolver: zodResolver(presenterFormSchema),
    defaultValues: draft ?? {
      text: '',
      voice_id: avatar.voice_id ?? DEFAULT_VOICE_ID,
      aspect_ratio: DEFAULT_ASPECT_RATIO,
    },
  });
  const { register, handleSubmit, formState, control } = form;
  const text = useWatch({ control, name: 'text' });
  const textError = formState.errors.text?.message;
  const starting = job.phase === 'starting';

  function submit(values: PresenterValues) {
    onDraft(values);
    const body: CreatePresenterVideoBody = values;
    job.start({ avatarId: avatar.id, body });
  }

  return (
    <form
      noValidate
      aria-label="Presenter video"
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="mt-4 flex flex-col gap-5"
    >
      <CountedTextarea
        label="Narration"
        length={text.length}
        maxLength={PRESENTER_TEXT_MAX_CHARS}
        error={textError}
        rows={5}
        data-autofocus
        disabled={starting}
        placeholder="Hi, I'm Ana. Let me show you what's new this month…"
        {...register('text')}
      />
      <VoiceSelect label="Voice" voices={voices} disabled={starting} {...register('voice_id')} />
      <fieldset>
        <legend className="text-sm font-medium">Aspect ratio</legend>
        <div className="mt-1.5 flex flex-wrap gap-2">
          {ASPECT_RATIOS.map((ratio) => (
            <label
              key={ratio}
              className="flex cursor-pointer items-center gap-2 rounded-xl border border-zinc-300 px-3 py-2 text-sm has-checked:border-violet-500 has-checked:bg-violet-50 has-focus-visible:outline-2 has-focus-visible:outline-violet-500 dark:border-white/15 dark:has-checked:bg-violet-500/15"
            >
              <input type="radio" value={ratio} disabled={starting} {...register('aspect_ratio')} />
              {ratio}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <button type="submit" disabled={starting} className={buttonClasses()}>
          {starting ? <Spinner /> : <Clapperboard aria-hidden="true" className="size-4" />}
          {starting ? 'Starting…' : 'Create presenter video'}
        </button>
      </div>
    </form>
  );
}
