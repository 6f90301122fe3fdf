import { SILENT_SLIDE_SECONDS, SLIDE_NARRATION_MAX_CHARS, type DeckSlide } from '@reelcraft/contract';
import { MaximizeIcon, PauseIcon, Volume2Icon } from 'lucide-react';
import { useId } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { SortableList, type SortableItem } from '../../components/sortable-list';
import { Spinner } from '../../components/spinner';
import { formatLength, type SlideDraft, type SlidesFormValues } from './slide-plan';
import type { AudioPreview } from './use-audio-preview';

export interface SlideListProps {
  /** The field array's rows in the video's order; `id` is the row's stable key. */
  fields: readonly { id: string; index: number }[];
  /** The rows' current values (watched), in the same order. */
  drafts: readonly SlideDraft[];
  /** The deck's slides by their index. */
  slides: ReadonlyMap<number, DeckSlide>;
  /** The seconds each kept slide is on screen (the server's estimate), by the slide's index. */
  seconds: ReadonlyMap<number, number>;
  register: UseFormRegister<SlidesFormValues>;
  move: (from: number, to: number) => void;
  disabled: boolean;
  preview: AudioPreview;
  onListen: (rowId: string, narration: string) => void;
  onEnlarge: (slide: DeckSlide) => void;
  /** Tells screen-reader users what just changed (a move by button). */
  announce: (message: string) => void;
}

/**
 * The deck's slides in the video's order. Reordered by dragging a slide's handle (mouse, touch, or the
 * keyboard: Space lifts it, the arrows move it, Space drops it) or by its Move up / Move down buttons.
 */
export function SlideList(props: SlideListProps) {
  const { fields, drafts, slides, move, disabled, announce } = props;
  // Each kept slide's place in the video (1-based); null for one left out.
  const videoPositions = fields.map((_, position) =>
    drafts[position]?.kept ? drafts.slice(0, position + 1).filter((draft) => draft.kept).length : null,
  );
  return (
    <SortableList
      items={fields}
      idOf={(field) => field.id}
      label="Slides in video order"
      noun="slide"
      nameOf={(field) => `slide ${field.index}`}
      onMove={move}
      announce={announce}
      disabled={disabled}
      className="flex flex-col gap-3"
      renderItem={(field, position, sortable) => {
        const draft = drafts[position] ?? { index: field.index, narration: '', kept: true };
        const slide = slides.get(field.index);
        if (!slide) return null;
        return (
          <SortableSlide
            rowId={field.id}
            position={position}
            videoPosition={videoPositions[position] ?? null}
            draft={draft}
            slide={slide}
            sortable={sortable}
            {...props}
          />
        );
      }}
    />
  );
}

interface SortableSlideProps extends SlideListProps {
  rowId: string;
  position: number;
  /** Its place among the kept slides (1-based), or null when it is left out. */
  videoPosition: number | null;
  draft: SlideDraft;
  slide: DeckSlide;
  sortable: SortableItem;
}

