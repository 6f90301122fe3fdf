import type { ChatContext, StoredProposal } from './chat.schema';
import {
  CAPABILITIES,
  declinedReply,
  editVideoReply,
  greetingReply,
  nothingToStartReply,
  plansReply,
  projectsReply,
  proposalChanges,
  proposalReply,
  quotaReply,
  refusedReply,
  startedReply,
  unknownReply,
  videoStatusReply,
} from './chat-replies';
import { TEXT_VIDEO_DURATIONS_S } from '@reelcraft/contract';
import type { ChatTools, VideoFacts } from './chat-tools';
import {
  understandMessage,
  type MessageIntent,
  type VideoDuration,
  type VideoSlots,
} from './chat-understanding';

/** What the assistant is asked: one message of a user's conversation. */
export interface AssistantRequest {
  userId: string;
  message: string;
  context: ChatContext;
  collection: string;
  /** Earlier messages, oldest first (the model reads them; the local assistant keeps its context). */
  history: readonly { role: 'user' | 'assistant'; content: string }[];
}

/** Its answer, and the conversation's context after it. */
export interface AssistantTurn {
  response: string;
  intent: string;
  confidence: number | null;
  metadata: Record<string, unknown>;
  enhancedPrompt: string | null;
  context: ChatContext;
}

export interface Assistant {
  respond(request: AssistantRequest): Promise<AssistantTurn>;
}

/** The proposal as chat answers carry it (`metadata.proposal`). */
export function proposalMetadata(proposal: StoredProposal) {
  return {
    id: proposal.id,
    status: proposal.status,
    subject: proposal.subject,
    details: proposal.details ?? [],
    prompt: proposal.prompt,
    duration_seconds: proposal.durationSeconds,
    aspect: proposal.aspect,
    style: proposal.style,
    video_session_id: proposal.videoSessionId,
  };
}

/** Words of a status question that do not name a video. */
const NOT_A_NAME = new Set(
  (
    "what whats what's is are the a an my of status progress ready done finished render rendering rendered going " +
    "doing coming along how hows how's where wheres where's did has have it its it's video videos clip yet " +
    'complete completed fail failed latest last new one that this please check tell me about ' +
    'make change edit longer shorter add put remove previous recent earlier can you could would want and with for'
  ).split(' '),
);

