import {
  ASPECT_RATIOS,
  DEFAULT_ASPECT_RATIO,
  IMAGE_VIDEO_DURATIONS_S,
  IMAGE_VIDEO_MODES,
  IMAGE_VIDEO_QUALITIES,
  SEED_MAX,
  SEED_MIN,
  type ImageVideoSettings,
} from '@reelcraft/contract';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { CreateVideoFormInput, CreateVideoFormValues } from './create-video-form';
import { LastFrameField, VoiceSampleField } from './optional-file-fields';

const QUALITY_LABELS: Record<ImageVideoSettings['quality'], string> = {
  standard: 'Standard (Recommended)',
  hd: 'HD',
  '4k': '4K',
};
const MODE_LABELS: Record<ImageVideoSettings['mode'], string> = {
  cinematic: 'Cinematic — smooth transitions',
  dynamic: 'Dynamic — energetic effects',
};

const fieldClasses =
  'h-10 rounded-xl border border-zinc-300 bg-white px-3 text-sm dark:border-white/15 dark:bg-white/5';

/** Quality, mode, aspect ratio, duration, seed, and the optional last frame and voice sample. */
export function VideoSettingsSection({
  form,
}: {
  form: UseFormReturn<CreateVideoFormInput, unknown, CreateVideoFormValues>;
}) {
  const seedErrorId = useId();
  const { register } = form;
  const seedError = form.formState.errors.seed?.message;
  return (
    <section aria-label="Settings" className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <fieldset className="flex flex-col gap-1 text-sm">
        <legend className="mb-1 font-medium">Quality</legend>
        {IMAGE_VIDEO_QUALITIES.map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input type="radio" value={value} {...register('quality')} />
            {QUALITY_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-1 text-sm">
        <legend className="mb-1 font-medium">Mode</legend>
        {IMAGE_VIDEO_MODES.map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input type="radio" value={value} {...register('mode')} />
            {MODE_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-1 text-sm">
        <legend className="mb-1 font-medium">Aspect ratio</legend>
        {ASPECT_RATIOS.map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input type="radio" value={value} {...register('aspect_ratio')} />
            {value === DEFAULT_ASPECT_RATIO ? `${value} ★ Recommended` : value}
          </label>
        ))}
      </fieldset>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Duration
        <select {...register('duration', { valueAsNumber: true })} className={fieldClasses}>
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
          aria-invalid={seedError ? true : undefined}
          aria-describedby={seedError ? seedErrorId : undefined}
          {...register('seed')}
          className={fieldClasses}
        />
        {seedError ? (
          <span id={seedErrorId} className="font-normal text-red-600 dark:text-red-400">
            {seedError}
          </span>
        ) : null}
      </label>
      <LastFrameField form={form} />
      <VoiceSampleField form={form} />
    </section>
  );
}