function SortableSlide({
  rowId,
  position,
  videoPosition,
  draft,
  slide,
  seconds,
  register,
  disabled,
  preview,
  onListen,
  onEnlarge,
  sortable,
}: SortableSlideProps) {
  const narrationId = useId();
  const counterId = useId();
  const lengthId = useId();
  const name = `slide ${slide.index}`;
  const kept = draft.kept;
  const silent = draft.narration.trim() === '';
  const onScreen = seconds.get(slide.index);
  const listenKey = `slide:${rowId}`;
  const listening = preview.playing === listenKey;
  const preparing = preview.loading === listenKey;
  const failure = preview.failure?.key === listenKey ? preview.failure.message : null;

  return (
    <li
      {...sortable.rootProps}
      aria-label={`Slide ${slide.index}${kept ? `, number ${videoPosition} in the video` : ', left out'}`}
      className={`@container relative rounded-2xl border bg-white p-3 shadow-xs sm:p-4 dark:bg-zinc-900 ${
        sortable.isDragging
          ? 'z-10 border-violet-400 shadow-lg ring-2 ring-violet-400/40'
          : kept
            ? 'border-zinc-200 dark:border-white/10'
            : 'border-dashed border-zinc-300 bg-zinc-50 dark:border-white/15 dark:bg-white/[0.02]'
      }`}
    >
      <div className="flex items-center gap-1.5">
        {sortable.handle}
        <span
          aria-hidden="true"
          className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold tabular-nums ${
            kept
              ? 'bg-violet-600 text-white dark:bg-violet-500'
              : 'bg-zinc-200 text-zinc-500 dark:bg-white/10 dark:text-zinc-400'
          }`}
        >
          {kept ? videoPosition : '–'}
        </span>
        <h3 className="min-w-0 truncate text-sm font-semibold">
          Slide {slide.index}
          {kept ? null : (
            <>
              {' '}
              <span className="font-normal text-zinc-500 dark:text-zinc-400">· left out</span>
            </>
          )}
        </h3>
        <span className="ml-auto flex shrink-0 items-center">
          {sortable.moveButtons}
          <label className="relative ml-1 inline-flex cursor-pointer items-center gap-2 rounded-full py-1 pr-1 pl-2 text-sm font-medium has-[:disabled]:cursor-not-allowed has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-violet-500">
            <input
              type="checkbox"
              role="switch"
              disabled={disabled}
              aria-label={`Keep ${name} in the video`}
              {...register(`slides.${position}.kept`)}
              // Over the whole label, invisible: a click or tap anywhere on it lands on the switch.
              className="peer absolute inset-0 size-full cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed"
            />
            <span className="pointer-events-none hidden sm:inline">Keep</span>
            <span
              aria-hidden="true"
              className="pointer-events-none relative inline-flex h-5 w-9 shrink-0 rounded-full bg-zinc-300 transition-colors peer-checked:bg-violet-600 after:absolute after:top-0.5 after:left-0.5 after:size-4 after:rounded-full after:bg-white after:shadow-sm after:transition-transform peer-checked:after:translate-x-4 dark:bg-white/20 dark:peer-checked:bg-violet-500"
            />
          </label>
        </span>
      </div>

      {/* The picture beside the narration where the card is wide enough for both (not beside the
          settings column on a small laptop, where the narration was a word wide). */}
      <div
        className={`mt-3 flex flex-col gap-3 @min-[34rem]:flex-row @min-[34rem]:gap-4 ${kept ? '' : 'opacity-60'}`}
      >
        <button
          type="button"
          onClick={() => onEnlarge(slide)}
          aria-label={`Enlarge ${name}`}
          className="group relative aspect-video w-full shrink-0 self-start overflow-hidden rounded-xl border border-zinc-200 bg-zinc-100 @min-[34rem]:w-48 dark:border-white/10 dark:bg-white/5"
        >
          <img
            src={slide.image_url}
            alt=""
            loading="lazy"
            decoding="async"
            className="size-full object-contain"
          />
          <span className="absolute right-1.5 bottom-1.5 flex size-7 items-center justify-center rounded-full bg-black/55 text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
            <MaximizeIcon aria-hidden="true" className="size-3.5" />
          </span>
        </button>

        <div className="flex min-w-0 flex-1 flex-col gap-2">
          {slide.text.trim() || slide.notes.trim() ? (
            <details className="group/text text-sm">
              <summary className="cursor-pointer text-xs font-medium text-zinc-600 select-none hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white">
                Slide text{slide.notes.trim() ? ' and speaker notes' : ''}
              </summary>
              <div className="mt-2 flex flex-col gap-2 rounded-xl bg-zinc-50 p-3 text-xs leading-5 text-zinc-700 dark:bg-white/5 dark:text-zinc-300">
                {slide.text.trim() ? <p className="break-words whitespace-pre-line">{slide.text}</p> : null}
                {slide.notes.trim() ? (
                  <p className="break-words whitespace-pre-line">
                    <span className="font-semibold">Notes: </span>
                    {slide.notes}
                  </p>
                ) : null}
              </div>
            </details>
          ) : null}

          <label htmlFor={narrationId} className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
            Narration<span className="sr-only"> for {name}</span>
          </label>
          <textarea
            id={narrationId}
            rows={3}
            maxLength={SLIDE_NARRATION_MAX_CHARS}
            disabled={disabled}
            placeholder={`No narration: the slide shows for ${SILENT_SLIDE_SECONDS} seconds.`}
            aria-describedby={`${lengthId} ${counterId}`}
            {...register(`slides.${position}.narration`)}
            className="w-full resize-y rounded-xl border border-zinc-300 bg-white px-3 py-2 text-base leading-6 sm:text-sm dark:border-white/15 dark:bg-white/5"
          />
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
            <span id={lengthId}>
              {silent
                ? `Silent: shown for ${SILENT_SLIDE_SECONDS} s`
                : onScreen !== undefined && draft.kept
                  ? `About ${formatLength(onScreen)} on screen`
                  : null}
            </span>
            <span className="flex items-center gap-2">
              <span id={counterId} className="tabular-nums">
                {draft.narration.length}/{SLIDE_NARRATION_MAX_CHARS}{' '}
                <span className="sr-only">characters</span>
              </span>
              <button
                type="button"
                disabled={silent}
                onClick={() => onListen(rowId, draft.narration)}
                aria-label={
                  listening ? `Stop the narration of ${name}` : `Listen to the narration of ${name}`
                }
                aria-pressed={listening}
                className="inline-flex h-8 items-center gap-1.5 rounded-full px-2.5 font-medium text-violet-700 hover:bg-violet-50 disabled:cursor-not-allowed disabled:opacity-40 dark:text-violet-300 dark:hover:bg-violet-500/10"
              >
                {preparing ? (
                  <Spinner className="size-3.5" />
                ) : listening ? (
                  <PauseIcon aria-hidden="true" className="size-3.5" />
                ) : (
                  <Volume2Icon aria-hidden="true" className="size-3.5" />
                )}
                {listening ? 'Stop' : 'Listen'}
              </button>
            </span>
          </div>
          {failure ? (
            <p role="alert" className="text-xs text-red-600 dark:text-red-400">
              {failure}
            </p>
          ) : null}
        </div>
      </div>
    </li>
  );
}
