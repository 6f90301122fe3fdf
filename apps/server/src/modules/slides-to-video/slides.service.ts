import crypto from 'node:crypto';
import path from 'node:path';
import {
  SEED_MAX,
  type CreateSlidesVideoBody,
  type Deck,
  type SessionStarted,
  type SlidesCapabilities,
  type SlidesVideoEstimate,
  type SlidesVideoSession,
} from '@reelcraft/contract';
import {
  deckCapabilities,
  DECK_TOOL_PACKAGES,
  DeckImportError,
  detectDeckFormat,
  type DeckTools,
} from '../../media/deck-import';
import type { Database, OrmTransaction } from '../../platform/db/database';
import { badRequest, HttpError, notFound } from '../../platform/http/http-error';
import type { ReceivedFile } from '../../platform/http/multipart-form';
import type { JobQueue } from '../../platform/queue/job-queue';
import type { ObjectStorage } from '../../platform/storage';
import type { GenerationsService } from '../generations';
import type { StoryboardsService } from '../storyboards';
import type { UploadsService } from '../uploads';
import type { VoicesService } from '../voices';
import type { SlidesKind } from './slides.kind';
import { speakingRate, storyboardSceneSeconds } from './slides-length';
import { slidePositionOf, slidesStoryboard } from './slides-storyboard';
import type { SlidesRepository } from './slides.repository';
import type { SlideDeckRow } from './slides.schema';

export const DECK_IMPORT_JOB = 'slides.import';

declare module '../../platform/queue/job-registry' {
  interface JobPayloads {
    /** `id`: the deck's id. */
    'slides.import': { id: string };
  }
}

export const DECK_NOT_FOUND = 'Deck not found';
const SESSION_NOT_FOUND = 'Session not found';

const MIME_OF = {
  pdf: 'application/pdf',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
} as const;

export interface SlidesServiceDeps {
  repository: SlidesRepository;
  database: Pick<Database, 'transaction'>;
  queue: Pick<JobQueue, 'send'>;
  storage: Pick<ObjectStorage, 'signedUrl' | 'uriFor'>;
  uploads: Pick<UploadsService, 'storeFile' | 'delete'>;
  voices: Pick<VoicesService, 'assertUsable' | 'speakerFor'>;
  generations: Pick<GenerationsService, 'start' | 'get' | 'state'>;
  kind: SlidesKind;
  tools: () => Promise<DeckTools>;
  signedUrlTtlSeconds: number;
  /** The slides become a storyboard's scenes (issue 31), editable after. */
  storyboards: Pick<StoryboardsService, 'insertStarted'>;
}

/** The screen's words for a server without the import tools. */
export function capabilitiesMessage(capabilities: {
  pdf: boolean;
  pptx: boolean;
  missing: string[];
}): string | null {
  if (capabilities.pdf && capabilities.pptx) return null;
  if (!capabilities.pdf) {
    return `Importing decks needs poppler on the server. Ask your administrator to install ${capabilities.missing.join(' and ')} (apt-get install ${capabilities.missing.join(' ')}).`;
  }
  return `PDF decks work. Importing PowerPoint files needs LibreOffice on the server: ask your administrator to install ${DECK_TOOL_PACKAGES.libreoffice} (apt-get install ${DECK_TOOL_PACKAGES.libreoffice}), or export the deck as PDF.`;
}

/**
 * Slides to video: import a deck (stored, then read in a background job), review its slides and
 * proposed narrations, render the kept slides as a video (a generation: quota, progress, library,
 * notifications). Another user's deck or session answers 404.
 */
export class SlidesService {
  constructor(private readonly deps: SlidesServiceDeps) {}

  async capabilities(): Promise<SlidesCapabilities> {
    const capabilities = deckCapabilities(await this.deps.tools());
    return { ...capabilities, message: capabilitiesMessage(capabilities) };
  }

  /** POST /ppt-to-video/decks: checked by content, stored, and queued for import in one go. */
  async upload(userId: string, file: ReceivedFile | undefined): Promise<Deck> {
    if (!file) throw badRequest('Please choose a PDF or PowerPoint (.pptx) file.');
    let format;
    try {
      format = await detectDeckFormat(file.data);
    } catch (error) {
      if (error instanceof DeckImportError) throw new HttpError(422, error.message);
      throw error;
    }
    const capabilities = await this.capabilities();
    if (!capabilities[format])
      throw new HttpError(503, capabilities.message ?? 'Deck import is not available.');
    const stored = await this.deps.uploads.storeFile(userId, {
      data: file.data,
      contentType: MIME_OF[format],
      extension: format,
    });
    try {
      // The deck and its import job commit together: no deck waits for a job that was never queued.
      const row = await this.deps.database.transaction(async (tx) => {
        const inserted = await this.deps.repository.insert(
          {
            userId,
            filename: displayName(file.filename, format),
            format,
            sourceKey: stored.key,
            sourceBytes: file.data.length,
          },
          tx.orm,
        );
        await this.deps.queue.send(DECK_IMPORT_JOB, { id: inserted.id }, { transaction: tx });
        return inserted;
      });
      return await this.toDeck(row);
    } catch (error) {
      await this.deps.uploads.delete(stored.key);
      throw error;
    }
  }

