import crypto from 'node:crypto';
import {
  generationGateMessages,
  textToVideoProgressLabel,
  type ProjectType,
  type VideoStatus,
} from '@reelcraft/contract';
import { HttpError } from '../../platform/http/http-error';
import type { TextProvider } from '../../providers';
import type { QuotaService, SubscriptionsService } from '../subscriptions';
import type { TextToVideoService } from '../text-to-video';
import type { VideosService } from '../videos';
import type { ChatContext, StoredProposal } from './chat.schema';
import type { AspectRatio, VideoDuration, VideoSlots } from './chat-understanding';
import type { HelpIndex } from './help-search';

export const DEFAULT_DURATION: VideoDuration = 15;
export const DEFAULT_ASPECT: AspectRatio = '16:9';
const PROJECTS_LISTED = 5;
/** How many of the newest videos a video named in a question is looked for among. */
const NAMED_VIDEO_SEARCH = 30;

export interface QuotaFacts {
  plan: string;
  remaining_videos: number;
  max_videos: number;
  used_videos: number;
  can_generate: boolean;
  is_expired: boolean;
}

export interface PlanFacts {
  id: string;
  name: string;
  price: number;
  currency: string;
  period_days: number;
  max_videos: number;
}

export interface VideoFacts {
  video_id: string;
  session_id: string | null;
  title: string;
  project_type: ProjectType;
  status: VideoStatus;
  progress: number;
  /** The progress band's label while it renders. */
  stage_label: string | null;
  error: string | null;
  /** A signed URL of the file once it is done. */
  video_url: string | null;
  /** Where the product shows it: `/projects?open={id}`. */
  link: string;
  /** The storyboard it was rendered from, which its editor changes; null for a video made before storyboards. */
  storyboard_id: string | null;
  /** Where it is changed: its storyboard editor `/storyboards/{id}`, else its project (whose Edit rebuilds one). */
  edit_link: string;
  created_at: string;
}

export interface HelpFacts {
  id: string;
  title: string;
  answer: string;
  score: number;
}

/** The outcome of starting the waiting proposal. */
export type StartOutcome =
  | { kind: 'started'; proposal: StoredProposal; sessionId: string; repeated: boolean }
  | { kind: 'nothing_to_start' }
  | { kind: 'refused'; reason: string };

export interface ChatToolsDeps {
  quota: Pick<QuotaService, 'getVideoCount'>;
  subscriptions: Pick<SubscriptionsService, 'current' | 'getPlan' | 'listPlans'>;
  videos: Pick<VideosService, 'latest' | 'findBySession' | 'findForUser' | 'signedUrl'>;
  textToVideo: Pick<TextToVideoService, 'start'>;
  text: Pick<TextProvider, 'enhancePrompt'>;
  help: HelpIndex;
}

const projectLink = (videoId: string) => `/projects?${new URLSearchParams({ open: videoId }).toString()}`;
const storyboardLink = (storyboardId: string) => `/storyboards/${encodeURIComponent(storyboardId)}`;

/** What a proposal's video shows, in words: the subject and what follow-ups added to it. */
export function proposalDescription(proposal: Pick<StoredProposal, 'subject' | 'details'>): string | null {
  if (!proposal.subject) return null;
  return [proposal.subject, ...(proposal.details ?? [])].join(', ');
}

