import {
  ASPECT_RATIOS,
  DEFAULT_ASPECT_RATIO,
  DEFAULT_VOICE_ID,
  voiceMessages,
  type Deck,
  type DeckSlide,
} from '@reelcraft/contract';
import { FileTextIcon, MusicIcon, TimerIcon } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { buttonClasses } from '../../components/button-styles';
import { Dialog } from '../../components/dialog';
import { FormMessage } from '../../components/form-message';
import { RatioFrame } from '../../components/generations';
import { OptionGroup, type Option } from '../../components/option-group';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/api-client';
import { FALLBACK_VOICES, useVoices } from '../../lib/voices';
import { usePreviewNarration } from './api/preview-narration';
import { SlideList } from './slide-list';
import { useSlidesEstimate } from './api/estimate-slides-video';
import { formatLength, previewText, slidesVideoBody, type SlidesFormValues } from './slide-plan';
import { useAudioPreview } from './use-audio-preview';
import { VoicePicker } from './voice-picker';

// The frame shows the shape; the names are short enough for three cards in the settings column.
const ratioOptions: Option<SlidesFormValues['aspect_ratio']>[] = ASPECT_RATIOS.map((value) => ({
  value,
  label: value,
  icon: <RatioFrame ratio={value} />,
}));

export const slidesFormDefaults: SlidesFormValues = {
  slides: [],
  voice_id: DEFAULT_VOICE_ID,
  aspect_ratio: DEFAULT_ASPECT_RATIO,
  music: true,
};

const PREVIEW_FAILED = 'The narration could not be played. Please try again.';

interface SlidesEditorProps {
  deck: Deck;
  form: UseFormReturn<SlidesFormValues>;
  busy: boolean;
  /** Why the last Generate was refused here (no slide kept). */
  submitError: string | null;
  onSubmit: (values: SlidesFormValues) => void;
  onNewDeck: () => void;
}

/**
 * The review of an imported deck: its slides in the video's order, each with its narration, and the
 * video's settings (voice, aspect, music), the estimated length and Generate.
 */
