import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import type { JobQueue } from '../../platform/queue/job-queue';
import type { JobDefinition } from '../../platform/queue/job-registry';
import type { EventBus } from '../../platform/realtime/event-bus';
import type { ObjectStorage } from '../../platform/storage';
import type { NotificationsService } from '../notifications';
import type { QuotaService } from '../subscriptions';
import type { VideosService } from '../videos';
import type { GenerationKind } from './generation-kind';
import { GenerationOutcomes } from './generation-outcomes';
import { generationJobs, GenerationRunner } from './generation-runner';
import { GenerationsRepository } from './generations.repository';
import { GenerationsService } from './generations.service';
import { renderJobPolicy } from './render-job-policy';

interface ModuleLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  child(bindings: object): ModuleLogger;
}

export interface GenerationsDeps {
  config: AppConfig;
  database: Database;
  queue: Pick<JobQueue, 'send' | 'cancel'>;
  bus: Pick<EventBus, 'publish'>;
  storage: Pick<ObjectStorage, 'put' | 'delete'>;
  videos: VideosService;
  quota: QuotaService;
  notifications: NotificationsService;
  /** Every kind of generation of the product. */
  kinds: readonly GenerationKind[];
  logger: ModuleLogger;
}

export interface Generations {
  service: GenerationsService;
  /** Ends workflow kinds' generations (deliver the video, or fail and give the video back). */
  finisher: Pick<GenerationRunner, 'deliver' | 'failById'>;
  /** The render jobs of the single-shot kinds. */
  jobs: JobDefinition[];
}

/** The generation core of a process: its service, its finisher, and the render jobs of every kind. */
export function createGenerations(deps: GenerationsDeps): Generations {
  const logger = deps.logger.child({ component: 'generations' });
  const outcomes = new GenerationOutcomes(
    deps.storage,
    deps.videos,
    deps.quota,
    deps.notifications,
    deps.bus,
    logger,
  );
  const service = new GenerationsService({
    database: deps.database,
    repository: new GenerationsRepository(deps.database.orm),
    videos: deps.videos,
    quota: deps.quota,
    queue: deps.queue,
    notifications: deps.notifications,
    outcomes,
    kinds: deps.kinds,
  });
  const runner = new GenerationRunner({ generations: service, videos: deps.videos, outcomes, logger });
  return {
    service,
    finisher: runner,
    jobs: generationJobs(deps.kinds, runner, renderJobPolicy(deps.config)),
  };
}
