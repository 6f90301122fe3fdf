import type { StoryboardContent, StoryboardScene } from '@reelcraft/contract';
import type { PromptReading } from './prompt-reading';
import { runStoryTask } from './story-work';
import type { SceneRole } from './text/scene-script';
import type { TextProvider } from './text/text-provider';
import type { ScenePreviewRequest } from './video/scene-preview';
import { composeScenePrompt } from './video/scene-prompt';
import { draftScenePlan, type StoryboardDraftRequest } from './video/storyboard-scenes';

/**
 * Storyboards written from prompts, scene previews and the illustration set, for the API (issue
 * 31). The prompt reading, the emoji set and the drawing run in a render thread (story-worker.ts):
 * none of them loads on the server's event loop.
 */

/** What a scene of a role shows, in words, for a model that writes the script. */
function describeScene(reading: PromptReading, role: SceneRole, prompt: string): string {
  const subject = (role === 'second' ? reading.subjects[1] : undefined) ?? reading.subjects[0];
  const what = subject?.phrase ?? prompt.slice(0, 120);
  const where = reading.settingWord ? ` in the ${reading.settingWord}` : '';
  const when = reading.time ? ` at ${reading.time}` : '';
  const view = {
    hero: '',
    action: ', in action',
    wide: ', a wide view of the place',
    close: ', a close detail',
    second: '',
    closing: ', a last wide look',
  }[role];
  return `${what}${where}${when}${view}`;
}

/**
 * A draft storyboard from a prompt. A text provider that writes scene scripts (a model) writes the
 * narration; when it fails or has none, the offline writer does (scene-script.ts). With
 * `scenePrompts` (a cloud video provider films the scenes), each scene's `visual.prompt` says what
 * it is filmed from, in the prompt's own words; offline it stays null.
 */
export async function writeStoryboardDraft(
  request: StoryboardDraftRequest,
  text: Pick<TextProvider, 'kind' | 'writeSceneScript'>,
  options: { signal?: AbortSignal; scenePrompts?: boolean } = {},
): Promise<StoryboardContent> {
  const { signal } = options;
  const reading = await runStoryTask<PromptReading>('readPrompt', request.prompt);
  let lines: string[] | undefined;
  if (text.kind !== 'local' && text.writeSceneScript) {
    const { roles, seconds } = draftScenePlan(request.durationSeconds, request.imageUris?.length);
    lines = await text
      .writeSceneScript(
        {
          prompt: request.prompt,
          seed: request.seed,
          scenes: roles.map((role, index) => ({
            role,
            seconds: seconds[index] ?? 5,
            shows: describeScene(reading, role, request.prompt),
          })),
        },
        { ...(signal ? { signal } : {}) },
      )
      .then((written) => (written.lines.length === roles.length ? written.lines : undefined))
      .catch(() => undefined);
  }
  const draft = await runStoryTask<StoryboardContent>('draftStoryboard', {
    ...request,
    reading,
    ...(lines ? { lines } : {}),
  });
  return options.scenePrompts ? withScenePrompts(draft, request.prompt) : draft;
}

/**
 * Each scene's prompt: the user's prompt (what a reading of it may have missed, the vendor reads
 * whole), the scene's camera and picture, and what its narration says happens.
 */
function withScenePrompts(draft: StoryboardContent, prompt: string): StoryboardContent {
  return {
    ...draft,
    scenes: draft.scenes.map((scene) => ({
      ...scene,
      visual: { ...scene.visual, prompt: composeScenePrompt(scene, { topic: prompt }) },
    })),
  };
}

/** A scene's still PNG (scene-preview.ts), drawn in a render thread. */
export function scenePreviewPng(request: ScenePreviewRequest): Promise<Buffer> {
  return runStoryTask<Uint8Array>('scenePreview', request).then((png) =>
    Buffer.from(png.buffer, png.byteOffset, png.byteLength),
  );
}

/** Illustrations matching a query, for the subject picker. */
export function searchIllustrations(query: string): Promise<{ id: string; label: string }[]> {
  return runStoryTask('searchIllustrations', query);
}

/** One illustration as SVG, or null when the set has no such icon. */
export function illustrationImage(id: string): Promise<string | null> {
  return runStoryTask('illustrationImage', id);
}

/** Whether every illustration a storyboard's scenes name is in the set. */
export function unknownIllustrations(scenes: readonly StoryboardScene[]): Promise<string[]> {
  const ids = [
    ...new Set(
      scenes.flatMap((scene) =>
        scene.visual.subjects.flatMap((s) => (s.kind === 'illustration' ? [s.id] : [])),
      ),
    ),
  ];
  return ids.length === 0 ? Promise.resolve([]) : runStoryTask('unknownIllustrations', ids);
}
