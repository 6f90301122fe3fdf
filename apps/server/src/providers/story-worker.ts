/**
 * The story worker: reads prompts and draws a story's shots in a render thread (story-work.ts runs
 * its tasks), so that neither compromise nor the emoji set (9 MB of JSON) nor the SVG scenes load or
 * run on the server's event loop (issue 20). Piscina calls the default export with one task.
 */
import path from 'node:path';
import type { VettedImage } from '../media/image-intake';
import { runThisThreadInBackground } from '../media/background-priority';
import { readPrompt } from './prompt-reading';
import { illustrationSvg, searchIllustrationSet } from './video/illustrations';
import { renderScenePreview } from './video/scene-preview';
import { materializeShots, type MaterializeContext } from './video/story-materializer';
import { draftFromReading } from './video/storyboard-scenes';
import type { StoryPlan } from './video/scene-planner';

runThisThreadInBackground();

/** What crosses over to draw a story: the workspace as its folder, images as plain bytes. */
export interface DrawingInput {
  plan: StoryPlan;
  width: number;
  height: number;
  workspaceDir: string;
  fonts: MaterializeContext['fonts'];
  images: readonly VettedImage[];
}

/** An illustration's SVG, or null when the set has no icon of that name. */
function illustrationOrNull(id: string, size: number): string | null {
  try {
    return illustrationSvg(id, size);
  } catch {
    return null;
  }
}

export const STORY_TASKS = {
  readPrompt,
  // Storyboards (issue 31): drafts, scene previews and the subject picker's illustrations.
  draftStoryboard: draftFromReading,
  scenePreview: renderScenePreview,
  searchIllustrations: (query: string) => searchIllustrationSet(query),
  illustrationImage: (id: string) => illustrationOrNull(id, 128),
  unknownIllustrations: (ids: readonly string[]) => ids.filter((id) => illustrationOrNull(id, 8) === null),
  materializeShots: (input: DrawingInput) =>
    materializeShots(input.plan, {
      width: input.width,
      height: input.height,
      // The caller owns the folder and removes it.
      workspace: {
        dir: input.workspaceDir,
        file: (name) => path.join(input.workspaceDir, name),
        remove: () => Promise.resolve(),
      },
      fonts: input.fonts,
      // A Buffer arrives as a plain Uint8Array: the same bytes, seen as a Buffer again.
      images: input.images.map((image) => ({
        ...image,
        pixels: Buffer.from(image.pixels.buffer, image.pixels.byteOffset, image.pixels.byteLength),
      })),
    }),
};

export type StoryTasks = typeof STORY_TASKS;
export type StoryTaskName = keyof StoryTasks;
export interface StoryTask<K extends StoryTaskName = StoryTaskName> {
  name: K;
  input: Parameters<StoryTasks[K]>[0];
}

export default function runStoryTask<K extends StoryTaskName>(task: StoryTask<K>): ReturnType<StoryTasks[K]> {
  const run = STORY_TASKS[task.name] as (input: StoryTask<K>['input']) => ReturnType<StoryTasks[K]>;
  return run(task.input);
}
