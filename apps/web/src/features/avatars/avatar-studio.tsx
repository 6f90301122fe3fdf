import { zodResolver } from '@hookform/resolvers/zod';
import {
  AVATAR_PORTRAIT_COUNT,
  SIGNED_UPLOAD_MIME_TYPES,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_MB,
  uploadMessages,
  type Avatar,
  type AvatarPortrait,
  type UploadedImage,
} from '@reelcraft/contract';
import { ArrowLeft, Check, RotateCcw, Save, Sparkles, UsersRound } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { buttonClasses } from '../../components/button-styles';
import { FormMessage } from '../../components/form-message';
import { BackToOptionsHeader } from '../../components/generations';
import { FileButton, ReferenceList, type ReferenceImageView } from '../../components/reference-images';
import { Spinner } from '../../components/spinner';
import { Stepper } from '../../components/stepper';
import { TextField } from '../../components/text-field';
import { paths } from '../../lib/paths';
import { useVoices } from '../../lib/voices';
import { portraitsErrorMessage, saveAvatarErrorMessage } from './api/avatar-errors';
import { useCreateAvatar } from './api/create-avatar';
import type { AvatarDraft } from './avatar-studio-storage';
import { AVATAR_STEPS, useAvatarStudio, type AvatarStep } from './use-avatar-studio';
import { VoiceSelect } from './voice-select';

/** Uploads the user's photos as studio references (POST /upload/signed-url), handed in by the app. */
export type UploadReferencePhotos = (files: readonly File[]) => Promise<UploadedImage[]>;

interface AvatarStudioProps {
  onBackToOptions: () => void;
  uploadPhotos: UploadReferencePhotos;
  describeUploadError: (error: unknown) => string;
}

// Ours: the spec shows no texts for the avatar mode.
const PHOTO_REQUIRED = 'Upload a reference photo of the person first.';
const PICK_REQUIRED = 'Pick one of the portraits.';
const NAME_REQUIRED = 'Please name your avatar.';

const referenceSchema = z.object({ gcs_uri: z.string(), url: z.string(), filename: z.string() });
const referencesFormSchema = z.object({
  prompt: z.string().trim().max(1000, 'Keep the description under 1000 characters.'),
  subject: referenceSchema.nullable().transform((value, context) => {
    if (value === null) {
      context.addIssue({ code: 'custom', message: PHOTO_REQUIRED });
      return z.NEVER;
    }
    return value;
  }),
  style: referenceSchema.nullable(),
});
type ReferencesForm = z.input<typeof referencesFormSchema>;

const saveFormSchema = z.object({
  portraitId: z.string().min(1, PICK_REQUIRED),
  name: z.string().trim().min(1, NAME_REQUIRED).max(100, 'Keep the name under 100 characters.'),
  voiceId: z.string(),
});
type SaveForm = z.infer<typeof saveFormSchema>;

/**
 * The studio's avatar mode (spec 001 section 2, steps 1 and 2): a reference photo (and an optional
 * style reference and description) make four portrait candidates; the user picks one, names it and
 * saves it as an avatar, which then lives on /avatars.
 */
