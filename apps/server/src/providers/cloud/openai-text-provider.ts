import { STORYBOARD_LIMITS } from '@reelcraft/contract';
import { classifyPrompt } from '../prompt-categories';
import { ProviderError } from '../provider-error';
import type { TaskOptions } from '../provider-task';
import { sceneWordBudget } from '../text/scene-script';
import type { TextProvider, ToolConversationMessage, ToolDefinition, ToolTurn } from '../text/text-provider';
import { createVendorHttp, mapVendorError, VendorHttpError, type VendorLogger } from './vendor-http';
import type { OpenAiTextSettings } from '../../config';

export type { OpenAiTextSettings };

interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A message of the chat-completions API, tool calls included. */
type WireMessage =
  | ChatMessage
  | {
      role: 'assistant';
      content: string | null;
      tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
    }
  | { role: 'tool'; tool_call_id: string; content: string };

interface WireToolCall {
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string };
}

interface ChatCompletion {
  id?: string;
  choices?: {
    message?: { content?: string | null; tool_calls?: WireToolCall[] | null };
    finish_reason?: string;
  }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };
}

function toWire(message: ToolConversationMessage): WireMessage {
  if (message.role === 'tool') {
    return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  }
  if (message.role === 'assistant') {
    return {
      role: 'assistant',
      content: message.content,
      ...(message.toolCalls?.length
        ? {
            tool_calls: message.toolCalls.map((call) => ({
              id: call.id,
              type: 'function' as const,
              function: { name: call.name, arguments: call.arguments },
            })),
          }
        : {}),
    };
  }
  return { role: message.role, content: message.content };
}

const toolsOnWire = (tools: readonly ToolDefinition[]) =>
  tools.map((tool) => ({
    type: 'function' as const,
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  }));

const MAX_MESSAGE_CHARS = 8000;

const ENHANCE_SYSTEM =
  "You write prompts for an AI video generator. Rewrite the user's idea as one vivid video prompt of 20 to 50 words: " +
  'subject, action, setting, camera movement, lighting and style. Answer with the prompt only, no quotes, no preamble.';

const SCENE_SCRIPT_SYSTEM =
  'You write the narration of a short video made of scenes, one line per scene, in English. Each line is ' +
  'spoken over its scene and shown as its caption, at about 2.5 words a second: keep each line at or just ' +
  'under the number of words given for its scene. Each line says something specific about what that scene ' +
  'shows (who or what is there, what happens, the place, the light, a detail), names the subject or place ' +
  'of the video, and does not repeat another line. No generic taglines, no camera or film words (shot, ' +
  'close-up, cinematic, 4k), no emojis, no hashtags. Answer with JSON only: {"lines": ["...", "..."]}, ' +
  'with exactly one line per scene, in the order given.';

/**
 * The lines of a model's scene script, or a ProviderError when the answer is not exactly `count`
 * non-empty lines of at most the storyboard's narration length (the caller then writes them offline).
 */
export function parseSceneLines(answer: string, count: number): string[] {
  const unusable = (details: string) =>
    new ProviderError('failed', 'The text service returned an unusable scene script.', { details });
  // Models wrap JSON in code fences or a sentence now and then: read the outermost object.
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end <= start) throw unusable('no JSON object');
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.slice(start, end + 1));
  } catch {
    throw unusable('invalid JSON');
  }
  const lines = (parsed as { lines?: unknown } | null)?.lines;
  if (!Array.isArray(lines)) throw unusable('no "lines" array');
  if (lines.length !== count) throw unusable(`${lines.length} lines for ${count} scenes`);
  return lines.map((line, index) => {
    const text = typeof line === 'string' ? line.trim() : '';
    if (!text) throw unusable(`line ${index + 1} is empty`);
    if (text.length > STORYBOARD_LIMITS.maxNarrationChars) throw unusable(`line ${index + 1} is too long`);
    return text;
  });
}