export function SlidesEditor({ deck, form, busy, submitError, onSubmit, onNewDeck }: SlidesEditorProps) {
  const slidesHeadingId = useId();
  const settingsHeadingId = useId();
  const musicId = useId();
  const { control, register, handleSubmit, setValue, getValues } = form;
  const { fields, move } = useFieldArray({ control, name: 'slides' });
  const drafts = useWatch({ control, name: 'slides' });
  const voiceId = useWatch({ control, name: 'voice_id' });
  const aspectRatio = useWatch({ control, name: 'aspect_ratio' });
  const music = useWatch({ control, name: 'music' });
  const [announcement, setAnnouncement] = useState('');
  const [enlarged, setEnlarged] = useState<DeckSlide | null>(null);

  const voices = useVoices();
  const voiceList = useMemo(
    () => voices.data ?? (voices.isError ? FALLBACK_VOICES : []),
    [voices.data, voices.isError],
  );
  // The default voice may not be offered here (another speech provider): the first one is chosen then.
  useEffect(() => {
    if (voiceList.length === 0 || voiceList.some((voice) => voice.id === getValues('voice_id'))) return;
    const fallback = voiceList.find((voice) => voice.id === DEFAULT_VOICE_ID) ?? voiceList[0];
    if (fallback) setValue('voice_id', fallback.id);
  }, [voiceList, getValues, setValue]);

  const narrationPreview = usePreviewNarration();
  const describePreviewError = useCallback(
    (error: unknown) => errorMessage(error, { fallback: PREVIEW_FAILED }),
    [],
  );
  const preview = useAudioPreview(describePreviewError);
  const { stop: stopPreview } = preview;
  // A preview must not go on under the progress overlay.
  useEffect(() => {
    if (busy) stopPreview();
  }, [busy, stopPreview]);

  const slidesByIndex = useMemo(
    () => new Map(deck.slides.map((slide) => [slide.index, slide])),
    [deck.slides],
  );
  const current = drafts ?? [];
  const kept = current.filter((slide) => slide.kept);
  const narrated = kept.filter((slide) => slide.narration.trim() !== '').length;
  // The length is the server's: the same scenes and voice the render uses (issue 36 item 9).
  const estimate = useSlidesEstimate(
    kept.length > 0
      ? slidesVideoBody(deck.deck_id, {
          slides: current,
          voice_id: voiceId,
          aspect_ratio: aspectRatio,
          music,
        })
      : null,
  );
  const slideSeconds = useMemo(
    () => new Map(estimate.data?.slides.map((slide) => [slide.index, slide.duration_seconds])),
    [estimate.data],
  );
  const lengthText =
    kept.length === 0
      ? formatLength(0)
      : estimate.data
        ? formatLength(estimate.data.duration_seconds)
        : estimate.isError
          ? 'not known'
          : 'working it out…';

  return (
    <form
      noValidate
      aria-label="Slides video"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_21rem] lg:items-start xl:grid-cols-[minmax(0,1fr)_27rem]"
    >
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <section aria-labelledby={slidesHeadingId} className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-zinc-200 bg-white p-3 dark:border-white/10 dark:bg-white/[0.03]">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-violet-100 text-violet-700 dark:bg-violet-500/15 dark:text-violet-300">
            <FileTextIcon aria-hidden="true" className="size-5" />
          </span>
          {/* Wide enough for a readable name: on a phone the button goes to the next line instead. */}
          <div className="min-w-[min(100%,12rem)] flex-1 basis-0">
            <p className="truncate text-sm font-medium" title={deck.filename}>
              {deck.filename}
            </p>
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              {deck.format.toUpperCase()} · {deck.slides.length}{' '}
              {deck.slides.length === 1 ? 'slide' : 'slides'}
            </p>
          </div>
          <button
            type="button"
            disabled={busy}
            onClick={onNewDeck}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            Choose another deck
          </button>
        </div>
        <div className="flex flex-col gap-1">
          <h2 id={slidesHeadingId} className="text-lg font-semibold">
            Slides
          </h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Edit what the voice says on each slide, leave out the ones you do not need, and drag them into the
            order you want.
          </p>
        </div>
        <SlideList
          fields={fields}
          drafts={current}
          slides={slidesByIndex}
          seconds={slideSeconds}
          register={register}
          move={move}
          disabled={busy}
          preview={preview}
          onListen={(rowId, narration) =>
            preview.toggle(`slide:${rowId}`, async () => {
              const answer = await narrationPreview.mutateAsync({
                voiceId: getValues('voice_id'),
                text: previewText(narration),
              });
              return answer.audio_url;
            })
          }
          onEnlarge={setEnlarged}
          announce={setAnnouncement}
        />
      </section>

      <section
        aria-labelledby={settingsHeadingId}
        // Kept in view beside the slides where the voices fit two a row (xl); on a short window it
        // scrolls on its own, "Your voices" at its top.
        className="flex min-w-0 flex-col gap-5 rounded-2xl border border-zinc-200 bg-white p-4 sm:p-5 xl:sticky xl:top-6 xl:max-h-[calc(100dvh-3rem)] xl:overflow-y-auto dark:border-white/10 dark:bg-white/[0.03]"
      >
        <h2 id={settingsHeadingId} className="text-lg font-semibold">
          Video settings
        </h2>
        <VoicePicker
          voices={voiceList}
          value={voiceId}
          onChange={(id) => setValue('voice_id', id)}
          loading={voices.isLoading}
          warning={voices.isError ? voiceMessages.loadFailed : null}
          disabled={busy}
          preview={preview}
        />
        <Controller
          control={control}
          name="aspect_ratio"
          render={({ field }) => (
            <OptionGroup
              legend="Aspect ratio"
              options={ratioOptions}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={busy}
            />
          )}
        />
        <div className="flex items-center justify-between gap-3">
          <label htmlFor={musicId} className="flex min-w-0 items-center gap-2 text-sm font-medium">
            <MusicIcon aria-hidden="true" className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
            <span>
              Background music
              <span className="block text-xs font-normal text-zinc-500 dark:text-zinc-400">
                Quiet under the voice
              </span>
            </span>
          </label>
          <span className="relative inline-flex shrink-0">
            <input
              id={musicId}
              type="checkbox"
              role="switch"
              disabled={busy}
              {...register('music')}
              className="peer absolute inset-0 size-full cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed"
            />
            <span
              aria-hidden="true"
              className="pointer-events-none relative inline-flex h-6 w-11 rounded-full bg-zinc-300 transition-colors peer-checked:bg-violet-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-violet-500 after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow-sm after:transition-transform peer-checked:after:translate-x-5 dark:bg-white/20 dark:peer-checked:bg-violet-500"
            />
          </span>
        </div>

        <div
          data-testid="slides-estimate"
          aria-busy={estimate.isFetching}
          className="flex items-start gap-3 rounded-xl bg-zinc-50 p-3 text-sm dark:bg-white/5"
        >
          <TimerIcon
            aria-hidden="true"
            className="mt-0.5 size-4 shrink-0 text-violet-600 dark:text-violet-300"
          />
          <p className="flex flex-col">
            <span>
              Estimated length: <span className="font-semibold tabular-nums">{lengthText}</span>
            </span>
            <span className="text-xs text-zinc-500 dark:text-zinc-400">
              {kept.length} of {current.length} slides kept · {narrated} narrated
            </span>
          </p>
        </div>

        <FormMessage tone="error">{submitError}</FormMessage>
        <button type="submit" disabled={busy} className={buttonClasses({ size: 'lg' })}>
          {busy ? <Spinner /> : null}
          {busy ? 'Generating...' : 'Generate Video'}
        </button>
        <p className="-mt-2 text-center text-xs text-zinc-500 dark:text-zinc-400">
          Uses one video of your plan.
        </p>
      </section>

      <Dialog
        open={enlarged !== null}
        onClose={() => setEnlarged(null)}
        title={enlarged ? `Slide ${enlarged.index}` : 'Slide'}
        size="lg"
      >
        {enlarged ? (
          <img
            src={enlarged.image_url}
            alt={
              enlarged.text.trim()
                ? `Slide ${enlarged.index}: ${enlarged.text.trim().slice(0, 200)}`
                : `Slide ${enlarged.index}`
            }
            className="mt-2 w-full rounded-xl border border-zinc-200 dark:border-white/10"
          />
        ) : null}
      </Dialog>
    </form>
  );
}
