import { ProviderError } from '../provider-error';
import type { TaskOptions } from '../provider-task';
import { readPrompt } from '../prompt-reading';
import { writeNarration } from './narration-writer';
import { enhancePrompt, isEnhancementInstruction, promptFromInstruction } from './prompt-enhancer';
import { writeSceneScript } from './scene-script';
import type { TextProvider } from './text-provider';

const MAX_MESSAGE_CHARS = 8000;

/** The rule-based text provider: offline and deterministic. */
export function createLocalTextProvider(): TextProvider {
  return {
    kind: 'local',

    async complete({ prompt }, _task?: TaskOptions) {
      const text = prompt.trim();
      if (!text) throw new ProviderError('invalid_input', 'The prompt is empty.');
      if (text.length > MAX_MESSAGE_CHARS)
        throw new ProviderError('invalid_input', 'The prompt is too long.');
      // The product uses completion to enhance video prompts: answer with the enhanced prompt.
      const target = isEnhancementInstruction(text) ? (promptFromInstruction(text) ?? text) : text;
      return { text: enhancePrompt(target).prompt };
    },

    async enhancePrompt({ prompt }, _task?: TaskOptions) {
      return enhancePrompt(prompt);
    },

    async writeNarration({ prompt, durationSeconds, seed }, _task?: TaskOptions) {
      if (!prompt.trim()) throw new ProviderError('invalid_input', 'The prompt is empty.');
      return writeNarration(prompt.slice(0, MAX_MESSAGE_CHARS), durationSeconds, seed);
    },

    async writeSceneScript({ prompt, scenes, seed }, _task?: TaskOptions) {
      const text = prompt.trim().slice(0, MAX_MESSAGE_CHARS);
      if (!text) throw new ProviderError('invalid_input', 'The prompt is empty.');
      // Offline, the script comes from the prompt itself: what each scene shows follows from it too.
      return {
        lines: writeSceneScript({ prompt: text, reading: readPrompt(text), scenes, seed: seed ?? 0 }),
      };
    },
  };
}
