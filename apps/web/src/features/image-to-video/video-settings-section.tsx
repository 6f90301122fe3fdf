import {
  ASPECT_RATIOS,
  DEFAULT_ASPECT_RATIO,
  DEFAULT_IMAGE_VIDEO_QUALITY,
  IMAGE_VIDEO_DURATIONS_S,
  IMAGE_VIDEO_MODES,
  IMAGE_VIDEO_QUALITIES,
  type ImageVideoSettings,
} from '@reelcraft/contract';
import { StarIcon } from 'lucide-react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { RatioFrame, SeedField } from '../../components/generations';
import { OptionGroup, type Option } from '../../components/option-group';
import { inputClasses } from '../../components/text-field';
import type { CreateVideoFormInput, CreateVideoFormValues } from './create-video-form';
import { LastFrameField, VoiceSampleField } from './optional-file-fields';

type CreateVideoForm = UseFormReturn<CreateVideoFormInput, unknown, CreateVideoFormValues>;

/**
 * The star of the recommended choice (spec 001: "recommended one starred"), with the word where the
 * card has room for it (a phone's three cards a row have not): the word stays in the accessible name.
 */
const recommended = (
  <span
    title="Recommended"
    className="inline-flex items-center gap-0.5 rounded-full bg-violet-600 px-1 py-px text-[10px] leading-4 font-semibold text-white @min-[6rem]:px-1.5"
  >
    <StarIcon aria-hidden="true" className="size-3 fill-current" />
    <span className="sr-only @min-[6rem]:not-sr-only">Recommended</span>
  </span>
);

const QUALITY_LABELS: Record<ImageVideoSettings['quality'], string> = {
  standard: 'Standard',
  hd: 'HD',
  '4k': '4K',
};
const qualityOptions: Option<ImageVideoSettings['quality']>[] = IMAGE_VIDEO_QUALITIES.map((value) => ({
  value,
  label: QUALITY_LABELS[value],
  badge: value === DEFAULT_IMAGE_VIDEO_QUALITY ? recommended : undefined,
}));

const modeOptions: Option<ImageVideoSettings['mode']>[] = IMAGE_VIDEO_MODES.map((value) => ({
  value,
  label: value === 'cinematic' ? 'Cinematic' : 'Dynamic',
  description: value === 'cinematic' ? 'smooth transitions' : 'energetic effects',
}));

const ratioOptions: Option<ImageVideoSettings['aspect_ratio']>[] = ASPECT_RATIOS.map((value) => ({
  value,
  label: value,
  icon: <RatioFrame ratio={value} />,
  badge: value === DEFAULT_ASPECT_RATIO ? recommended : undefined,
}));

const durationOptions: Option<ImageVideoSettings['duration']>[] = IMAGE_VIDEO_DURATIONS_S.map((seconds) => ({
  value: seconds,
  label: `${seconds} seconds`,
}));

/** One setting as option cards, bound to its form field. */
function SettingOptions<Name extends 'quality' | 'mode' | 'aspect_ratio' | 'duration'>({
  form,
  name,
  legend,
  options,
  columns,
}: {
  form: CreateVideoForm;
  name: Name;
  legend: string;
  options: readonly Option<ImageVideoSettings[Name]>[];
  columns?: 2 | 3;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <OptionGroup
          legend={legend}
          options={options}
          value={field.value as ImageVideoSettings[Name]}
          onChange={field.onChange}
          onBlur={field.onBlur}
          columns={columns}
        />
      )}
    />
  );
}

/** Quality, mode, aspect ratio, duration, seed, and the optional last frame and voice sample. */
export function VideoSettingsSection({ form }: { form: CreateVideoForm }) {
  return (
    <section aria-label="Settings" className="grid grid-cols-1 gap-x-6 gap-y-5 sm:grid-cols-2">
      <SettingOptions form={form} name="quality" legend="Quality" options={qualityOptions} />
      <SettingOptions form={form} name="mode" legend="Mode" options={modeOptions} columns={2} />
      <SettingOptions form={form} name="aspect_ratio" legend="Aspect ratio" options={ratioOptions} />
      <SettingOptions form={form} name="duration" legend="Duration" options={durationOptions} columns={2} />
      <SeedField
        registration={form.register('seed')}
        error={form.formState.errors.seed?.message}
        inputClassName={inputClasses}
      />
      <LastFrameField form={form} />
      <VoiceSampleField form={form} />
    </section>
  );
}
