import { classifyPrompt } from '../prompt-categories';
import { ProviderError } from '../provider-error';
import type { TaskOptions } from '../provider-task';
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