/** Any OpenAI-compatible chat-completions endpoint: OpenAI, Ollama, vLLM, LiteLLM... */
export function createOpenAiTextProvider(options: {
  settings: OpenAiTextSettings;
  logger?: VendorLogger;
}): TextProvider {
  const { settings, logger } = options;
  const http = createVendorHttp({
    vendor: 'text',
    baseUrl: settings.baseUrl,
    headers: (): Record<string, string> =>
      settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {},
    timeoutMs: settings.requestTimeoutMs ?? 60_000,
    retries: settings.retries,
    backoffMs: settings.backoffMs,
    logger,
  });

  async function request(
    messages: WireMessage[],
    task: TaskOptions = {},
    extra: Record<string, unknown> = {},
  ): Promise<ChatCompletion> {
    let body: ChatCompletion;
    try {
      body = await http.json<ChatCompletion>({
        method: 'POST',
        path: '/chat/completions',
        json: {
          model: settings.model,
          messages,
          ...extra,
          ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
          ...(settings.maxTokens !== undefined ? { max_tokens: settings.maxTokens } : {}),
        },
        signal: task.signal,
      });
    } catch (error) {
      if (error instanceof VendorHttpError && (error.status === 401 || error.status === 403)) {
        throw new ProviderError(
          'unavailable',
          'The text service rejected our credentials. Please contact support.',
          {
            cause: error,
            details: `HTTP ${error.status}`,
          },
        );
      }
      throw mapVendorError(error, 'text', 'The text service could not answer.');
    }
    logger?.info(
      {
        vendor: 'text',
        completionId: body.id ?? null,
        model: settings.model,
        tokens: body.usage?.total_tokens ?? null,
      },
      'chat completion',
    );
    return body;
  }

  async function completion(messages: ChatMessage[], task: TaskOptions = {}): Promise<string> {
    const body = await request(messages, task);
    const text = body.choices?.[0]?.message?.content?.trim();
    if (!text) throw new ProviderError('failed', 'The text service returned an empty answer.');
    return text;
  }

  const checked = (text: string, what: string) => {
    const trimmed = text.trim();
    if (!trimmed) throw new ProviderError('invalid_input', `The ${what} is empty.`);
    if (trimmed.length > MAX_MESSAGE_CHARS)
      throw new ProviderError('invalid_input', `The ${what} is too long.`);
    return trimmed;
  };

  async function enhance(prompt: string, task?: TaskOptions) {
    const text = (
      await completion(
        [
          { role: 'system', content: ENHANCE_SYSTEM },
          { role: 'user', content: checked(prompt, 'prompt') },
        ],
        task,
      )
    ).replace(/^["'\s]+|["'\s]+$/g, '');
    return { prompt: text, category: classifyPrompt(text).category };
  }

  return {
    kind: 'openai',

    async complete({ prompt }, task) {
      return { text: await completion([{ role: 'user', content: checked(prompt, 'prompt') }], task) };
    },

    enhancePrompt: ({ prompt }, task) => enhance(prompt, task),

    async writeSceneScript({ prompt, scenes }, task) {
      if (scenes.length === 0) return { lines: [] };
      const brief = {
        prompt: checked(prompt, 'prompt'),
        scenes: scenes.map((scene, index) => ({
          scene: index + 1,
          role: scene.role,
          seconds: scene.seconds,
          words: sceneWordBudget(scene.seconds),
          shows: scene.shows.slice(0, STORYBOARD_LIMITS.maxScenePromptChars),
        })),
      };
      const answer = await completion(
        [
          { role: 'system', content: SCENE_SCRIPT_SYSTEM },
          {
            role: 'user',
            content: `Write ${scenes.length} lines, one for each scene of this video.\n${JSON.stringify(brief, null, 2)}`,
          },
        ],
        task,
      );
      return { lines: parseSceneLines(answer, scenes.length) };
    },

    async respondWithTools({ messages, tools }, task): Promise<ToolTurn> {
      const body = await request(messages.map(toWire), task, {
        tools: toolsOnWire(tools),
        tool_choice: 'auto',
      });
      const message = body.choices?.[0]?.message;
      const toolCalls = (message?.tool_calls ?? [])
        .filter((call) => call.function?.name)
        .map((call, index) => ({
          id: call.id ?? `call_${index}`,
          name: call.function?.name ?? '',
          arguments: call.function?.arguments ?? '{}',
        }));
      const content = message?.content?.trim() || null;
      if (toolCalls.length === 0 && !content) {
        throw new ProviderError('failed', 'The text service returned an empty answer.');
      }
      return { content, toolCalls };
    },
  };
}
