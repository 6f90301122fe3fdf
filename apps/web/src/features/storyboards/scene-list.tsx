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
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { StoryboardScene } from '@reelcraft/contract';
import { useEffect, useRef, useState } from 'react';
import { SceneCard, type SceneCardProps } from './scene-card';
import { sceneErrors, type FieldErrors } from './storyboard-validation';

type SharedCardProps = Pick<SceneCardProps, 'storyboardId' | 'aspectRatio' | 'imageUrlOf' | 'canAdd'>;

export interface SceneListProps extends SharedCardProps {
  scenes: readonly StoryboardScene[];
  errors: FieldErrors;
  /** The still's shape of each saved scene, by id. */
  previewShapes: ReadonlyMap<string, string>;
  /** The ids of scenes that differ from their saved version. */
  changedIds: ReadonlySet<string>;
  onChange: (sceneId: string, ...update: Parameters<SceneCardProps['onChange']>) => void;
  onMove: (from: number, to: number) => void;
  onDuplicate: (sceneId: string) => void;
  onDelete: (sceneId: string) => void;
  onAddSubject: (sceneId: string) => void;
  /** Tells screen-reader users what just changed (a move by button). */
  announce: (message: string) => void;
}

/**
 * The scenes in the video's order. Reordered by dragging a scene's handle (mouse, touch, or the
 * keyboard: Space lifts it, the arrows move it, Space drops it) or by its Move up / Move down buttons.
 */
export function SceneList({
  scenes,
  errors,
  previewShapes,
  changedIds,
  onChange,
  onMove,
  onDuplicate,
  onDelete,
  onAddSubject,
  announce,
  ...shared
}: SceneListProps) {
  const listRef = useRef<HTMLOListElement>(null);
  // A scene moved by its buttons keeps the focus on the button used (or on the other one at an end).
  const [refocus, setRefocus] = useState<{ sceneId: string; direction: 'up' | 'down' } | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  useEffect(() => {
    if (!refocus || !listRef.current) return;
    const row = Array.from(listRef.current.querySelectorAll<HTMLElement>('[data-scene-id]')).find(
      (element) => element.dataset.sceneId === refocus.sceneId,
    );
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-move="${refocus.direction}"]`);
    const other = row?.querySelector<HTMLButtonElement>(
      `[data-move="${refocus.direction === 'up' ? 'down' : 'up'}"]`,
    );
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setRefocus(null);
  }, [refocus]);

  const positionOf = (id: UniqueIdentifier) => scenes.findIndex((scene) => scene.id === id);
  const nameOf = (id: UniqueIdentifier) => `Scene ${positionOf(id) + 1}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)} of ${scenes.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} is over position ${positionOf(over.id) + 1} of ${scenes.length}.`
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `Scene dropped at position ${positionOf(over.id) + 1} of ${scenes.length}.`
        : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  function dragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = positionOf(active.id);
    const to = positionOf(over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  }

  function moveBy(position: number, step: -1 | 1) {
    const target = position + step;
    const scene = scenes[position];
    if (!scene || target < 0 || target >= scenes.length) return;
    onMove(position, target);
    setRefocus({ sceneId: scene.id, direction: step < 0 ? 'up' : 'down' });
    announce(`Scene ${position + 1} moved to position ${target + 1} of ${scenes.length}.`);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To reorder, press Space to lift the scene, use the arrow keys to move it, and press Space again to drop it, or Escape to cancel.',
        },
      }}
    >
      <SortableContext items={scenes.map((scene) => scene.id)} strategy={verticalListSortingStrategy}>
        <ol ref={listRef} aria-label="Scenes in video order" className="flex min-w-0 flex-col gap-3">
          {scenes.map((scene, position) => (
            <SceneCard
              key={scene.id}
              {...shared}
              scene={scene}
              position={position}
              count={scenes.length}
              previewShape={previewShapes.get(scene.id) ?? null}
              changed={changedIds.has(scene.id)}
              errors={sceneErrors(errors, position)}
              onChange={(update, key) => onChange(scene.id, update, key)}
              onMove={(step) => moveBy(position, step)}
              onDuplicate={() => onDuplicate(scene.id)}
              onDelete={() => onDelete(scene.id)}
              onAddSubject={() => onAddSubject(scene.id)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
