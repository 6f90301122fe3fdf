import { renderThreadPool } from '../media/audio-work';
import type { Shot } from '../media/render-plan';
import { hasReading, rememberReading, type PromptReading } from './prompt-reading';
import type { DrawingInput, StoryTask, StoryTaskName } from './story-worker';
import type { MaterializeContext } from './video/story-materializer';
import type { StoryPlan } from './video/scene-planner';

/** As media/audio-work.ts: from the sources, a small ES module loads the TypeScript through tsx. */
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('./story-worker-from-source.mjs', import.meta.url)
  : new URL('./story-worker.js', import.meta.url);

// Drawing mostly waits for sharp: a thread takes the next candidate's meanwhile.
const storyPool = renderThreadPool(WORKER_URL, { concurrentTasksPerWorker: 4 });

/** Runs one of story-worker.ts's tasks in a render thread. */
export const runStoryTask = <T>(name: StoryTaskName, input: StoryTask['input']) =>
  storyPool().run({ name, input }) as Promise<T>;

/**
 * Reads `prompt` in a render thread and keeps the reading, so the plan and the narration that
 * follow find it (`readPrompt`) instead of reading it on the server's event loop: compromise takes
 * 0.2-0.5 s to load in a process and 5-10 ms a prompt after that (issue 20). If the thread fails,
 * the prompt is read where it is needed, as before: the render does not fail for it.
 */
export async function readPromptInBackground(prompt: string): Promise<void> {
  if (hasReading(prompt)) return;
  try {
    rememberReading(prompt, await runStoryTask<PromptReading>('readPrompt', prompt));
  } catch {
    // Read on this thread when needed.
  }
}

/**
 * Draws a story's shots (`materializeShots`) in a render thread: the scenes' SVG, the emoji set
 * they draw from and the caption cards stay off the server's event loop. The images are copied over.
 */
export function drawShotsInBackground(plan: StoryPlan, context: MaterializeContext): Promise<Shot[]> {
  const input: DrawingInput = {
    plan,
    width: context.width,
    height: context.height,
    workspaceDir: context.workspace.dir,
    fonts: context.fonts,
    images: context.images,
  };
  return runStoryTask<Shot[]>('materializeShots', input);
}
