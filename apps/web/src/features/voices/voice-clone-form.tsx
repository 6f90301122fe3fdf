import { zodResolver } from '@hookform/resolvers/zod';
import type { VoiceClone } from '@reelcraft/contract';
import { AudioLines } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { buttonClasses } from '../../components/button-styles';
import { FormMessage } from '../../components/form-message';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { useCreateVoiceClone } from './api/create-voice-clone';
import { cloneErrorMessage } from './api/voice-errors';
import { SampleInput } from './sample-input';

// Ours: the spec has no texts for the clone form's own checks.
const NAME_REQUIRED = 'Please give your voice a name.';
const SAMPLE_REQUIRED = 'Record or upload a sample of your voice first.';
const ACCENT_MAX_CHARS = 100;

/** The contract's limits, with words for people; the accent becomes the clone's `accent` label. */
const cloneFormSchema = z.object({
  name: z.string().trim().min(1, NAME_REQUIRED).max(100, 'Keep the name under 100 characters.'),
  description: z.string().trim().max(500, 'Keep the description under 500 characters.'),
  accent: z.string().trim().max(ACCENT_MAX_CHARS, `Keep the accent under ${ACCENT_MAX_CHARS} characters.`),
});
type CloneFormValues = z.infer<typeof cloneFormSchema>;

/**
 * Step by step: a sample (recorded or uploaded), a name, an optional description and accent, then
 * Create clone. The call measures the sample (a few seconds): the button says so meanwhile.
 */
export function VoiceCloneForm({ onCreated }: { onCreated: (clone: VoiceClone) => void }) {
  const create = useCreateVoiceClone();
  const [sample, setSample] = useState<File | null>(null);
  const [sampleError, setSampleError] = useState<string | null>(null);
  const [created, setCreated] = useState<VoiceClone | null>(null);
  const form = useForm<CloneFormValues>({
    resolver: zodResolver(cloneFormSchema),
    defaultValues: { name: '', description: '', accent: '' },
  });
  const { register, handleSubmit, formState, reset } = form;
  const busy = create.isPending;

  function submit(values: CloneFormValues) {
    setCreated(null);
    if (!sample) {
      setSampleError(SAMPLE_REQUIRED);
      return;
    }
    create.mutate(
      { ...values, sample },
      {
        onSuccess: (clone) => {
          setCreated(clone);
          setSample(null);
          reset();
          onCreated(clone);
        },
      },
    );
  }

  return (
    <form
      noValidate
      aria-label="New voice clone"
      aria-busy={busy || undefined}
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="flex flex-col gap-5"
    >
      <SampleInput
        sample={sample}
        disabled={busy}
        error={sampleError}
        onSample={(file) => {
          setSample(file);
          setSampleError(null);
          create.reset();
        }}
      />
      <TextField
        label="Name"
        placeholder="My narrator voice"
        autoComplete="off"
        maxLength={100}
        disabled={busy}
        error={formState.errors.name?.message}
        {...register('name')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Description (optional)"
          placeholder="Warm and calm"
          autoComplete="off"
          disabled={busy}
          error={formState.errors.description?.message}
          {...register('description')}
        />
        <TextField
          label="Accent (optional)"
          placeholder="British"
          autoComplete="off"
          disabled={busy}
          error={formState.errors.accent?.message}
          {...register('accent')}
        />
      </div>

      <FormMessage tone="error">{create.isError ? cloneErrorMessage(create.error) : null}</FormMessage>
      <FormMessage tone="success">
        {created && !busy ? `Your voice "${created.name}" is ready. Hear it below.` : null}
      </FormMessage>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} className={buttonClasses()}>
          {busy ? <Spinner /> : <AudioLines aria-hidden="true" className="size-4" />}
          {busy ? 'Creating clone…' : 'Create clone'}
        </button>
        {busy ? (
          <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
            Measuring your voice from the sample. This takes a few seconds.
          </p>
        ) : null}
      </div>
    </form>
  );
}