  /** The bytes the user's decks keep stored: the files as uploaded (slide images are not counted). */
  storedBytes(userId: string): Promise<number> {
    return this.deps.repository.storedBytes(userId);
  }

  async get(userId: string, deckId: string): Promise<Deck> {
    return this.toDeck(await this.ownDeck(userId, deckId));
  }

  /**
   * POST /ppt-to-video/estimate: how long the video of this start body will be, from the storyboard
   * the start would render and the voice's speaking rate (issue 36 item 9).
   */
  async estimate(userId: string, body: CreateSlidesVideoBody): Promise<SlidesVideoEstimate> {
    const { content } = await this.plan(userId, body);
    const rate = speakingRate(await this.deps.voices.speakerFor(userId, body.voice_id));
    const perSlide = body.slides.map(() => 0);
    storyboardSceneSeconds(content, rate).forEach((seconds, scene) => {
      perSlide[slidePositionOf(content.scenes[scene]!.id)]! += seconds;
    });
    const tenths = (seconds: number) => Math.round(seconds * 10) / 10;
    return {
      duration_seconds: tenths(perSlide.reduce((sum, seconds) => sum + seconds, 0)),
      slides: body.slides.map((slide, position) => ({
        index: slide.index,
        duration_seconds: tenths(perSlide[position]!),
      })),
    };
  }

  /** POST /ppt-to-video/sessions: the kept slides in order, each with its (edited) narration. */
  async startVideo(userId: string, body: CreateSlidesVideoBody): Promise<SessionStarted> {
    const { deck, slides, title, content } = await this.plan(userId, body);
    const seed = crypto.randomInt(0, SEED_MAX);
    const storyboardId = crypto.randomUUID();
    const { sessionId } = await this.deps.generations.start(this.deps.kind, {
      userId,
      ...(body.session_id ? { sessionId: body.session_id } : {}),
      title,
      storyboard: { id: storyboardId, version: 1 },
      input: {
        userId,
        deckId: deck.id,
        slides,
        voiceId: body.voice_id,
        aspect: body.aspect_ratio,
        music: body.music,
        seed,
        storyboard: { userId, storyboardId, version: 1, content, seed, previousKeys: [] },
      },
      alsoInTransaction: (tx: OrmTransaction, generation: { videoId: string }) =>
        this.deps.storyboards.insertStarted(tx, {
          id: storyboardId,
          userId,
          prompt: '',
          content,
          seed,
          videoId: generation.videoId,
        }),
    });
    return { session_id: sessionId };
  }

  async getVideo(userId: string, sessionId: string): Promise<SlidesVideoSession> {
    const generation = await this.deps.generations
      .get(this.deps.kind, userId, sessionId)
      .catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 404) throw notFound(SESSION_NOT_FOUND);
        throw error;
      });
    const state = await this.deps.generations.state(generation);
    return {
      session_id: state.session_id,
      status: state.status,
      progress: state.progress,
      current_stage: state.stage,
      final_video_url: state.video_url,
      error: state.error,
      retrying: state.retrying,
    };
  }

  /** The video a start body asks for: the user's ready deck's kept slides as a storyboard. */
  private async plan(userId: string, body: CreateSlidesVideoBody) {
    const deck = await this.ownDeck(userId, body.deck_id);
    if (deck.status === 'processing')
      throw new HttpError(409, 'The deck is still being imported. Please wait a moment.');
    if (deck.status === 'failed') throw badRequest(deck.error ?? 'This deck could not be imported.');
    const byIndex = new Map(deck.slides.map((slide) => [slide.index, slide]));
    const slides = body.slides.map((kept) => {
      const slide = byIndex.get(kept.index);
      if (!slide) throw badRequest(`Slide ${kept.index} is not in this deck.`);
      return { imageKey: slide.imageKey, narration: kept.narration };
    });
    await this.deps.voices.assertUsable(userId, body.voice_id);
    const title = deck.filename.replace(/\.(pdf|pptx)$/i, '') || 'Slides video';
    const content = slidesStoryboard(title, body, slides, (key) => this.deps.storage.uriFor(key));
    return { deck, slides, title, content };
  }

  private async ownDeck(userId: string, deckId: string): Promise<SlideDeckRow> {
    const deck = await this.deps.repository.findForUser(userId, deckId);
    if (!deck) throw notFound(DECK_NOT_FOUND);
    return deck;
  }

  private async toDeck(row: SlideDeckRow): Promise<Deck> {
    return {
      deck_id: row.id,
      filename: row.filename,
      format: row.format,
      status: row.status,
      progress: row.progress,
      error: row.error,
      slides: await Promise.all(
        row.slides.map(async (slide) => ({
          index: slide.index,
          image_url: await this.deps.storage.signedUrl(slide.imageKey, {
            expiresInSeconds: this.deps.signedUrlTtlSeconds,
          }),
          text: slide.text,
          notes: slide.notes,
          narration: slide.narration,
        })),
      ),
      created_at: row.createdAt.toISOString(),
    };
  }
}

/** The name the screen shows: the upload's own, made safe, with the extension its content has. */
function displayName(filename: string, format: 'pdf' | 'pptx'): string {
  const base = path
    .basename(filename || 'deck')
    .replace(/\.[^.]*$/, '')
    .replace(/[\p{Cc}]/gu, '')
    .slice(0, 120);
  return `${base.trim() || 'deck'}.${format}`;
}