/** The words of a status question that may name a video ("the lighthouse video" -> "lighthouse"). */
export function videoNameIn(message: string): string | null {
  const words = (message.toLowerCase().match(/[a-z0-9']+/g) ?? []).filter(
    (word) => word.length > 2 && !NOT_A_NAME.has(word),
  );
  return words.length ? words.join(' ') : null;
}

const reported: Partial<Record<MessageIntent, string>> = {
  modify_video: 'create_video',
  capabilities: 'help',
  billing: 'help',
};

/** The help articles about money; a billing question is answered from one of them. */
const BILLING_ARTICLES = new Set(['billing', 'upgrade']);

/** "Longer" or "shorter" without a number: the next length offered from the proposal's. */
function steppedDuration(slots: VideoSlots, current: number | undefined): VideoDuration | null {
  if (slots.durationSeconds !== null || current === undefined) return slots.durationSeconds;
  const offered = [...TEXT_VIDEO_DURATIONS_S];
  if (slots.edits.includes('longer')) return offered.find((seconds) => seconds > current) ?? null;
  if (slots.edits.includes('shorter')) return offered.findLast((seconds) => seconds < current) ?? null;
  return null;
}

/**
 * The offline assistant: reads the message (intent and slots, `chat-understanding.ts`), runs the
 * tools that answer it and writes the answer from their facts. Deterministic and fast.
 */
export class LocalAssistant implements Assistant {
  constructor(private readonly tools: ChatTools) {}

  async respond({ userId, message, context, collection }: AssistantRequest): Promise<AssistantTurn> {
    const proposal = context.proposal;
    const understood = understandMessage(message, {
      hasProposal: proposal?.status === 'proposed',
      awaitingSubject: proposal?.status === 'draft',
      hasStartedVideo: context.lastVideoSessionId !== null,
    });
    const { slots, confidence } = understood;
    const turn = (response: string, extra: Partial<AssistantTurn> = {}): AssistantTurn => ({
      response,
      intent: reported[understood.intent] ?? understood.intent,
      confidence,
      metadata: {},
      enhancedPrompt: null,
      context,
      ...extra,
    });

    switch (understood.intent) {
      case 'greeting':
        return turn(greetingReply());
      case 'capabilities':
        return turn(`${CAPABILITIES} What would you like to make?`);

      case 'create_video':
      case 'modify_video': {
        const modifying = understood.intent === 'modify_video';
        const next = await this.tools.propose(
          modifying ? proposal : null,
          modifying
            ? { ...slots, durationSeconds: steppedDuration(slots, proposal?.durationSeconds) }
            : slots,
        );
        const quota = next.prompt ? await this.tools.getQuota(userId) : undefined;
        return turn(
          proposalReply(next, {
            changed: modifying ? proposalChanges(proposal, next) : [],
            requestedSeconds: slots.requestedSeconds,
            ...(quota ? { remainingVideos: quota.remaining_videos } : {}),
          }),
          {
            intent: 'create_video',
            enhancedPrompt: next.prompt,
            metadata: { proposal: proposalMetadata(next) },
            context: { ...context, proposal: next },
          },
        );
      }

      case 'edit_video': {
        // "The last video" is the one this conversation made last, else the newest; else a title's words.
        const video = await this.tools.getVideoStatus(userId, {
          name: /\b(?:last|latest|previous|newest|recent)\b/i.test(message) ? null : videoNameIn(message),
          sessionId: context.lastVideoSessionId,
        });
        return turn(editVideoReply(video, slots.edits), {
          metadata: video
            ? { video, ...(video.session_id ? { video_session_id: video.session_id } : {}) }
            : {},
        });
      }

      case 'billing': {
        const found = this.tools.bestHelp(message, collection);
        const best =
          found && BILLING_ARTICLES.has(found.id) ? found : this.tools.helpArticle('billing', collection);
        if (!best) return turn(unknownReply, { confidence: Math.min(confidence, 0.3) });
        return turn(best.answer, { metadata: { sources: [{ id: best.id, title: best.title }] } });
      }

      case 'confirm': {
        const outcome = await this.tools.startProposal(userId, context);
        if (outcome.kind === 'nothing_to_start') {
          return turn(nothingToStartReply, { intent: 'start_video' });
        }
        if (outcome.kind === 'refused') {
          return turn(refusedReply(outcome.reason), {
            intent: 'start_video',
            metadata: {
              error: outcome.reason,
              ...(proposal ? { proposal: proposalMetadata(proposal) } : {}),
            },
          });
        }
        const video: VideoFacts | undefined = outcome.repeated
          ? await this.tools.getVideoStatus(userId, { sessionId: outcome.sessionId })
          : undefined;
        return turn(startedReply(outcome.proposal, outcome.repeated, video), {
          intent: 'start_video',
          enhancedPrompt: outcome.proposal.prompt,
          metadata: {
            video_session_id: outcome.sessionId,
            proposal: proposalMetadata(outcome.proposal),
            ...(video ? { video } : {}),
          },
          context: { proposal: outcome.proposal, lastVideoSessionId: outcome.sessionId },
        });
      }

      case 'decline': {
        if (proposal?.status !== 'proposed' && proposal?.status !== 'draft') return turn(nothingToStartReply);
        const declined: StoredProposal = { ...proposal, status: 'declined' };
        return turn(declinedReply, {
          intent: 'cancel_video',
          metadata: { proposal: proposalMetadata(declined) },
          context: { ...context, proposal: declined },
        });
      }

      case 'quota': {
        const quota = await this.tools.getQuota(userId);
        return turn(quotaReply(quota), { metadata: { quota } });
      }

      case 'plans': {
        const [plans, quota] = await Promise.all([this.tools.listPlans(), this.tools.getQuota(userId)]);
        return turn(plansReply(plans, quota.plan), { metadata: { plans } });
      }

      case 'video_status': {
        const video = await this.tools.getVideoStatus(userId, {
          name: videoNameIn(message),
          sessionId: context.lastVideoSessionId,
        });
        return turn(videoStatusReply(video), {
          metadata: video
            ? { video, ...(video.session_id ? { video_session_id: video.session_id } : {}) }
            : {},
        });
      }

      case 'list_projects': {
        const projects = await this.tools.listProjects(userId);
        return turn(projectsReply(projects), { metadata: { projects } });
      }

      case 'help':
      case 'other': {
        const best = this.tools.bestHelp(message, collection);
        if (!best)
          return turn(unknownReply, { intent: understood.intent, confidence: Math.min(confidence, 0.3) });
        return turn(best.answer, {
          intent: 'help',
          confidence: Number(Math.min(0.95, 0.5 + best.score / 20).toFixed(2)),
          metadata: { sources: [{ id: best.id, title: best.title }] },
        });
      }
    }
  }
}
