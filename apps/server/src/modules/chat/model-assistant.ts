import { ASPECT_RATIOS, TEXT_VIDEO_DURATIONS_S } from '@reelcraft/contract';
import { z } from 'zod';
import {
  ProviderError,
  type TextProvider,
  type ToolCall,
  type ToolConversationMessage,
  type ToolDefinition,
} from '../../providers';
import type { ChatContext } from './chat.schema';
import type { ChatTools } from './chat-tools';
import { understandMessage } from './chat-understanding';
import {
  proposalMetadata,
  videoNameIn,
  type Assistant,
  type AssistantRequest,
  type AssistantTurn,
} from './local-assistant';

/** Rounds of tool calls one message may take before the model must answer. */
const MAX_ROUNDS = 5;
/** Earlier messages the model reads. */
const HISTORY_MESSAGES = 12;

const SYSTEM_PROMPT = [
  'You are the assistant inside ReelCraft, an AI video-creation product. Users make videos from text (15, 30 or 60',
  'seconds; 16:9, 9:16 or 1:1), from up to 5 images, and in AI Studio (4 candidates, voiceover, lip-sync).',
  "Answer briefly and in plain text. Use the tools for anything about the user's account, videos or the product:",
  'never guess numbers, states or product facts. When search_help finds nothing relevant, say you do not know.',
  'When the user asks for a video, call propose_video with a vivid 20-50 word prompt, show the prompt and ask them to',
  'confirm. Call start_video only after the user confirmed a proposal you made in an earlier message; a change of',
  'length, shape, style or subject is a new propose_video call. A question about how to do something is answered',
  'with search_help, never with a proposal. A change to a video already made (longer, music, voice, captions) is',
  "made in its storyboard editor: give the video's edit_link from get_video_status; there is no logo overlay.",
].join(' ');

const NO_ARGUMENTS = { type: 'object', properties: {}, additionalProperties: false } as const;

/** The tools offered to the model (OpenAI function calling). */
export const CHAT_TOOL_DEFINITIONS: readonly ToolDefinition[] = [
  {
    name: 'get_quota',
    description: "The user's plan and how many videos they have left this period.",
    parameters: NO_ARGUMENTS,
  },
  {
    name: 'list_plans',
    description: 'The subscription plans with their price, period and number of videos.',
    parameters: NO_ARGUMENTS,
  },
  {
    name: 'get_video_status',
    description:
      "The state of one of the user's videos (progress, or the link once ready): the one named, else the one this chat started last, else the newest.",
    parameters: {
      type: 'object',
      properties: {
        video_name: { type: 'string', description: 'Words of the video title, if the user named one.' },
      },
      additionalProperties: false,
    },
  },
  {
    name: 'list_projects',
    description: "The user's most recent videos with their state and link.",
    parameters: {
      type: 'object',
      properties: { limit: { type: 'integer', minimum: 1, maximum: 20 } },
      additionalProperties: false,
    },
  },
  {
    name: 'search_help',
    description: 'Searches the ReelCraft help articles (features, limits, formats, plans, privacy, account).',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string' } },
      required: ['query'],
      additionalProperties: false,
    },
  },
  {
    name: 'propose_video',
    description: 'Proposes a text-to-video video for the user to confirm (or replaces the proposal waiting).',
    parameters: {
      type: 'object',
      properties: {
        subject: { type: 'string', description: "What the video shows, in the user's words." },
        prompt: { type: 'string', description: 'The video prompt, 20-50 words.' },
        duration_seconds: { type: 'integer', enum: [...TEXT_VIDEO_DURATIONS_S] },
        aspect: { type: 'string', enum: [...ASPECT_RATIOS] },
        style: { type: 'string' },
      },
      required: ['subject', 'prompt'],
      additionalProperties: false,
    },
  },
  {
    name: 'start_video',
    description: 'Starts the proposed video after the user confirmed it. Uses one video of their quota.',
    parameters: NO_ARGUMENTS,
  },
];

const proposeArguments = z.object({
  subject: z.string().trim().min(3).max(500),
  prompt: z.string().trim().min(10).max(2000),
  duration_seconds: z.literal(TEXT_VIDEO_DURATIONS_S).optional(),
  aspect: z.enum(ASPECT_RATIOS).optional(),
  style: z.string().trim().min(1).max(60).nullish(),
});

/** Which tool a turn's intent is named after, strongest first. */
const INTENT_OF_TOOL: readonly [string, string][] = [
  ['start_video', 'start_video'],
  ['propose_video', 'create_video'],
  ['get_video_status', 'video_status'],
  ['get_quota', 'quota'],
  ['list_plans', 'plans'],
  ['list_projects', 'list_projects'],
  ['search_help', 'help'],
];

