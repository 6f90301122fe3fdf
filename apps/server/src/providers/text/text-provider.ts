import type { TaskOptions } from '../provider-task';
import type { PromptCategory } from '../prompt-categories';
import type { NarrationScript } from './narration-writer';
import type { SceneRole } from './scene-script';

/** Which implementation writes text; the OpenAI-compatible adapter adds its name here. */
export type TextProviderKind = 'local' | 'openai';

export interface EnhancedPrompt {
  prompt: string;
  category: PromptCategory;
}

/** A function the model may call; `parameters` is a JSON Schema object. */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** One call the model asked for; `arguments` is the JSON text it wrote (it may not parse). */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** A conversation with tools, in the order the model reads it. */
export type ToolConversationMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; toolCalls?: readonly ToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

/** The model's next turn: calls to run (then ask again with their results), or its answer. */
export interface ToolTurn {
  content: string | null;
  toolCalls: ToolCall[];
}

/**
 * Prompt completion, prompt enhancement, narration, and a model's turn with tools for the chat
 * assistant. The assistant itself (understanding a message, its replies, its tools) is the chat
 * module's: the local one reads messages by rules, the model one drives respondWithTools.
 */
export interface TextProvider {
  readonly kind: TextProviderKind;
  /** Answers a free prompt (the product sends its enhancement instruction through this). */
  complete(request: { prompt: string }, options?: TaskOptions): Promise<{ text: string }>;
  /** A 20-50 word video prompt from a short one (spec 001 section 5). */
  enhancePrompt(request: { prompt: string }, options?: TaskOptions): Promise<EnhancedPrompt>;
  /**
   * A short narration script for a video of `durationSeconds` from its prompt (not the prompt read
   * aloud). Providers without it leave the narration to the offline writer (narration-writer.ts).
   */
  writeNarration?(
    request: { prompt: string; durationSeconds: number; seed?: number },
    options?: TaskOptions,
  ): Promise<NarrationScript>;
  /** One narration line per scene of a storyboard (see scene-script.ts); providers without it leave it to the offline writer. */
  writeSceneScript?(
    request: {
      prompt: string;
      scenes: readonly { role: SceneRole; seconds: number; shows: string }[];
      seed?: number;
    },
    options?: TaskOptions,
  ): Promise<{ lines: string[] }>;
  /**
   * One turn of a conversation in which the model may call the given tools (function calling). Only
   * providers backed by a model have it; without it, the caller decides which tools to run itself.
   */
  respondWithTools?(
    request: { messages: readonly ToolConversationMessage[]; tools: readonly ToolDefinition[] },
    options?: TaskOptions,
  ): Promise<ToolTurn>;
}