export function AvatarStudio({ onBackToOptions, uploadPhotos, describeUploadError }: AvatarStudioProps) {
  const studio = useAvatarStudio();
  const { state, dispatch } = studio;
  const { step, portraits, saved, stepError } = state;
  const goTo = (target: AvatarStep) => dispatch({ type: 'stepSelected', step: target });

  return (
    <section aria-labelledby="avatar-mode-heading" className="flex flex-col gap-6">
      <BackToOptionsHeader
        headingId="avatar-mode-heading"
        title="Create an Avatar"
        description="A presenter made from a photo, ready to speak your scripts."
        onBackToOptions={onBackToOptions}
      />

      <Stepper
        label="Avatar steps"
        steps={AVATAR_STEPS}
        current={step}
        isComplete={studio.isStepComplete}
        onSelect={goTo}
      />
      <FormMessage tone="error">{stepError}</FormMessage>

      {/* Both steps stay mounted so going back keeps what was typed and uploaded. */}
      <div hidden={step !== 1}>
        <ReferencesStep
          uploadPhotos={uploadPhotos}
          describeUploadError={describeUploadError}
          busy={studio.generating}
          error={studio.generateError ? portraitsErrorMessage(studio.generateError) : null}
          hasPortraits={portraits !== null}
          draft={state.draft}
          onDraftChange={(draft) => dispatch({ type: 'draftChanged', draft })}
          onGenerate={(values) =>
            studio.requestPortraits({
              prompt: values.prompt,
              subject_ref: values.subject.gcs_uri,
              ...(values.style ? { style_ref: values.style.gcs_uri } : {}),
            })
          }
        />
      </div>
      {step === 2 && portraits ? (
        saved ? (
          <SavedAvatar avatar={saved} onAnother={studio.startOver} />
        ) : (
          // Keyed by the set of portraits: a new set starts a fresh pick.
          <PickStep
            key={portraits.map((portrait) => portrait.id).join()}
            portraits={portraits}
            onSaved={(avatar) => dispatch({ type: 'avatarSaved', avatar })}
            onBack={() => goTo(1)}
          />
        )
      ) : null}
    </section>
  );
}