function parseArguments(call: ToolCall): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(call.arguments || '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The assistant with a language model (TEXT_PROVIDER=openai): the model reads the conversation and
 * calls the same tools the local assistant uses; the server runs them for the signed-in user and
 * keeps the rules (a video starts only from a proposal confirmed in a later message, once).
 */
export class ModelAssistant implements Assistant {
  constructor(
    private readonly model: Required<Pick<TextProvider, 'respondWithTools'>>,
    private readonly tools: ChatTools,
  ) {}

  async respond(request: AssistantRequest): Promise<AssistantTurn> {
    const { userId, message, collection } = request;
    let context: ChatContext = request.context;
    // Only a proposal made before this message may be started by it (one already started answers
    // its video again).
    const confirmable =
      context.proposal?.status === 'proposed' || context.proposal?.status === 'started'
        ? context.proposal.id
        : null;
    const metadata: Record<string, unknown> = {};
    const used: string[] = [];

    const run = async (call: ToolCall): Promise<unknown> => {
      const args = parseArguments(call);
      switch (call.name) {
        case 'get_quota':
          return (metadata.quota = await this.tools.getQuota(userId));
        case 'list_plans':
          return (metadata.plans = await this.tools.listPlans());
        case 'get_video_status': {
          const name = typeof args.video_name === 'string' ? args.video_name : videoNameIn(message);
          const video = await this.tools.getVideoStatus(userId, {
            name,
            sessionId: context.lastVideoSessionId,
          });
          if (!video) return { found: false };
          metadata.video = video;
          if (video.session_id) metadata.video_session_id = video.session_id;
          return video;
        }
        case 'list_projects': {
          const limit = typeof args.limit === 'number' ? args.limit : undefined;
          return (metadata.projects = await this.tools.listProjects(userId, limit));
        }
        case 'search_help': {
          const query = typeof args.query === 'string' && args.query.trim() ? args.query : message;
          const found = this.tools.searchHelp(query, collection);
          metadata.sources = found.map(({ id, title }) => ({ id, title }));
          return found.length ? found : { found: false };
        }
        case 'propose_video': {
          const parsed = proposeArguments.safeParse(args);
          if (!parsed.success) return { error: 'Give a subject and a prompt of at least 10 characters.' };
          const { subject, prompt, duration_seconds, aspect, style } = parsed.data;
          const proposal = await this.tools.propose(context.proposal, {
            subject,
            prompt,
            durationSeconds: duration_seconds ?? null,
            aspect: aspect ?? null,
            style: style ?? null,
          });
          context = { ...context, proposal };
          metadata.proposal = proposalMetadata(proposal);
          return metadata.proposal;
        }
        case 'start_video': {
          if (!confirmable || context.proposal?.id !== confirmable) {
            return { error: 'Nothing to start: propose a video and wait for the user to confirm it.' };
          }
          const outcome = await this.tools.startProposal(userId, context);
          if (outcome.kind === 'nothing_to_start') return { error: 'There is no proposal to start.' };
          if (outcome.kind === 'refused') return { error: (metadata.error = outcome.reason) };
          context = { proposal: outcome.proposal, lastVideoSessionId: outcome.sessionId };
          metadata.proposal = proposalMetadata(outcome.proposal);
          metadata.video_session_id = outcome.sessionId;
          return { started: true, video_session_id: outcome.sessionId, already_started: outcome.repeated };
        }
        default:
          return { error: `Unknown tool ${call.name}` };
      }
    };

    const conversation: ToolConversationMessage[] = [
      { role: 'system', content: SYSTEM_PROMPT },
      ...request.history.slice(-HISTORY_MESSAGES).map((turn) => ({ role: turn.role, content: turn.content })),
      { role: 'user', content: message },
    ];
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const turn = await this.model.respondWithTools({
        messages: conversation,
        tools: CHAT_TOOL_DEFINITIONS,
      });
      if (turn.toolCalls.length === 0) {
        const intent =
          INTENT_OF_TOOL.find(([tool]) => used.includes(tool))?.[1] ??
          understandMessage(message, {
            hasProposal: request.context.proposal?.status === 'proposed',
            awaitingSubject: false,
            hasStartedVideo: request.context.lastVideoSessionId !== null,
          }).intent;
        const proposal = context.proposal;
        const proposedNow = metadata.proposal !== undefined && proposal?.prompt;
        return {
          response: turn.content ?? '',
          intent,
          // A model's answer carries no calibrated confidence.
          confidence: null,
          metadata: { ...metadata, tools: used },
          enhancedPrompt: proposedNow ? proposal.prompt : null,
          context,
        };
      }
      conversation.push({ role: 'assistant', content: turn.content, toolCalls: turn.toolCalls });
      for (const call of turn.toolCalls) {
        used.push(call.name);
        conversation.push({ role: 'tool', toolCallId: call.id, content: JSON.stringify(await run(call)) });
      }
    }
    throw new ProviderError('failed', 'The assistant did not finish its answer.');
  }
}