const titleWords = (text: string) =>
  new Set((text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((word) => word.length > 2));

/**
 * What the assistant can look up and do for the signed-in user: the same numbers and videos the
 * screens show (through the services that serve them) and the one start path of text videos. The
 * local assistant and the model's function calls both use these.
 */
export class ChatTools {
  constructor(private readonly deps: ChatToolsDeps) {}

  /** The numbers of GET /user/video-count, with the plan's name. */
  async getQuota(userId: string): Promise<QuotaFacts> {
    const [count, current] = await Promise.all([
      this.deps.quota.getVideoCount(userId),
      this.deps.subscriptions.current(userId),
    ]);
    const plan = await this.deps.subscriptions.getPlan(current.subscription.planId).catch(() => undefined);
    return {
      plan: plan?.name ?? current.subscription.planId,
      remaining_videos: count.remaining_videos,
      max_videos: count.max_videos,
      used_videos: count.total_videos,
      can_generate: count.can_generate,
      is_expired: count.is_expired,
    };
  }

  async listPlans(): Promise<PlanFacts[]> {
    return (await this.deps.subscriptions.listPlans()).map((plan) => ({
      id: plan.id,
      name: plan.name,
      price: plan.price,
      currency: plan.currency,
      period_days: plan.period_days,
      max_videos: plan.max_videos,
    }));
  }

  /** The user's newest videos, newest first. */
  async listProjects(userId: string, limit = PROJECTS_LISTED): Promise<VideoFacts[]> {
    const videos = await this.deps.videos.latest(userId, { limit: Math.min(Math.max(limit, 1), 20) });
    const described = await Promise.all(videos.map((video) => this.describe(userId, video.id)));
    return described.filter((facts): facts is VideoFacts => facts !== undefined);
  }

  /**
   * A video's state: the one a question names (by words of its title), else the one this
   * conversation started last, else the user's newest. Undefined when there is none.
   */
  async getVideoStatus(
    userId: string,
    query: { name?: string | null; sessionId?: string | null },
  ): Promise<VideoFacts | undefined> {
    if (query.name) {
      const wanted = titleWords(query.name);
      const candidates = await this.deps.videos.latest(userId, { limit: NAMED_VIDEO_SEARCH });
      let best: { id: string; score: number } | undefined;
      for (const video of candidates) {
        const title = titleWords(video.title);
        const score = [...wanted].filter((word) => title.has(word)).length;
        if (score > 0 && (!best || score > best.score)) best = { id: video.id, score };
      }
      const named = best && (await this.describe(userId, best.id));
      if (named) return named;
    }
    if (query.sessionId) {
      const row = await this.deps.videos.findBySession(userId, query.sessionId);
      const started = row && (await this.describe(userId, row.id));
      if (started) return started;
    }
    const [newest] = await this.deps.videos.latest(userId, { limit: 1 });
    return newest ? this.describe(userId, newest.id) : undefined;
  }

  searchHelp(query: string, collection: string): HelpFacts[] {
    return this.deps.help.search(query, collection).map(({ article, score }) => ({
      id: article.id,
      title: article.title,
      answer: article.answer,
      score: Number(score.toFixed(2)),
    }));
  }

  /** The help article that answers the question, when one is good enough (else the assistant says it does not know). */
  bestHelp(query: string, collection: string): HelpFacts | undefined {
    const match = this.deps.help.best(query, collection);
    return (
      match && {
        id: match.article.id,
        title: match.article.title,
        answer: match.article.answer,
        score: Number(match.score.toFixed(2)),
      }
    );
  }

  /** One help article by id, when the collection has it. */
  helpArticle(id: string, collection: string): HelpFacts | undefined {
    const article = this.deps.help.article(id, collection);
    return article && { id: article.id, title: article.title, answer: article.answer, score: 0 };
  }

  /**
   * A proposal from the request's facts, over the waiting one when the message changes it: the
   * subject, length, shape and style given win, the rest is kept; a detail is added to the kept
   * subject (a new subject drops the details). The prompt is written again from the description and
   * style (the same description always gives the same prompt).
   */
  async propose(
    previous: StoredProposal | null,
    slots: Partial<VideoSlots> & { prompt?: string | null },
  ): Promise<StoredProposal> {
    // A waiting proposal is changed in place; one already started or declined lends its facts to a new one.
    const open = previous && (previous.status === 'proposed' || previous.status === 'draft');
    const keep = previous && previous.status !== 'declined' ? previous : null;
    const subject = slots.subject ?? keep?.subject ?? null;
    const keptDetails = slots.subject ? [] : (keep?.details ?? []);
    const detail = slots.detail?.trim();
    const details =
      detail && subject && !keptDetails.some((known) => known.toLowerCase() === detail.toLowerCase())
        ? [...keptDetails, detail]
        : keptDetails;
    const style = slots.style ?? keep?.style ?? null;
    const base = {
      id: open && previous ? previous.id : crypto.randomUUID(),
      subject,
      details,
      durationSeconds: slots.durationSeconds ?? keep?.durationSeconds ?? DEFAULT_DURATION,
      aspect: slots.aspect ?? keep?.aspect ?? DEFAULT_ASPECT,
      style,
      videoSessionId: null,
    };
    const description = proposalDescription(base);
    if (!description) return { ...base, status: 'draft', prompt: null };
    const described = keep ? proposalDescription(keep) : null;
    const descriptionChanged = description !== described || style !== keep?.style;
    const prompt =
      slots.prompt?.trim() ||
      (!descriptionChanged && keep?.prompt
        ? keep.prompt
        : (
            await this.deps.text.enhancePrompt({
              prompt: style ? `${description}, ${style} style` : description,
            })
          ).prompt);
    return { ...base, status: 'proposed', prompt };
  }

  /**
   * Starts the waiting proposal as a text-to-video generation (the screen's start: quota reserved,
   * library row, render queued) under the proposal's id, so asking twice answers the same video.
   * A proposal already started answers its video again.
   */
  async startProposal(userId: string, context: ChatContext): Promise<StartOutcome> {
    const proposal = context.proposal;
    if (!proposal || !proposal.prompt || (proposal.status !== 'proposed' && proposal.status !== 'started')) {
      return { kind: 'nothing_to_start' };
    }
    if (proposal.status === 'started' && proposal.videoSessionId) {
      return { kind: 'started', proposal, sessionId: proposal.videoSessionId, repeated: true };
    }
    const count = await this.deps.quota.getVideoCount(userId);
    if (count.remaining_videos <= 0)
      return { kind: 'refused', reason: generationGateMessages.noVideosRemaining };
    if (!count.can_generate) return { kind: 'refused', reason: generationGateMessages.generationDisabled };
    try {
      const { session_id } = await this.deps.textToVideo.start(
        userId,
        {
          prompt: proposal.prompt,
          duration: proposal.durationSeconds as VideoDuration,
          session_id: proposal.id,
        },
        { aspect: proposal.aspect as AspectRatio },
      );
      return {
        kind: 'started',
        proposal: { ...proposal, status: 'started', videoSessionId: session_id },
        sessionId: session_id,
        repeated: false,
      };
    } catch (error) {
      // The start's own check (the quota is taken atomically there) has the last word.
      if (error instanceof HttpError && error.statusCode === 403)
        return { kind: 'refused', reason: error.detail };
      throw error;
    }
  }

  /** Undefined when the video was deleted meanwhile. */
  private async describe(userId: string, videoId: string): Promise<VideoFacts | undefined> {
    const row = await this.deps.videos.findForUser(userId, videoId);
    if (!row) return undefined;
    const status: VideoStatus = row.status;
    return {
      video_id: row.id,
      session_id: row.sessionId,
      title: row.title,
      project_type: row.projectType,
      status,
      progress: status === 'completed' ? 100 : row.progress,
      stage_label:
        status === 'processing' || status === 'pending' ? textToVideoProgressLabel(row.progress) : null,
      error: status === 'failed' ? row.error : null,
      video_url: status === 'completed' ? await this.deps.videos.signedUrl(row.videoUri) : null,
      link: projectLink(row.id),
      storyboard_id: row.storyboardId,
      edit_link: row.storyboardId ? storyboardLink(row.storyboardId) : projectLink(row.id),
      created_at: row.createdAt.toISOString(),
    };
  }
}
