import { STORYBOARD_LIMITS, type StoryboardScene } from '@reelcraft/contract';
import { useId } from 'react';
import { setVisual } from './scene-edits';

/**
 * A scene's prompt for a cloud video service (issue 31: with a cloud video provider, the visual is a
 * scene prompt), where the storyboard has one: drafts write it when a vendor films the scenes. The
 * app is not told which video provider the server uses, so a scene without a prompt shows nothing.
 */
export function ScenePromptField({
  scene,
  name,
  error,
  onChange,
}: {
  scene: StoryboardScene;
  /** "scene 2", for the names screen readers hear. */
  name: string;
  error: string | undefined;
  onChange: (update: (scene: StoryboardScene) => StoryboardScene, key?: string) => void;
}) {
  const fieldId = useId();
  const hintId = useId();
  const counterId = useId();
  const errorId = useId();
  const prompt = scene.visual.prompt;
  if (prompt === null) return null;
  const tooLong = prompt.length > STORYBOARD_LIMITS.maxScenePromptChars;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={fieldId} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Scene prompt <span className="sr-only">of {name}</span>
      </label>
      <textarea
        id={fieldId}
        rows={3}
        value={prompt}
        placeholder="What the video service films in this scene."
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, counterId, error ? errorId : null].filter(Boolean).join(' ')}
        onChange={(event) => {
          const text = event.target.value;
          onChange((current) => setVisual(current, 'prompt', text), `prompt:${scene.id}`);
        }}
        className="w-full resize-y rounded-xl border border-zinc-300 bg-white px-3 py-2 text-base leading-6 aria-invalid:border-red-500 sm:text-sm dark:border-white/15 dark:bg-white/5 dark:aria-invalid:border-red-400"
      />
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
        <span id={hintId} className="min-w-0 flex-1">
          The video service films this scene from these words instead of the choices below; an image subject
          is still its first frame. Leave it empty to describe the scene from those choices.
        </span>
        <span
          id={counterId}
          className={`shrink-0 tabular-nums ${tooLong ? 'font-medium text-red-600 dark:text-red-400' : ''}`}
        >
          {prompt.length}/{STORYBOARD_LIMITS.maxScenePromptChars} <span className="sr-only">characters</span>
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
