/**
 * Reads prompts in a render worker thread (prompt-reading-thread.ts starts it): compromise loads and
 * runs here, below the server's priority, not on its event loop.
 */
import { runThisThreadInBackground } from '../media/background-priority';
import { readPrompt, type PromptReading } from './prompt-reading';

runThisThreadInBackground();

export default function readPromptHere(prompt: string): PromptReading {
  return readPrompt(prompt);
}
