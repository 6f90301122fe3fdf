import crypto from 'node:crypto';
import {
  SEED_MAX,
  type CreateTextToVideoBody,
  type SessionStarted,
  type TextToVideoSession,
} from '@reelcraft/contract';
import { videoTitleFromPrompt, type GenerationsService } from '../generations';
import type { StoryboardKind, StoryboardsService } from '../storyboards';
import type { TextToVideoKind, TextVideoInput } from './text-to-video.kind';

/** Storyboards, which text videos are made through (issue 31): drawn offline, filmed with Veo. */
export interface TextStoryboards {
  service: Pick<StoryboardsService, 'renderFromPrompt'>;
  kind: StoryboardKind;
}

/**
 * Starting and reading text-to-video jobs through the generation core: a start takes one video
 * from the quota (or 403) and queues the render; the answer comes at once.
 */
export class TextToVideoService {
  constructor(
    private readonly generations: GenerationsService,
    private readonly kind: TextToVideoKind,
    /**
     * Set (as the product always does): a start writes a storyboard and renders it (so it can be
     * edited afterwards). Unset, the prompt goes to the provider as it is (the text kind).
     */
    private readonly storyboards?: TextStoryboards,
  ) {}

  /**
   * Starts a job, or answers the existing one when the client repeats a start with the same
   * `session_id` (a retried request never takes a second video). `format.aspect`: the shape, for
   * starts other than the screen's (the chat assistant); 16:9 otherwise.
   */
  async start(
    userId: string,
    body: CreateTextToVideoBody,
    format: { aspect?: TextVideoInput['aspect'] } = {},
  ): Promise<SessionStarted> {
    if (this.storyboards) {
      const { sessionId } = await this.storyboards.service.renderFromPrompt(userId, {
        prompt: body.prompt,
        durationSeconds: body.duration,
        aspect: format.aspect ?? '16:9',
        ...(body.seed !== undefined ? { seed: body.seed } : {}),
        ...(body.session_id ? { sessionId: body.session_id } : {}),
      });
      return { session_id: sessionId };
    }
    const { sessionId } = await this.generations.start(this.kind, {
      userId,
      ...(body.session_id ? { sessionId: body.session_id } : {}),
      title: videoTitleFromPrompt(body.prompt),
      input: {
        prompt: body.prompt,
        durationSeconds: body.duration,
        seed: body.seed ?? crypto.randomInt(0, SEED_MAX),
        ...(format.aspect ? { aspect: format.aspect } : {}),
      },
    });
    return { session_id: sessionId };
  }

  /** The job's state (404 for an unknown id or another user's); the video URL once it is done. */
  async get(userId: string, sessionId: string): Promise<TextToVideoSession> {
    // Sessions started before storyboards (or before Veo rendered them) are the text kind's.
    const generation = this.storyboards
      ? await this.generations
          .get(this.storyboards.kind, userId, sessionId)
          .catch(() => this.generations.get(this.kind, userId, sessionId))
      : await this.generations.get(this.kind, userId, sessionId);
    const state = await this.generations.state(generation);
    return {
      session_id: state.session_id,
      status: state.status,
      progress: state.progress,
      final_video_url: state.video_url,
      error: state.error,
      retrying: state.retrying,
    };
  }
}
