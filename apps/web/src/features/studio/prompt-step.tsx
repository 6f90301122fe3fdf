import { zodResolver } from '@hookform/resolvers/zod';
import {
  ASPECT_RATIOS,
  createStudioJobBodySchema,
  SEED_MAX,
  SEED_MIN,
  seedSchema,
  SIGNED_UPLOAD_MIME_TYPES,
  STUDIO_CANDIDATE_COUNT,
  STUDIO_DURATION_LIMITS_S,
  STUDIO_FPS_OPTIONS,
  STUDIO_MAX_SUBJECT_REFS,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_MB,
  uploadMessages,
  type CreateStudioJobBody,
  type VoiceOption,
  studioMessages,
} from '@reelcraft/contract';
import { Library, Sparkles } from 'lucide-react';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { buttonClasses } from '../../components/button-styles';
import { FormMessage } from '../../components/form-message';
import { FileButton, ReferenceList } from '../../components/reference-images';
import { Spinner } from '../../components/spinner';
import { paths } from '../../lib/paths';
import { groupVoices } from '../../lib/voices';
import { showServerFieldErrors } from '../../lib/server-field-errors';
import { uploadErrorMessage } from './api/studio-errors';
import { useUploadReferenceImages } from './api/upload-reference-images';
import { withReferences, type ReferenceImage, type StudioDraft } from './workflow-storage';

const referenceSchema = z.object({ gcs_uri: z.string(), url: z.string(), filename: z.string() });

/** The step-1 form as the inputs hold it, checked and turned into the create-job body of the contract. */
const studioFormSchema = z
  .object({
    prompt: z.string().trim().min(1, studioMessages.promptRequired).max(4000),
    subject_refs: z.array(referenceSchema).max(STUDIO_MAX_SUBJECT_REFS),
    style_ref: referenceSchema.nullable(),
    aspect: z.string(),
    fps: z.string(),
    duration_seconds: z.string(),
    // Empty means random: the seed is left out.
    seed: z
      .string()
      .trim()
      .transform((text) => (text === '' ? null : Number(text)))
      .pipe(seedSchema.nullable()),
    voice_id: z.string(),
  })
  .refine((values) => values.subject_refs.length > 0 || values.style_ref !== null, {
    path: ['subject_refs'],
    message: studioMessages.referenceRequired,
  })
  // The contract's schema checks the rest; the casts only hand it the inputs' values.
  .transform((values): z.input<typeof createStudioJobBodySchema> => ({
    prompt: values.prompt,
    aspect: values.aspect as CreateStudioJobBody['aspect'],
    fps: Number(values.fps) as CreateStudioJobBody['fps'],
    duration_seconds: Number(values.duration_seconds),
    subject_refs: values.subject_refs.map((image) => image.gcs_uri),
    style_ref: values.style_ref?.gcs_uri ?? null,
    ...(values.seed === null ? {} : { seed: values.seed }),
    ...(values.voice_id ? { voice_id: values.voice_id } : {}),
  }))
  .pipe(createStudioJobBodySchema);

const FORM_FIELDS = [
  'prompt',
  'subject_refs',
  'style_ref',
  'aspect',
  'fps',
  'duration_seconds',
  'seed',
  'voice_id',
] as const;

const fieldClasses =
  'h-10 rounded-xl border border-zinc-300 bg-white px-3 text-sm dark:border-white/15 dark:bg-white/5';
const errorClasses = 'text-sm font-normal text-red-600 dark:text-red-400';

interface PromptStepProps {
  draft: StudioDraft;
  onDraftChange: (draft: StudioDraft) => void;
  voices: readonly VoiceOption[];
  /** A job is being generated: the form waits. */
  busy: boolean;
  /** A job exists already: generating again starts a new one. */
  hasJob: boolean;
  startError: unknown;
  startErrorText: string | null;
  onGenerate: (body: CreateStudioJobBody) => void;
}

