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
import { ArrowDownIcon, ArrowUpIcon, GripVerticalIcon } from 'lucide-react';
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { iconButtonClasses } from './button-styles';

type Direction = 'up' | 'down';

/** What a sortable list hands each item to draw itself with. */
export interface SortableItem {
  /** Spread on the item's root element: the node that is dragged, and where it is while it moves. */
  rootProps: { ref: (element: HTMLElement | null) => void; style: CSSProperties };
  /** The item is being dragged (it is drawn lifted). */
  isDragging: boolean;
  /** The drag handle: mouse, touch, or the keyboard (Space lifts, the arrows move, Space drops). */
  handle: ReactNode;
  /** The Move up and Move down buttons. */
  moveButtons: ReactNode;
}

export interface SortableListProps<Item> {
  items: readonly Item[];
  /** An item's stable key. */
  idOf: (item: Item) => string;
  /** The list's accessible name ("Slides in video order"). */
  label: string;
  /** What one item is ("slide"): the drag instructions and the announcements say it. */
  noun: string;
  /**
   * An item's own name within a sentence ("slide 3"). Without one, an item is named by its place
   * ("scene 2"), and a dropped one by the noun alone, since its name changes with its place.
   */
  nameOf?: (item: Item) => string;
  onMove: (from: number, to: number) => void;
  /** Tells screen-reader users what a move by button did (drags announce themselves). */
  announce: (message: string) => void;
  disabled?: boolean;
  /** The list's classes (layout). */
  className?: string;
  renderItem: (item: Item, position: number, sortable: SortableItem) => ReactNode;
}

const smallIconButton = `${iconButtonClasses} size-9 shrink-0 disabled:cursor-not-allowed disabled:opacity-40`;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * An ordered list the user reorders: by dragging an item's handle (mouse, touch, or the keyboard:
 * Space lifts it, the arrows move it, Space drops it, each step announced) or by its Move up / Move
 * down buttons, after which the focus stays on the button used (or on the other one at an end).
 */
export function SortableList<Item>({
  items,
  idOf,
  label,
  noun,
  nameOf,
  onMove,
  announce,
  disabled = false,
  className,
  renderItem,
}: SortableListProps<Item>) {
  const [refocus, setRefocus] = useState<{ id: string; direction: Direction } | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const count = items.length;
  const positionOf = (id: UniqueIdentifier) => items.findIndex((item) => idOf(item) === id);
  const nameAt = (position: number) => {
    const item = items[position];
    if (item === undefined) return `the ${noun}`;
    return nameOf ? nameOf(item) : `${noun} ${position + 1}`;
  };
  const spokenName = (id: UniqueIdentifier) => capitalise(nameAt(positionOf(id)));
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      nameOf
        ? `Picked up ${spokenName(active.id)}, at position ${positionOf(active.id) + 1} of ${count}.`
        : `Picked up ${spokenName(active.id)} of ${count}.`,
    onDragOver: ({ active, over }) =>
      over ? `${spokenName(active.id)} is over position ${positionOf(over.id) + 1} of ${count}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf ? spokenName(active.id) : capitalise(noun)} dropped at position ${positionOf(over.id) + 1} of ${count}.`
        : `${spokenName(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${spokenName(active.id)} was cancelled.`,
  };

  function dragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = positionOf(active.id);
    const to = positionOf(over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  }

  function moveBy(position: number, step: -1 | 1) {
    const target = position + step;
    const item = items[position];
    if (item === undefined || target < 0 || target >= count) return;
    onMove(position, target);
    setRefocus({ id: idOf(item), direction: step < 0 ? 'up' : 'down' });
    announce(`${capitalise(nameAt(position))} moved to position ${target + 1} of ${count}.`);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: `To reorder, press Space to lift the ${noun}, use the arrow keys to move it, and press Space again to drop it, or Escape to cancel.`,
        },
      }}
    >
      <SortableContext items={items.map(idOf)} strategy={verticalListSortingStrategy}>
        <ol aria-label={label} className={className}>
          {items.map((item, position) => {
            const id = idOf(item);
            return (
              <SortableRow
                key={id}
                id={id}
                name={nameAt(position)}
                first={position === 0}
                last={position === count - 1}
                disabled={disabled}
                refocus={refocus?.id === id ? refocus.direction : null}
                onRefocused={() => setRefocus(null)}
                onMove={(step) => moveBy(position, step)}
              >
                {(sortable) => renderItem(item, position, sortable)}
              </SortableRow>
            );
          })}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

/** One item's drag and move controls; it draws itself through `children`. */
function SortableRow({
  id,
  name,
  first,
  last,
  disabled,
  refocus,
  onRefocused,
  onMove,
  children,
}: {
  id: string;
  /** The item's name within a sentence ("slide 3"), for the controls' labels. */
  name: string;
  first: boolean;
  last: boolean;
  disabled: boolean;
  /** The move button to focus after a move by button (the other one when it is off at an end). */
  refocus: Direction | null;
  onRefocused: () => void;
  onMove: (step: -1 | 1) => void;
  children: (sortable: SortableItem) => ReactNode;
}) {
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, disabled });

  useEffect(() => {
    if (!refocus) return;
    const [wanted, other] =
      refocus === 'up' ? [upRef.current, downRef.current] : [downRef.current, upRef.current];
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    onRefocused();
  }, [refocus, onRefocused]);

  return children({
    rootProps: { ref: setNodeRef, style: { transform: CSS.Translate.toString(transform), transition } },
    isDragging,
    handle: (
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
    ),
    moveButtons: (
      <>
        <button
          type="button"
          ref={upRef}
          disabled={disabled || first}
          onClick={() => onMove(-1)}
          aria-label={`Move ${name} up`}
          title="Move up"
          className={smallIconButton}
        >
          <ArrowUpIcon aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          ref={downRef}
          disabled={disabled || last}
          onClick={() => onMove(1)}
          aria-label={`Move ${name} down`}
          title="Move down"
          className={smallIconButton}
        >
          <ArrowDownIcon aria-hidden="true" className="size-4" />
        </button>
      </>
    ),
  });
}
