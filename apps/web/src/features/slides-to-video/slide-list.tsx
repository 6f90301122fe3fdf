import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { SILENT_SLIDE_SECONDS, SLIDE_NARRATION_MAX_CHARS, type DeckSlide } from '@reelcraft/contract';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  GripVerticalIcon,
  MaximizeIcon,
  PauseIcon,
  Volume2Icon,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { iconButtonClasses } from '../../components/button-styles';
import { Spinner } from '../../components/spinner';
import { formatLength, slideSeconds, type SlideDraft, type SlidesFormValues } from './slide-plan';
import type { AudioPreview } from './use-audio-preview';

export interface SlideListProps {
  /** The field array's rows in the video's order; `id` is the row's stable key. */
  fields: readonly { id: string; index: number }[];
  /** The rows' current values (watched), in the same order. */
  drafts: readonly SlideDraft[];
  /** The deck's slides by their index. */
  slides: ReadonlyMap<number, DeckSlide>;
  register: UseFormRegister<SlidesFormValues>;
  move: (from: number, to: number) => void;
  disabled: boolean;
  preview: AudioPreview;
  onListen: (rowId: string, narration: string) => void;
  onEnlarge: (slide: DeckSlide) => void;
  /** Tells screen-reader users what just changed (a move by button). */
  announce: (message: string) => void;
}

const smallIconButton = `${iconButtonClasses} size-9 shrink-0 disabled:cursor-not-allowed disabled:opacity-40`;

/**
 * The deck's slides in the video's order. Reordered by dragging a slide's handle (mouse, touch, or the
 * keyboard: Space lifts it, the arrows move it, Space drops it) or by its Move up / Move down buttons.
 */
export function SlideList(props: SlideListProps) {
  const { fields, drafts, slides, move, announce } = props;
  const listRef = useRef<HTMLOListElement>(null);
  // A slide moved by its buttons keeps the focus on the button used (or on the other one at an end).
  const [refocus, setRefocus] = useState<{ rowId: string; direction: 'up' | 'down' } | null>(null);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  useEffect(() => {
    if (!refocus || !listRef.current) return;
    const row = Array.from(listRef.current.querySelectorAll<HTMLElement>('[data-row-id]')).find(
      (element) => element.dataset.rowId === refocus.rowId,
    );
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-move="${refocus.direction}"]`);
    const other = row?.querySelector<HTMLButtonElement>(
      `[data-move="${refocus.direction === 'up' ? 'down' : 'up'}"]`,
    );
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setRefocus(null);
  }, [refocus]);

  const positionOf = (id: UniqueIdentifier) => fields.findIndex((field) => field.id === id);
  const nameOf = (id: UniqueIdentifier) => {
    const field = fields.find((row) => row.id === id);
    return field ? `Slide ${field.index}` : 'The slide';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}, at position ${positionOf(active.id) + 1} of ${fields.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} is over position ${positionOf(over.id) + 1} of ${fields.length}.`
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at position ${positionOf(over.id) + 1} of ${fields.length}.`
        : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  function dragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = positionOf(active.id);
    const to = positionOf(over.id);
    if (from >= 0 && to >= 0) move(from, to);
  }

  function moveBy(position: number, step: -1 | 1) {
    const target = position + step;
    const field = fields[position];
    if (!field || target < 0 || target >= fields.length) return;
    move(position, target);
    setRefocus({ rowId: field.id, direction: step < 0 ? 'up' : 'down' });
    announce(`Slide ${field.index} moved to position ${target + 1} of ${fields.length}.`);
  }

  // Each kept slide's place in the video (1-based); null for one left out.
  const videoPositions = fields.map((_, position) =>
    drafts[position]?.kept ? drafts.slice(0, position + 1).filter((draft) => draft.kept).length : null,
  );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To reorder, press Space to lift the slide, use the arrow keys to move it, and press Space again to drop it, or Escape to cancel.',
        },
      }}
    >
      <SortableContext items={fields.map((field) => field.id)} strategy={verticalListSortingStrategy}>
        <ol ref={listRef} aria-label="Slides in video order" className="flex flex-col gap-3">
          {fields.map((field, position) => {
            const draft = drafts[position] ?? { index: field.index, narration: '', kept: true };
            const slide = slides.get(field.index);
            if (!slide) return null;
            return (
              <SortableSlide
                key={field.id}
                rowId={field.id}
                position={position}
                count={fields.length}
                videoPosition={videoPositions[position] ?? null}
                draft={draft}
                slide={slide}
                onMove={(step) => moveBy(position, step)}
                {...props}
              />
            );
          })}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

interface SortableSlideProps extends SlideListProps {
  rowId: string;
  position: number;
  count: number;
  /** Its place among the kept slides (1-based), or null when it is left out. */
  videoPosition: number | null;
  draft: SlideDraft;
  slide: DeckSlide;
  onMove: (step: -1 | 1) => void;
}

function SortableSlide({
  rowId,
  position,
  count,
  videoPosition,
  draft,
  slide,
  register,
  disabled,
  preview,
  onListen,
  onEnlarge,
  onMove,
}: SortableSlideProps) {
  const narrationId = useId();
  const counterId = useId();
  const lengthId = useId();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: rowId, disabled });
  const name = `slide ${slide.index}`;
  const kept = draft.kept;
  const silent = draft.narration.trim() === '';
  const listenKey = `slide:${rowId}`;
  const listening = preview.playing === listenKey;
  const preparing = preview.loading === listenKey;
  const failure = preview.failure?.key === listenKey ? preview.failure.message : null;

  return (
    <li
      ref={setNodeRef}
      data-row-id={rowId}
      aria-label={`Slide ${slide.index}${kept ? `, number ${videoPosition} in the video` : ', left out'}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`relative rounded-2xl border bg-white p-3 shadow-xs sm:p-4 dark:bg-zinc-900 ${
        isDragging
          ? 'z-10 border-violet-400 shadow-lg ring-2 ring-violet-400/40'
          : kept
            ? 'border-zinc-200 dark:border-white/10'
            : 'border-dashed border-zinc-300 bg-zinc-50 dark:border-white/15 dark:bg-white/[0.02]'
      }`}
    >
      <div className="flex items-center gap-1.5">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          disabled={disabled}
          aria-label={`Drag to reorder ${name}`}
          title="Drag to reorder"
          className={`${smallIconButton} -ml-1.5 cursor-grab touch-none active:cursor-grabbing`}
        >
          <GripVerticalIcon aria-hidden="true" className="size-4" />
        </button>
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
          <button
            type="button"
            data-move="up"
            disabled={disabled || position === 0}
            onClick={() => onMove(-1)}
            aria-label={`Move ${name} up`}
            title="Move up"
            className={smallIconButton}
          >
            <ArrowUpIcon aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            data-move="down"
            disabled={disabled || position === count - 1}
            onClick={() => onMove(1)}
            aria-label={`Move ${name} down`}
            title="Move down"
            className={smallIconButton}
          >
            <ArrowDownIcon aria-hidden="true" className="size-4" />
          </button>
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

      <div className={`mt-3 flex flex-col gap-3 sm:flex-row sm:gap-4 ${kept ? '' : 'opacity-60'}`}>
        <button
          type="button"
          onClick={() => onEnlarge(slide)}
          aria-label={`Enlarge ${name}`}
          className="group relative aspect-video w-full shrink-0 self-start overflow-hidden rounded-xl border border-zinc-200 bg-zinc-100 sm:w-48 dark:border-white/10 dark:bg-white/5"
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
                : `About ${formatLength(slideSeconds(draft.narration))} on screen`}
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