/** Step 1: the prompt, the references and the settings; "Generate 4 Candidates" starts the job. */
export function PromptStep({
  draft,
  onDraftChange,
  voices,
  busy,
  hasJob,
  startError,
  startErrorText,
  onGenerate,
}: PromptStepProps) {
  const promptId = useId();
  const promptErrorId = useId();
  const refsErrorId = useId();
  const seedErrorId = useId();
  const durationErrorId = useId();
  const form = useForm<StudioDraft, unknown, CreateStudioJobBody>({
    resolver: zodResolver(studioFormSchema),
    defaultValues: draft,
  });
  const { register, handleSubmit, setValue, setError, clearErrors, formState, control } = form;
  const subjectRefs = useWatch({ control, name: 'subject_refs' });
  const styleRef = useWatch({ control, name: 'style_ref' });
  const upload = useUploadReferenceImages();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploadingFor, setUploadingFor] = useState<'subject' | 'style' | null>(null);

  // The draft is kept as the user types, so a reload or a trip to the library loses nothing.
  useEffect(() => {
    return form.subscribe({
      formState: { values: true },
      callback: ({ values }) => onDraftChange(values),
    });
  }, [form, onDraftChange]);

  // A 422 from the create call goes next to the field it names.
  useEffect(() => {
    if (startError) showServerFieldErrors(startError, FORM_FIELDS, setError);
  }, [startError, setError]);

  function checkFiles(files: readonly File[]): string | null {
    for (const file of files) {
      if (!(SIGNED_UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) {
        return uploadMessages.invalidFileType('JPEG, PNG, GIF, WebP');
      }
      if (file.size > UPLOAD_MAX_BYTES) return uploadMessages.fileSizeExceeds(UPLOAD_MAX_MB);
    }
    return null;
  }

  async function addFiles(event: ChangeEvent<HTMLInputElement>, kind: 'subject' | 'style') {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    setUploadError(null);
    const room = STUDIO_MAX_SUBJECT_REFS - subjectRefs.length;
    if (kind === 'subject' && files.length > room) {
      setUploadError(studioMessages.tooManySubjectRefs(STUDIO_MAX_SUBJECT_REFS));
      return;
    }
    const invalid = checkFiles(files);
    if (invalid) {
      setUploadError(invalid);
      return;
    }
    setUploadingFor(kind);
    try {
      const images = await upload.mutateAsync(files);
      const added: ReferenceImage[] = images.map((image) => ({
        gcs_uri: image.gcs_uri,
        url: image.signed_url,
        filename: image.metadata.original_filename,
      }));
      if (kind === 'subject') {
        setValue('subject_refs', withReferences(form.getValues('subject_refs'), added), {
          shouldDirty: true,
        });
      } else if (added[0]) {
        setValue('style_ref', added[0], { shouldDirty: true });
      }
      clearErrors('subject_refs');
    } catch (error) {
      setUploadError(uploadErrorMessage(error));
    } finally {
      setUploadingFor(null);
    }
  }

  const promptError = formState.errors.prompt?.message;
  const refsError = formState.errors.subject_refs?.message ?? formState.errors.style_ref?.message;
  const seedError = formState.errors.seed?.message;
  const durationError = formState.errors.duration_seconds?.message;
  const disabled = busy;

  return (
    <form
      noValidate
      aria-label="Prompt and references"
      onSubmit={(event) => void handleSubmit(onGenerate)(event)}
      className="flex flex-col gap-6"
    >
      <div className="flex flex-col gap-2">
        <label htmlFor={promptId} className="text-sm font-medium">
          Prompt
        </label>
        <textarea
          id={promptId}
          rows={5}
          disabled={disabled}
          aria-invalid={promptError ? true : undefined}
          aria-describedby={promptError ? promptErrorId : undefined}
          placeholder="Describe the scene: who is in it, where, the mood and the camera movement…"
          {...register('prompt')}
          className="w-full rounded-xl border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-white/15 dark:bg-white/5"
        />
        {promptError ? (
          <p id={promptErrorId} className={errorClasses}>
            {promptError}
          </p>
        ) : null}
      </div>

      <fieldset
        className="flex flex-col gap-3"
        aria-invalid={refsError ? true : undefined}
        aria-describedby={refsError ? refsErrorId : undefined}
      >
        <legend className="mb-1 text-sm font-medium">
          Subject references (up to {STUDIO_MAX_SUBJECT_REFS} photos)
        </legend>
        <ReferenceList
          label="Subject references"
          images={subjectRefs}
          disabled={disabled}
          onRemove={(gcsUri) =>
            setValue(
              'subject_refs',
              subjectRefs.filter((image) => image.gcs_uri !== gcsUri),
              { shouldDirty: true },
            )
          }
        />
        <div className="flex flex-wrap gap-2">
          <FileButton
            label="Upload subject photos"
            accept={SIGNED_UPLOAD_MIME_TYPES}
            multiple
            disabled={disabled || uploadingFor !== null || subjectRefs.length >= STUDIO_MAX_SUBJECT_REFS}
            busy={uploadingFor === 'subject'}
            onChange={(event) => void addFiles(event, 'subject')}
          />
          <Link
            to={`${paths.imageLibrary}?returnTo=ai-studio`}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            <Library aria-hidden="true" className="size-4" />
            From Library
          </Link>
        </div>
        {refsError ? (
          <p id={refsErrorId} className={errorClasses}>
            {refsError}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">Style reference (optional)</legend>
        <ReferenceList
          label="Style reference"
          images={styleRef ? [styleRef] : []}
          disabled={disabled}
          onRemove={() => setValue('style_ref', null, { shouldDirty: true })}
        />
        {styleRef ? null : (
          <div>
            <FileButton
              label="Upload style reference"
              accept={SIGNED_UPLOAD_MIME_TYPES}
              disabled={disabled || uploadingFor !== null}
              busy={uploadingFor === 'style'}
              onChange={(event) => void addFiles(event, 'style')}
            />
          </div>
        )}
      </fieldset>
      <FormMessage tone="error">{uploadError}</FormMessage>

      <div className="grid gap-4 sm:grid-cols-2">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Aspect ratio</legend>
          <div className="flex flex-wrap gap-2">
            {ASPECT_RATIOS.map((ratio) => (
              <label
                key={ratio}
                className="flex cursor-pointer items-center gap-2 rounded-xl border border-zinc-300 px-3 py-2 text-sm has-checked:border-violet-500 has-checked:bg-violet-50 dark:border-white/15 dark:has-checked:bg-violet-500/15"
              >
                <input type="radio" value={ratio} disabled={disabled} {...register('aspect')} />
                {ratio}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex flex-col gap-2 text-sm font-medium">
          Frame rate
          <select disabled={disabled} {...register('fps')} className={fieldClasses}>
            {STUDIO_FPS_OPTIONS.map((fps) => (
              <option key={fps} value={fps}>
                {fps} fps
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-2 text-sm font-medium">
          Duration (seconds)
          <input
            type="number"
            inputMode="numeric"
            min={STUDIO_DURATION_LIMITS_S.min}
            max={STUDIO_DURATION_LIMITS_S.max}
            disabled={disabled}
            aria-invalid={durationError ? true : undefined}
            aria-describedby={durationError ? durationErrorId : undefined}
            {...register('duration_seconds')}
            className={fieldClasses}
          />
          {durationError ? (
            <span id={durationErrorId} className={errorClasses}>
              {durationError}
            </span>
          ) : null}
        </label>
        <label className="flex flex-col gap-2 text-sm font-medium">
          Seed (optional)
          <input
            type="number"
            inputMode="numeric"
            min={SEED_MIN}
            max={SEED_MAX}
            placeholder="Random"
            disabled={disabled}
            aria-invalid={seedError ? true : undefined}
            aria-describedby={seedError ? seedErrorId : undefined}
            {...register('seed')}
            className={fieldClasses}
          />
          {seedError ? (
            <span id={seedErrorId} className={errorClasses}>
              {seedError}
            </span>
          ) : null}
        </label>
        <label className="flex flex-col gap-2 text-sm font-medium sm:col-span-2">
          Voice
          <select disabled={disabled} {...register('voice_id')} className={fieldClasses}>
            {groupVoices(voices).map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.voices.map((voice) => (
                  <option key={voice.id} value={voice.id}>
                    {voice.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
      </div>

      <FormMessage tone="error">{startErrorText}</FormMessage>
      {hasJob && !busy ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Candidates were generated for this workflow. Generating again starts a new set.
        </p>
      ) : null}
      <button
        type="submit"
        disabled={disabled || uploadingFor !== null}
        className={buttonClasses({ size: 'lg' })}
      >
        {busy ? <Spinner /> : <Sparkles aria-hidden="true" className="size-5" />}
        {busy ? 'Generating...' : `Generate ${STUDIO_CANDIDATE_COUNT} Candidates`}
      </button>
    </form>
  );
}
