import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import type { JobQueue } from '../../platform/queue/job-queue';
import type { JobDefinition } from '../../platform/queue/job-registry';
import type { EventBus } from '../../platform/realtime/event-bus';
import type { ObjectStorage } from '../../platform/storage';
import type { Providers } from '../../providers';
import { renderJobPolicy, type Generations } from '../generations';
import type { NotificationsService } from '../notifications';
import type { StoryboardRendering, StoryboardsService } from '../storyboards';
import type { VoicesService } from '../voices';
import type { UploadsService } from '../uploads';
import type { VideosService } from '../videos';
import { StudioEventLog } from './studio-events';
import { StudioExpiry } from './studio-expiry';
import { StudioMedia } from './studio-media';
import { StudioStoryboards } from './studio-storyboards';
import { studioJobs, StudioWorker } from './studio-worker';
import type { StudioKind } from './studio.kind';
import { StudioRepository } from './studio.repository';
import { StudioService } from './studio.service';

interface StudioLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface StudioDeps {
  config: AppConfig;
  database: Database;
  queue: Pick<JobQueue, 'send' | 'cancel'>;
  bus: Pick<EventBus, 'publish' | 'subscribe'>;
  storage: ObjectStorage;
  providers: Pick<Providers, 'video' | 'lipSync' | 'speech' | 'mediaTools'>;
  /** Voiceovers speak through it, so a user's clones are theirs alone. */
  voices: Pick<VoicesService, 'speak' | 'speakerFor' | 'assertUsable'>;
  generations: Generations;
  kind: StudioKind;
  videos: VideosService;
  uploads: UploadsService;
  notifications: NotificationsService;
  /**
   * Set (the offline video provider): each candidate is one of the user's storyboards, and a
   * typed voiceover's export renders it narrated (issue 31). Unset: the vendor makes the candidates.
   */
  storyboards?: {
    service: Pick<StoryboardsService, 'draftFor' | 'insertStarted' | 'renderable' | 'save'>;
    rendering: Pick<StoryboardRendering, 'render' | 'delivered'>;
  };
  logger: StudioLogger;
}

/** The studio of a process: its service (the calls), its event log (the stream) and its jobs. */
export function createStudio(deps: StudioDeps): {
  service: StudioService;
  events: StudioEventLog;
  jobs: JobDefinition[];
} {
  const repository = new StudioRepository(deps.database.orm);
  const events = new StudioEventLog(repository, deps.bus, deps.logger);
  const media = new StudioMedia(deps.storage, deps.config.storage.signedUrlTtlSeconds);
  const workDir = deps.config.media.workDir;
  const expiry = new StudioExpiry({
    repository,
    events,
    finisher: deps.generations.finisher,
    queue: deps.queue,
  });
  const service = new StudioService({
    database: deps.database,
    queue: deps.queue,
    repository,
    events,
    media,
    expiry,
    generations: deps.generations.service,
    kind: deps.kind,
    videos: deps.videos,
    uploads: deps.uploads,
    voices: deps.voices,
    speech: deps.providers.speech,
    mediaTools: deps.providers.mediaTools,
    workDir,
  });
  const storyboards = deps.storyboards
    ? new StudioStoryboards({
        database: deps.database,
        storyboards: deps.storyboards.service,
        rendering: deps.storyboards.rendering,
        video: deps.providers.video,
        videos: deps.videos,
        media,
        tools: deps.providers.mediaTools,
        workDir,
      })
    : undefined;
  const worker = new StudioWorker({
    repository,
    events,
    media,
    service,
    finisher: deps.generations.finisher,
    notifications: deps.notifications,
    video: deps.providers.video,
    lipSync: deps.providers.lipSync,
    ...(storyboards ? { storyboards } : {}),
    expiry,
    workDir,
    logger: deps.logger,
  });
  return { service, events, jobs: studioJobs(deps.kind, worker, renderJobPolicy(deps.config)) };
}
