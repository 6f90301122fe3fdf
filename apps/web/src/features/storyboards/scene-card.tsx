import {
  API_BASE_PATH,
  buildCallPath,
  CAMERA_MOVES,
  estimateNarrationSeconds,
  getIllustrationImage,
  SCENE_ACTIONS,
  SCENE_SETTINGS,
  SCENE_TRANSITIONS,
  STORYBOARD_LIMITS,
  storyboardMessages,
  TIMES_OF_DAY,
  WEATHERS,
  type SceneSubject,
  type SceneVisual,
  type StoryboardScene,
} from '@reelcraft/contract';
import { CopyIcon, ImageIcon, PlusIcon, Trash2Icon, XIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { iconButtonClasses } from '../../components/button-styles';
import type { SortableItem } from '../../components/sortable-list';
import { Spinner } from '../../components/spinner';
import { useScenePreviewUrl } from './api/get-scene-preview';
import { followedSeconds, removeSubject, setFixedDuration, setNarration, setVisual } from './scene-edits';
import { ScenePromptField } from './scene-prompt-field';
import type { sceneErrors } from './storyboard-validation';
import {
  actionLabel,
  cameraLabel,
  settingLabel,
  timeLabel,
  transitionLabel,
  weatherLabel,
} from './visual-labels';

export type SceneUpdate = (update: (scene: StoryboardScene) => StoryboardScene, key?: string) => void;

export interface SceneCardProps {
  storyboardId: string;
  scene: StoryboardScene;
  position: number;
  count: number;
  aspectRatio: string;
  /** What the saved scene's still depends on; null when the scene is not saved yet. */
  previewShape: string | null;
  /** The scene differs from its saved version (the still shows the saved one). */
  changed: boolean;
  errors: ReturnType<typeof sceneErrors>;
  /** A library image's displayable URL for an image subject (its storage URI is not one). */
  imageUrlOf: (subject: Extract<SceneSubject, { kind: 'image' }>) => string | null;
  /** Its place in the sortable list: where it is dragged from, its handle and move buttons. */
  sortable: SortableItem;
  onChange: SceneUpdate;
  onDuplicate: () => void;
  onDelete: () => void;
  onAddSubject: () => void;
  /** Whether another scene may be added (duplicate), within the scene limit. */
  canAdd: boolean;
}

const smallIconButton = `${iconButtonClasses} size-9 shrink-0 disabled:cursor-not-allowed disabled:opacity-40`;

const pillSelect =
  'h-9 max-w-full min-w-0 rounded-full border border-zinc-300 bg-white pr-7 pl-3 text-sm text-zinc-900 ' +
  'hover:border-zinc-400 dark:border-white/15 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:border-white/25';

/** The public image of a shipped illustration. */
export function illustrationImageUrl(id: string): string {
  return `${API_BASE_PATH}${buildCallPath(getIllustrationImage.path, { id })}`;
}

function seconds(value: number): string {
  return `${Math.round(value * 10) / 10} s`;
}

/**
 * One scene: its still, number and length, the narration with its spoken-time estimate and counter,
 * its length (following the narration, or fixed), its transition and what it shows (subjects as
 * chips, the setting, light, weather, camera and action), and its actions (drag, move, duplicate,
 * delete).
 */
export function SceneCard({
  storyboardId,
  scene,
  position,
  count,
  aspectRatio,
  previewShape,
  changed,
  errors,
  imageUrlOf,
  sortable,
  onChange,
  onDuplicate,
  onDelete,
  onAddSubject,
  canAdd,
}: SceneCardProps) {
  const number = position + 1;
  const name = `scene ${number}`;
  const narrationId = useId();
  const estimateId = useId();
  const counterId = useId();
  const narrationErrorId = useId();
  const durationErrorId = useId();
  const subjectsErrorId = useId();
  const spoken = estimateNarrationSeconds(scene.narration);
  const tooLong = scene.narration.length > STORYBOARD_LIMITS.maxNarrationChars;
  const full = scene.visual.subjects.length >= STORYBOARD_LIMITS.maxSubjects;

  const visualSelect = <K extends Exclude<keyof SceneVisual, 'subjects' | 'prompt'>>(
    field: K,
    label: string,
    values: readonly SceneVisual[K][],
    labelOf: (value: SceneVisual[K]) => string,
  ) => (
    <label className="flex min-w-0 flex-col gap-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">
      <span>
        {label} <span className="sr-only">of {name}</span>
      </span>
      <select
        value={scene.visual[field]}
        onChange={(event) =>
          onChange((current) => setVisual(current, field, event.target.value as SceneVisual[K]))
        }
        className={pillSelect}
      >
        {values.map((value) => (
          <option key={value} value={value}>
            {labelOf(value)}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <li
      {...sortable.rootProps}
      aria-label={`Scene ${number}`}
      className={`relative min-w-0 rounded-2xl border bg-white p-3 shadow-xs sm:p-4 dark:bg-zinc-900 ${
        sortable.isDragging
          ? 'z-10 border-violet-400 shadow-lg ring-2 ring-violet-400/40'
          : 'border-zinc-200 dark:border-white/10'
      }`}
    >
      <div className="flex items-center gap-1.5">
        {sortable.handle}
        <span
          aria-hidden="true"
          className="hidden size-6 shrink-0 items-center justify-center rounded-full bg-violet-600 text-xs font-semibold text-white tabular-nums sm:flex dark:bg-violet-500"
        >
          {number}
        </span>
        <h3 className="min-w-0 truncate text-sm font-semibold">
          Scene {number}{' '}
          <span className="font-normal text-zinc-500 tabular-nums dark:text-zinc-400">
            · {seconds(scene.duration_seconds)}
          </span>
        </h3>
        <span className="ml-auto flex shrink-0 items-center">
          {sortable.moveButtons}
          <button
            type="button"
            disabled={!canAdd}
            onClick={onDuplicate}
            aria-label={`Duplicate ${name}`}
            title="Duplicate"
            className={smallIconButton}
          >
            <CopyIcon aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            disabled={count <= STORYBOARD_LIMITS.minScenes}
            onClick={onDelete}
            aria-label={`Delete ${name}`}
            title={count <= STORYBOARD_LIMITS.minScenes ? storyboardMessages.noScenes : 'Delete'}
            className={`${smallIconButton} hover:text-red-600 dark:hover:text-red-400`}
          >
            <Trash2Icon aria-hidden="true" className="size-4" />
          </button>
        </span>
      </div>

      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:gap-4">
        <ScenePreview
          storyboardId={storyboardId}
          sceneId={scene.id}
          shape={previewShape}
          changed={changed}
          aspectRatio={aspectRatio}
          name={name}
        />

        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor={narrationId} className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
            Narration <span className="sr-only">of {name}</span>
          </label>
          <textarea
            id={narrationId}
            rows={3}
            value={scene.narration}
            placeholder="What is said over this scene (also its captions). Leave it empty for a silent scene."
            aria-invalid={errors.narration ? true : undefined}
            aria-describedby={[estimateId, counterId, errors.narration ? narrationErrorId : null]
              .filter(Boolean)
              .join(' ')}
            onChange={(event) => {
              const text = event.target.value;
              onChange((current) => setNarration(current, text), `narration:${scene.id}`);
            }}
            className="w-full resize-y rounded-xl border border-zinc-300 bg-white px-3 py-2 text-base leading-6 aria-invalid:border-red-500 sm:text-sm dark:border-white/15 dark:bg-white/5 dark:aria-invalid:border-red-400"
          />
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
            <span id={estimateId} data-testid="narration-estimate">
              {spoken === 0 ? 'Silent scene' : `About ${seconds(spoken)} to say`}
            </span>
            <span
              id={counterId}
              className={`tabular-nums ${tooLong ? 'font-medium text-red-600 dark:text-red-400' : ''}`}
            >
              {scene.narration.length}/{STORYBOARD_LIMITS.maxNarrationChars}{' '}
              <span className="sr-only">characters</span>
            </span>
          </div>
          {errors.narration ? (
            <p id={narrationErrorId} className="text-sm text-red-600 dark:text-red-400">
              {errors.narration}
            </p>
          ) : null}

          <div className="mt-1 flex flex-wrap items-end gap-x-4 gap-y-2">
            <SceneLength
              scene={scene}
              name={name}
              spoken={spoken}
              error={errors.duration}
              errorId={durationErrorId}
              onChange={onChange}
            />
            <label className="flex min-w-0 flex-col gap-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">
              <span>
                Transition <span className="sr-only">into {name}</span>
              </span>
              <select
                value={scene.transition}
                onChange={(event) => {
                  const value = event.target.value as StoryboardScene['transition'];
                  onChange((current) => ({ ...current, transition: value }));
                }}
                className={pillSelect}
              >
                {SCENE_TRANSITIONS.map((value) => (
                  <option key={value} value={value}>
                    {transitionLabel(value)}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </div>
      </div>

      <div className="mt-4 flex flex-col gap-3 border-t border-zinc-100 pt-3 dark:border-white/5">
        <ScenePromptField scene={scene} name={name} error={errors.prompt} onChange={onChange} />
        <div className="flex min-w-0 flex-col gap-1.5">
          <p className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
            Subjects <span className="sr-only">of {name}</span>{' '}
            <span className="font-normal tabular-nums">
              ({scene.visual.subjects.length}/{STORYBOARD_LIMITS.maxSubjects})
            </span>
          </p>
          <ul
            aria-label={`Subjects of ${name}`}
            aria-describedby={errors.subjects ? subjectsErrorId : undefined}
            className="flex min-w-0 flex-wrap items-center gap-2"
          >
            {scene.visual.subjects.map((subject, index) => (
              <SubjectChip
                key={`${index}:${subject.kind === 'illustration' ? subject.id : subject.image_url}`}
                subject={subject}
                imageUrl={
                  subject.kind === 'illustration' ? illustrationImageUrl(subject.id) : imageUrlOf(subject)
                }
                onRemove={() => onChange((current) => removeSubject(current, index))}
              />
            ))}
            <li>
              <button
                type="button"
                disabled={full}
                onClick={onAddSubject}
                title={full ? storyboardMessages.tooManySubjects : undefined}
                className="inline-flex h-9 items-center gap-1.5 rounded-full border border-dashed border-zinc-300 px-3 text-sm font-medium text-zinc-700 hover:border-violet-400 hover:text-violet-700 disabled:cursor-not-allowed disabled:opacity-50 dark:border-white/20 dark:text-zinc-300 dark:hover:border-violet-400 dark:hover:text-violet-300"
              >
                <PlusIcon aria-hidden="true" className="size-4" />
                Add subject <span className="sr-only">to {name}</span>
              </button>
            </li>
          </ul>
          {errors.subjects ? (
            <p id={subjectsErrorId} className="text-sm text-red-600 dark:text-red-400">
              {errors.subjects}
            </p>
          ) : null}
        </div>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-5">
          {visualSelect('setting', 'Setting', SCENE_SETTINGS, settingLabel)}
          {visualSelect('time', 'Time', TIMES_OF_DAY, timeLabel)}
          {visualSelect('weather', 'Weather', WEATHERS, weatherLabel)}
          {visualSelect('camera', 'Camera', CAMERA_MOVES, cameraLabel)}
          {visualSelect('action', 'Action', SCENE_ACTIONS, actionLabel)}
        </div>
        {errors.other.length > 0 ? (
          <ul className="text-sm text-red-600 dark:text-red-400">
            {errors.other.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}

/** The scene's length: following its narration, or a number the user fixed. */
function SceneLength({
  scene,
  name,
  spoken,
  error,
  errorId,
  onChange,
}: {
  scene: StoryboardScene;
  name: string;
  spoken: number;
  error: string | undefined;
  errorId: string;
  onChange: SceneUpdate;
}) {
  const inputId = useId();
  const hintId = useId();
  // The text typed, kept while it is not a number yet ("" or "1."), so the field does not fight the user.
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? String(scene.duration_seconds);
  const overrun = scene.duration_fixed && spoken > scene.duration_seconds;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span className="text-xs font-medium text-zinc-600 dark:text-zinc-400">Length</span>
      <div className="flex flex-wrap items-center gap-2">
        <label className="inline-flex h-9 items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={scene.duration_fixed}
            onChange={(event) => {
              const fixed = event.target.checked;
              setTyped(null);
              onChange((current) => setFixedDuration(current, fixed ? current.duration_seconds : null));
            }}
            className="size-4 accent-violet-600"
          />
          Fixed <span className="sr-only">length of {name}</span>
        </label>
        {scene.duration_fixed ? (
          <span className="inline-flex items-center gap-1.5 text-sm">
            <label htmlFor={inputId} className="sr-only">
              Seconds of {name}
            </label>
            <input
              id={inputId}
              type="number"
              inputMode="decimal"
              min={STORYBOARD_LIMITS.minSceneSeconds}
              max={STORYBOARD_LIMITS.maxSceneSeconds}
              step={0.5}
              value={shown}
              aria-invalid={error ? true : undefined}
              aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
              onChange={(event) => {
                const text = event.target.value;
                const value = Number(text);
                if (text.trim() === '' || !Number.isFinite(value)) {
                  setTyped(text);
                  return;
                }
                setTyped(null);
                onChange((current) => setFixedDuration(current, value), `duration:${scene.id}`);
              }}
              onBlur={() => setTyped(null)}
              className="h-9 w-20 rounded-xl border border-zinc-300 bg-white px-2.5 text-base tabular-nums aria-invalid:border-red-500 sm:text-sm dark:border-white/15 dark:bg-white/5 dark:aria-invalid:border-red-400"
            />
            <span aria-hidden="true">s</span>
          </span>
        ) : null}
        <span id={hintId} className="text-xs text-zinc-500 dark:text-zinc-400">
          {scene.duration_fixed
            ? overrun
              ? `The narration needs about ${seconds(spoken)}`
              : 'Set by you'
            : `Follows the narration: ${seconds(followedSeconds(scene.narration, scene.duration_seconds))}`}
        </span>
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function SubjectChip({
  subject,
  imageUrl,
  onRemove,
}: {
  subject: SceneSubject;
  imageUrl: string | null;
  onRemove: () => void;
}) {
  return (
    <li className="inline-flex h-9 max-w-full min-w-0 items-center gap-1.5 rounded-full border border-zinc-200 bg-zinc-50 pr-1 pl-1 text-sm dark:border-white/10 dark:bg-white/5">
      <span className="flex size-7 shrink-0 items-center justify-center overflow-hidden rounded-full bg-white dark:bg-white/10">
        {imageUrl ? (
          <img src={imageUrl} alt="" className="size-full object-contain" />
        ) : (
          <ImageIcon aria-hidden="true" className="size-4 text-zinc-400" />
        )}
      </span>
      <span className="min-w-0 truncate">{subject.label}</span>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${subject.label}`}
        className="inline-flex size-7 shrink-0 items-center justify-center rounded-full text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-white/10 dark:hover:text-white"
      >
        <XIcon aria-hidden="true" className="size-3.5" />
      </button>
    </li>
  );
}

const FRAME_CLASSES: Record<string, string> = {
  '16:9': 'aspect-video w-full sm:w-52',
  '9:16': 'aspect-[9/16] w-28 sm:w-32',
  '1:1': 'aspect-square w-40 sm:w-44',
};

function ScenePreview({
  storyboardId,
  sceneId,
  shape,
  changed,
  aspectRatio,
  name,
}: {
  storyboardId: string;
  sceneId: string;
  shape: string | null;
  changed: boolean;
  aspectRatio: string;
  name: string;
}) {
  const preview = useScenePreviewUrl(storyboardId, sceneId, shape);
  let body: ReactNode;
  if (preview.url) {
    body = <img src={preview.url} alt={`Still of ${name}`} className="size-full object-cover" />;
  } else if (preview.loading) {
    body = (
      <span role="status" className="flex size-full items-center justify-center text-zinc-400">
        <Spinner className="size-5" />
        <span className="sr-only">Drawing the still of {name}…</span>
      </span>
    );
  } else {
    body = (
      <span className="flex size-full flex-col items-center justify-center gap-1 p-2 text-center text-xs text-zinc-500 dark:text-zinc-400">
        <ImageIcon aria-hidden="true" className="size-5" />
        {shape === null ? 'Still after saving' : 'No still'}
      </span>
    );
  }
  return (
    <div
      className={`relative shrink-0 self-start overflow-hidden rounded-xl border border-zinc-200 bg-zinc-100 dark:border-white/10 dark:bg-white/5 ${FRAME_CLASSES[aspectRatio] ?? FRAME_CLASSES['16:9']}`}
    >
      {body}
      {changed && preview.url ? (
        <span className="absolute bottom-1.5 left-1.5 rounded-full bg-black/60 px-2 py-0.5 text-[11px] font-medium text-white">
          Saved version
        </span>
      ) : null}
    </div>
  );
}
