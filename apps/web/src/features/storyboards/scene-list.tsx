import type { StoryboardScene } from '@reelcraft/contract';
import { SortableList } from '../../components/sortable-list';
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
  return (
    <SortableList
      items={scenes}
      idOf={(scene) => scene.id}
      label="Scenes in video order"
      noun="scene"
      onMove={onMove}
      announce={announce}
      className="flex min-w-0 flex-col gap-3"
      renderItem={(scene, position, sortable) => (
        <SceneCard
          {...shared}
          scene={scene}
          position={position}
          count={scenes.length}
          previewShape={previewShapes.get(scene.id) ?? null}
          changed={changedIds.has(scene.id)}
          errors={sceneErrors(errors, position)}
          sortable={sortable}
          onChange={(update, key) => onChange(scene.id, update, key)}
          onDuplicate={() => onDuplicate(scene.id)}
          onDelete={() => onDelete(scene.id)}
          onAddSubject={() => onAddSubject(scene.id)}
        />
      )}
    />
  );
}
