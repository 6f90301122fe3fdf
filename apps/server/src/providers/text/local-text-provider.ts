import { ProviderError } from '../provider-error';
import type { TaskOptions } from '../provider-task';
import { classifyIntent } from './intent-classifier';
import { writeNarration } from './narration-writer';
import { enhancePrompt, isEnhancementInstruction, promptFromInstruction } from './prompt-enhancer';
import type { ChatReply, ChatRequest, ChatTurn, TextProvider } from './text-provider';

const MAX_MESSAGE_CHARS = 8000;

/** What is left of a creation request once "please create a video of" is taken away. */
function subjectOf(message: string): string {
  return message
    .replace(/^\s*(hi|hello|hey)[,!.\s]+/i, '')
    .replace(/\b(can|could|would) you\b|\bplease\b|\bi (want|would like|need)( you)?( to)?\b/gi, '')
    .replace(
      /\b(create|make|generate|produce|render|build)\b\s*(me\s*)?(a|an|the)?\s*(short\s*)?(video|clip|reel|animation|film|ad)?\s*(of|about|showing|with|for|that shows)?/i,
      '',
    )
    .replace(/^[\s,.:;-]+|[\s?!.]+$/g, '')
    .trim();
}

const REPLIES = {
  help:
    'I can help you make videos four ways: describe a scene in Create Video from Text, turn up to 5 photos into a video in ' +
    'Create Video from Images (with product image enhancement), pick from 4 candidates in AI Studio and add a voiceover, or ' +
    'tell me what you want here and I will write the prompt. Which would you like to try?',
  plans_billing:
    'Your plan sets how many videos you can create; the dashboard shows what is left. To compare plans, upgrade or manage ' +
    'your subscription, open Subscription Plans from the menu. Payments are handled securely at checkout, and you can cancel anytime.',
  account:
    'You can change your name and profile picture in your profile settings. Forgot your password? Use "Forgot password" on ' +
    'the sign-in page and we will email you a reset link. Email verification links are sent when you sign up.',
  other:
    'I am here to help you create videos. Describe what you would like to see (for example "a sunrise over misty mountains") ' +
    'and I will turn it into a ready-to-use video prompt, or ask me about features, plans or your account.',
};

function previousPrompt(history: readonly ChatTurn[] = []): string | null {
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const prompt = history[i]?.enhancedPrompt;
    if (prompt) return prompt;
  }
  return null;
}

/** The rule-based assistant: offline, deterministic, and honest about what it can do. */
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

    async chat(request: ChatRequest, _task?: TaskOptions): Promise<ChatReply> {
      const message = request.message.trim();
      if (!message) throw new ProviderError('invalid_input', 'Message cannot be empty');
      if (message.length > MAX_MESSAGE_CHARS)
        throw new ProviderError('invalid_input', 'The message is too long.');
      let { intent, confidence } = classifyIntent(message);
      const earlier = previousPrompt(request.history);
      // A short follow-up after a proposed prompt ("more dramatic, at night") refines that prompt.
      if (earlier && (intent === 'other' || intent === 'help') && message.split(/\s+/).length <= 8) {
        intent = 'improve_prompt';
        confidence = 0.6;
      }
      if (intent === 'create_video' || intent === 'improve_prompt') {
        const quoted = promptFromInstruction(message);
        let source =
          intent === 'improve_prompt'
            ? (quoted ?? (earlier ? `${earlier.replace(/\.$/, '')}, ${message}` : subjectOf(message)))
            : subjectOf(message);
        if (source.length < 5) source = earlier ?? message;
        if (source.length < 5) {
          return {
            response:
              'Tell me a little more about the video: what should we see, and what mood should it have?',
            intent,
            confidence,
            enhancedPrompt: null,
          };
        }
        const enhanced = enhancePrompt(source);
        const response =
          intent === 'create_video'
            ? `Here is a ${enhanced.category} video prompt ready to use:\n\n"${enhanced.prompt}"\n\nOpen Create Video from Text, paste it and pick 15, 30 or 60 seconds. Want it more dramatic, calmer, or in another style?`
            : `Here is an improved prompt with subject detail, camera, lighting and style:\n\n"${enhanced.prompt}"\n\nUse it as it is or tell me what to change.`;
        return { response, intent, confidence, enhancedPrompt: enhanced.prompt };
      }
      return { response: REPLIES[intent], intent, confidence, enhancedPrompt: null };
    },
  };
}
