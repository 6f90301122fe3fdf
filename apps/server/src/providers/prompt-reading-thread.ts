import { runInRenderThreads } from '../media/audio-work';
import { hasReading, rememberReading, type PromptReading } from './prompt-reading';

/** As media/audio-work.ts: from the sources, a small ES module loads the TypeScript through tsx. */
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('./prompt-reading-worker-from-source.mjs', import.meta.url)
  : new URL('./prompt-reading-worker.js', import.meta.url);

/**
 * Reads `prompt` in a render worker thread and keeps the reading, so the plan and the narration
 * that follow find it (`readPrompt`) instead of reading it on the server's event loop: compromise
 * takes 0.2-0.5 s to load in a process and 5-10 ms a prompt after that (issue 20). If the thread
 * fails, the prompt is read where it is needed, as before: the render does not fail for it.
 */
export async function readPromptInBackground(prompt: string): Promise<void> {
  if (hasReading(prompt)) return;
  try {
    rememberReading(prompt, await runInRenderThreads<PromptReading>(WORKER_URL, prompt));
  } catch {
    // Read on this thread when needed.
  }
}