function ReferencesStep({
  uploadPhotos,
  describeUploadError,
  busy,
  error,
  hasPortraits,
  draft,
  onDraftChange,
  onGenerate,
}: {
  uploadPhotos: UploadReferencePhotos;
  describeUploadError: (error: unknown) => string;
  busy: boolean;
  error: string | null;
  hasPortraits: boolean;
  /** What the form starts from (a reload brings the last one back) and is told of each change. */
  draft: AvatarDraft;
  onDraftChange: (draft: AvatarDraft) => void;
  onGenerate: (values: {
    prompt: string;
    subject: ReferenceImageView;
    style: ReferenceImageView | null;
  }) => void;
}) {
  const promptId = useId();
  const promptHintId = useId();
  const photoErrorId = useId();
  const form = useForm<ReferencesForm, unknown, z.output<typeof referencesFormSchema>>({
    resolver: zodResolver(referencesFormSchema),
    defaultValues: draft,
  });
  const { register, handleSubmit, setValue, clearErrors, formState, control } = form;
  const subject = useWatch({ control, name: 'subject' });
  const style = useWatch({ control, name: 'style' });
  const prompt = useWatch({ control, name: 'prompt' });
  // Each change is kept, so a reload brings the photo and the description back.
  const reportDraft = useEffectEvent(onDraftChange);
  useEffect(() => reportDraft({ prompt, subject, style }), [prompt, subject, style]);
  const [uploadingFor, setUploadingFor] = useState<'subject' | 'style' | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);

  async function upload(event: ChangeEvent<HTMLInputElement>, kind: 'subject' | 'style') {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!(SIGNED_UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) {
      setUploadError(uploadMessages.invalidFileType('JPEG, PNG, GIF, WebP'));
      return;
    }
    if (file.size > UPLOAD_MAX_BYTES) {
      setUploadError(uploadMessages.fileSizeExceeds(UPLOAD_MAX_MB));
      return;
    }
    setUploadError(null);
    setUploadingFor(kind);
    try {
      const [image] = await uploadPhotos([file]);
      if (!image) return;
      const reference = {
        gcs_uri: image.gcs_uri,
        url: image.signed_url,
        filename: image.metadata.original_filename,
      };
      setValue(kind, reference, { shouldDirty: true });
      if (kind === 'subject') clearErrors('subject');
    } catch (caught) {
      setUploadError(describeUploadError(caught));
    } finally {
      setUploadingFor(null);
    }
  }

  const photoError = formState.errors.subject?.message;
  const disabled = busy || uploadingFor !== null;
  return (
    <form
      noValidate
      aria-label="Prompt and references"
      aria-busy={busy || undefined}
      onSubmit={(event) => void handleSubmit(onGenerate)(event)}
      className="flex flex-col gap-6"
    >
      <fieldset
        className="flex flex-col gap-3"
        aria-invalid={photoError ? true : undefined}
        aria-describedby={photoError ? photoErrorId : undefined}
      >
        <legend className="mb-1 text-sm font-medium">Reference photo</legend>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          A clear photo of the person, facing the camera. The portraits are framed on their face.
        </p>
        <ReferenceList
          label="Reference photo"
          images={subject ? [subject] : []}
          disabled={busy}
          onRemove={() => setValue('subject', null, { shouldDirty: true })}
        />
        {subject ? null : (
          <div>
            <FileButton
              label="Upload reference photo"
              accept={SIGNED_UPLOAD_MIME_TYPES}
              disabled={disabled}
              busy={uploadingFor === 'subject'}
              onChange={(event) => void upload(event, 'subject')}
            />
          </div>
        )}
        {photoError ? (
          <p id={photoErrorId} className="text-sm text-red-600 dark:text-red-400">
            {photoError}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">Style reference (optional)</legend>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">An image whose colours set the backdrop.</p>
        <ReferenceList
          label="Style reference"
          images={style ? [style] : []}
          disabled={busy}
          onRemove={() => setValue('style', null, { shouldDirty: true })}
        />
        {style ? null : (
          <div>
            <FileButton
              label="Upload style reference"
              accept={SIGNED_UPLOAD_MIME_TYPES}
              disabled={disabled}
              busy={uploadingFor === 'style'}
              onChange={(event) => void upload(event, 'style')}
            />
          </div>
        )}
      </fieldset>
      <FormMessage tone="error">{uploadError}</FormMessage>

      <div className="flex flex-col gap-2">
        <label htmlFor={promptId} className="text-sm font-medium">
          Prompt (optional)
        </label>
        <textarea
          id={promptId}
          rows={3}
          disabled={busy}
          aria-describedby={promptHintId}
          aria-invalid={formState.errors.prompt ? true : undefined}
          placeholder="A friendly presenter in a bright studio, soft light, business casual"
          {...register('prompt')}
          className="w-full rounded-xl border border-zinc-300 bg-white px-3 py-2 text-base sm:text-sm dark:border-white/15 dark:bg-white/5"
        />
        <p id={promptHintId} className="text-sm text-zinc-500 dark:text-zinc-400">
          {formState.errors.prompt?.message ?? 'The look, the light and the setting you want.'}
        </p>
      </div>

      <FormMessage tone="error">{error}</FormMessage>
      {hasPortraits && !busy ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Portraits were made from these references. Generating again makes a new set.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={disabled} className={buttonClasses({ size: 'lg' })}>
          {busy ? <Spinner /> : <Sparkles aria-hidden="true" className="size-5" />}
          {busy ? 'Generating portraits…' : `Generate ${AVATAR_PORTRAIT_COUNT} portraits`}
        </button>
        {busy ? (
          <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
            Framing your photo in {AVATAR_PORTRAIT_COUNT} looks. This takes a few seconds.
          </p>
        ) : null}
      </div>
    </form>
  );
}

function PickStep({
  portraits,
  onSaved,
  onBack,
}: {
  portraits: readonly AvatarPortrait[];
  onSaved: (avatar: Avatar) => void;
  onBack: () => void;
}) {
  const pickErrorId = useId();
  const save = useCreateAvatar();
  const voices = useVoices();
  const form = useForm<SaveForm>({
    resolver: zodResolver(saveFormSchema),
    defaultValues: { portraitId: '', name: '', voiceId: '' },
  });
  const { register, handleSubmit, formState, control } = form;
  const pickedId = useWatch({ control, name: 'portraitId' });
  const pickError = formState.errors.portraitId?.message;

  function submit(values: SaveForm) {
    const portrait = portraits.find((candidate) => candidate.id === values.portraitId);
    if (!portrait) return;
    save.mutate(
      {
        name: values.name,
        gcs_uri: portrait.gcs_uri,
        ...(values.voiceId ? { voice_id: values.voiceId } : {}),
      },
      { onSuccess: onSaved },
    );
  }

  return (
    <form
      noValidate
      aria-label="Pick and save"
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="flex flex-col gap-6"
    >
      <fieldset aria-describedby={pickError ? pickErrorId : undefined}>
        <legend className="mb-3 text-sm font-medium">Pick a portrait</legend>
        {/* Native radios: arrow keys move between the portraits, space picks one. */}
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {portraits.map((portrait, index) => (
            <li key={portrait.id}>
              <label className="group relative block cursor-pointer overflow-hidden rounded-2xl border-2 border-zinc-200 transition-colors hover:border-violet-300 has-checked:border-violet-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-violet-500 dark:border-white/10 dark:has-checked:border-violet-400">
                <input
                  type="radio"
                  value={portrait.id}
                  disabled={save.isPending}
                  aria-label={`Portrait ${index + 1}: ${portrait.style}`}
                  {...register('portraitId')}
                  className="sr-only"
                />
                <img
                  src={portrait.image_url}
                  alt=""
                  className="aspect-square w-full bg-zinc-100 object-cover dark:bg-white/5"
                />
                <span className="flex items-center justify-between gap-2 px-3 py-2 text-xs font-medium sm:text-sm">
                  <span className="truncate">{portrait.style}</span>
                  <span
                    aria-hidden="true"
                    className={`flex size-5 shrink-0 items-center justify-center rounded-full border text-white ${
                      pickedId === portrait.id
                        ? 'border-violet-600 bg-violet-600'
                        : 'border-zinc-300 dark:border-white/20'
                    }`}
                  >
                    {pickedId === portrait.id ? <Check className="size-3.5" /> : null}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {pickError ? (
          <p id={pickErrorId} className="mt-2 text-sm text-red-600 dark:text-red-400">
            {pickError}
          </p>
        ) : null}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Avatar name"
          placeholder="Ana, product presenter"
          autoComplete="off"
          maxLength={100}
          disabled={save.isPending}
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <VoiceSelect
          label="Voice (optional)"
          voices={voices.data ?? []}
          emptyOption="Choose later"
          disabled={save.isPending || voices.isPending}
          {...register('voiceId')}
        />
      </div>

      <FormMessage tone="error">{save.isError ? saveAvatarErrorMessage(save.error) : null}</FormMessage>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClasses({ variant: 'secondary' })} onClick={onBack}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Previous
        </button>
        <button type="submit" disabled={save.isPending} className={buttonClasses()}>
          {save.isPending ? <Spinner /> : <Save aria-hidden="true" className="size-4" />}
          {save.isPending ? 'Saving…' : 'Save avatar'}
        </button>
      </div>
    </form>
  );
}

function SavedAvatar({ avatar, onAnother }: { avatar: Avatar; onAnother: () => void }) {
  return (
    <section
      role="status"
      aria-label="Avatar saved"
      className="flex flex-col items-start gap-4 rounded-2xl border border-emerald-200 bg-emerald-50 p-5 sm:flex-row sm:items-center dark:border-emerald-500/25 dark:bg-emerald-500/10"
    >
      <img src={avatar.image_url} alt="" className="size-20 shrink-0 rounded-xl object-cover" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">Saved “{avatar.name}” to your avatars.</p>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          Make it present a script, or use it as the subject of a personalized video.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to={paths.avatars} className={buttonClasses()}>
          <UsersRound aria-hidden="true" className="size-4" />
          Open Avatars
        </Link>
        <button type="button" className={buttonClasses({ variant: 'secondary' })} onClick={onAnother}>
          <RotateCcw aria-hidden="true" className="size-4" />
          Make another
        </button>
      </div>
    </section>
  );
}
