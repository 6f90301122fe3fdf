import { zodResolver } from '@hookform/resolvers/zod';
import {
  createTextToVideoBodySchema,
  defaultFailure,
  generationMessages,
  SEED_MAX,
  SEED_MIN,
  seedSchema,
  TEXT_VIDEO_DURATIONS_S,
  type CreateTextToVideoBody,
} from '@reelcraft/contract';
import { LayoutListIcon, PencilIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { buttonClasses } from '../../components/button-styles';
import { Dialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast';
import {
  BackToDashboard,
  Confetti,
  GenerationFailedPanel,
  GenerationResult,
  PromptMeter,
  ResumingNotice,
  SeedField,
  useFormDraft,
  useGenerationJob,
  useKeepFormDraft,
} from '../../components/generations';
import { errorMessage } from '../../lib/api-client';
import { storyboardPath } from '../../lib/paths';
import { showServerFieldErrors } from '../../lib/server-field-errors';
import { useCreateStoryboard } from './api/create-storyboard';
import { postTextToVideoSession } from './api/create-text-to-video-session';
import { useGenerationStoryboardId } from './api/get-generation-storyboard';
import { fetchTextToVideoState } from './api/get-text-to-video-state';
import { TextProgressOverlay } from './text-progress-overlay';
import { PROMPT_HINTS, TIP_CATEGORIES } from './tips';

const SEED_MESSAGE = `The seed is a whole number from ${SEED_MIN} to ${SEED_MAX}. Leave it empty for a random one.`;

/** The start call's body as the form holds it: every field is text, as the inputs give it. */
const textToVideoFormSchema = createTextToVideoBodySchema.pick({ prompt: true, duration: true }).extend({
  // The spec's screen sends a seed only when it is truthy: empty or 0 lets the server pick one. The
  // contract's own messages ("Too small: expected number to be >=0") are not for people.
  seed: z
    .string()
    .refine((text) => text.trim() === '' || seedSchema.safeParse(Number(text)).success, SEED_MESSAGE)
    .transform((text) => Number(text) || undefined)
    .pipe(seedSchema.optional()),
});
type TextToVideoFormInput = z.input<typeof textToVideoFormSchema>;

/** The fields kept across a reload (issue 36 item 4): all of them, as the inputs hold them. */
const textToVideoDraftSchema = z.object({ prompt: z.string(), duration: z.string(), seed: z.string() });

const FORM_FIELDS = ['prompt', 'duration', 'seed'] as const;

export function TextToVideoPage() {
  const descriptionId = useId();
  const descriptionErrorId = useId();
  const meterId = useId();
  const planHintId = useId();
  const draft = useFormDraft('text-to-video', textToVideoDraftSchema);
  const form = useForm<TextToVideoFormInput, unknown, CreateTextToVideoBody>({
    resolver: zodResolver(textToVideoFormSchema),
    defaultValues: draft.initial ?? { prompt: '', duration: String(TEXT_VIDEO_DURATIONS_S[0]), seed: '' },
  });
  useKeepFormDraft(draft.keep, form);
  const { register, handleSubmit, setValue, setError, clearErrors, formState } = form;
  const job = useGenerationJob({
    kind: 'text-to-video',
    start: postTextToVideoSession,
    readState: fetchTextToVideoState,
    describeStartError: (error) => errorMessage(error, { fallback: generationMessages.startFailed }),
    showStartErrorInForm: (error) => showServerFieldErrors(error, FORM_FIELDS, setError),
    titleOf: (values) => values.prompt,
  });
  const [tipsOpen, setTipsOpen] = useState(false);
  const description = useWatch({ control: form.control, name: 'prompt' });
  const descriptionError = formState.errors.prompt?.message;
  const seedError = formState.errors.seed?.message;
  const navigate = useNavigate();
  const toast = useToast();
  const plan = useCreateStoryboard();
  const busy = job.phase === 'starting' || job.phase === 'running' || plan.isPending;
  const storyboardId = useGenerationStoryboardId(job.phase === 'completed' ? job.state : null);

  // "Plan scenes": the same fields, checked the same way, become a draft storyboard to review and
  // edit before anything renders.
  const planScenes = handleSubmit(({ prompt, duration }) =>
    plan.mutate(
      { prompt, duration },
      {
        onSuccess: (storyboard) => void navigate(storyboardPath(storyboard.id)),
        onError: (error) => {
          if (showServerFieldErrors(error, FORM_FIELDS, setError)) return;
          toast.show({
            title: 'The scenes could not be planned',
            message: errorMessage(error, { fallback: defaultFailure('plan the scenes') }),
            tone: 'error',
          });
        },
      },
    ),
  );

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <Confetti burst={job.burst} />
      <header className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-2">
          <BackToDashboard busy={busy} />
          <button
            type="button"
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            onClick={() => setTipsOpen(true)}
          >
            Tips for better results
          </button>
        </div>
        {/* A line of its own, as on Image to Video: between the two buttons a phone squeezed it. */}
        <h1 className="font-display text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
          Create Video from Text
        </h1>
      </header>

      {job.phase === 'completed' ? (
        <GenerationResult
          videoUrl={job.videoUrl}
          title={job.title}
          playerTitle="Your text-to-video result"
          downloadPrefix="text-to-video"
          autoPlay={!job.fromEarlierVisit}
          onCreateAnother={job.reset}
          actions={
            storyboardId ? (
              <Link to={storyboardPath(storyboardId)} className={buttonClasses({ variant: 'secondary' })}>
                <PencilIcon aria-hidden="true" className="size-4" />
                Edit storyboard
              </Link>
            ) : null
          }
        />
      ) : job.phase === 'failed' ? (
        <GenerationFailedPanel error={job.error} onRetry={job.reset} />
      ) : job.phase === 'resuming' ? (
        <ResumingNotice />
      ) : (
        <form
          noValidate
          onSubmit={(event) => void handleSubmit((values) => job.start(values))(event)}
          className="flex flex-col gap-5"
        >
          <div className="flex flex-col gap-2">
            <label htmlFor={descriptionId} className="text-sm font-medium">
              Video Description
            </label>
            <textarea
              id={descriptionId}
              rows={6}
              disabled={busy}
              aria-invalid={descriptionError ? true : undefined}
              aria-describedby={descriptionError ? `${descriptionErrorId} ${meterId}` : meterId}
              placeholder="Describe the video you want: the subject, the setting, the mood, the camera movement…"
              {...register('prompt')}
              className="w-full rounded-xl border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-white/15 dark:bg-white/5"
            />
            {/* Past 200 words the meter itself warns (the cap is not enforced). */}
            <PromptMeter text={description} id={meterId} />
            {descriptionError ? (
              <p id={descriptionErrorId} className="text-sm text-red-600 dark:text-red-400">
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
                disabled={busy}
                {...register('duration')}
                className="h-10 rounded-xl border border-zinc-300 bg-white px-3 dark:border-white/15 dark:bg-white/5"
              >
                {TEXT_VIDEO_DURATIONS_S.map((seconds) => (
                  <option key={seconds} value={seconds}>
                    {seconds} seconds
                  </option>
                ))}
              </select>
            </label>
            <SeedField registration={register('seed')} error={seedError} disabled={busy} />
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <button
              type="submit"
              disabled={busy}
              className={buttonClasses({ size: 'lg', className: 'sm:flex-1' })}
            >
              {busy && !plan.isPending ? <Spinner /> : null}
              {busy && !plan.isPending ? 'Generating...' : 'Generate Video'}
            </button>
            <button
              type="button"
              disabled={busy}
              aria-describedby={planHintId}
              onClick={(event) => void planScenes(event)}
              className={buttonClasses({ variant: 'secondary', size: 'lg' })}
            >
              {plan.isPending ? <Spinner /> : <LayoutListIcon aria-hidden="true" className="size-4" />}
              {plan.isPending ? 'Planning…' : 'Plan scenes'}
            </button>
          </div>
          <p id={planHintId} className="-mt-2 text-xs text-zinc-500 dark:text-zinc-400">
            Plan scenes first to review and edit every scene before it renders; planning uses no video.
          </p>
        </form>
      )}

      {job.phase === 'running' ? (
        <TextProgressOverlay
          progress={job.state.progress}
          retrying={job.state.retrying}
          sessionId={job.state.session_id}
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
                  setValue('prompt', category.prompt);
                  clearErrors('prompt');
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
