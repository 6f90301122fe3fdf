import { useEffect, useId, useMemo, useRef, type ChangeEvent } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { CreateVideoFormInput, CreateVideoFormValues } from './create-video-form';

type CreateVideoForm = UseFormReturn<CreateVideoFormInput, unknown, CreateVideoFormValues>;
type FileFieldName = 'last_frame_image' | 'voice_sample_file';

/** A picked file kept in the form: checked as soon as it is picked, its error shown under it. */
function useFileField(form: CreateVideoForm, name: FileFieldName) {
  const errorId = useId();
  const file = useWatch({ control: form.control, name });
  const error = form.formState.errors[name]?.message;
  return {
    file: file instanceof File ? file : null,
    error,
    errorId,
    inputProps: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId : undefined,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const picked = event.target.files?.[0];
        event.target.value = '';
        if (picked) form.setValue(name, picked, { shouldValidate: true });
      },
    },
    remove: () => form.setValue(name, null, { shouldValidate: true }),
  };
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="text-red-600 dark:text-red-400">
      {error}
    </p>
  ) : null;
}

export function LastFrameField({ form }: { form: CreateVideoForm }) {
  const field = useFileField(form, 'last_frame_image');
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label className="font-medium">
        Last frame image (optional)
        <input
          type="file"
          accept=".png,.jpg,.jpeg,.gif,.bmp"
          className="mt-1 block text-xs"
          {...field.inputProps}
        />
      </label>
      {field.file ? (
        <span className="flex items-center gap-2 text-xs">
          {field.file.name}
          <button type="button" className="underline" onClick={field.remove}>
            Remove last frame
          </button>
        </span>
      ) : null}
      <FieldError id={field.errorId} error={field.error} />
    </div>
  );
}

export function VoiceSampleField({ form }: { form: CreateVideoForm }) {
  const field = useFileField(form, 'voice_sample_file');
  const audio = useRef<HTMLAudioElement | null>(null);
  const voice = field.error ? null : field.file;
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
          {...field.inputProps}
        />
      </label>
      {field.file ? (
        <span className="flex items-center gap-2 text-xs">
          {field.file.name}
          {url ? <audio ref={audio} src={url} /> : null}
          {url ? (
            <button
              type="button"
              className="underline"
              onClick={() => void audio.current?.play().catch(() => undefined)}
            >
              Play voice sample
            </button>
          ) : null}
          <button type="button" className="underline" onClick={field.remove}>
            Remove voice sample
          </button>
        </span>
      ) : null}
      <FieldError id={field.errorId} error={field.error} />
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        Voice cloning tips: record 30-60 seconds of clear speech in a quiet room, one speaker, no music.
      </p>
    </div>
  );
}
