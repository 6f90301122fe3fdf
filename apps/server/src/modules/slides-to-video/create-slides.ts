import type { Database } from '../../platform/db/database';
import { defineJob, type JobDefinition, type JobPolicy } from '../../platform/queue/job-registry';
import type { JobQueue } from '../../platform/queue/job-queue';
import type { ObjectStorage } from '../../platform/storage';
import type { TextProvider } from '../../providers';
import { findDeckTools, type DeckTools } from '../../media/deck-import';
import type { GenerationsService } from '../generations';
import type { UploadsService } from '../uploads';
import type { VoicesService } from '../voices';
import { DeckImporter } from './deck-importer';
import { createSlideNarrator } from './slide-narration';
import type { SlidesKind } from './slides.kind';
import { SlidesRepository } from './slides.repository';
import { DECK_IMPORT_JOB, SlidesService, type SlidesServiceDeps } from './slides.service';

export interface SlidesDeps {
  database: Database;
  queue: Pick<JobQueue, 'send'>;
  storage: ObjectStorage;
  uploads: UploadsService;
  voices: VoicesService;
  generations: GenerationsService;
  kind: SlidesKind;
  /** Slides videos are storyboards (issue 31). */
  storyboards: SlidesServiceDeps['storyboards'];
  text: Pick<TextProvider, 'kind' | 'complete'>;
  workDir: string | undefined;
  signedUrlTtlSeconds: number;
  /** Where the import tools are; each found on the PATH when not given. */
  toolPaths: { sofficePath?: string; popplerBinDir?: string };
  importPolicy?: Partial<JobPolicy>;
  logger: { warn(obj: object, msg: string): void };
}

/** Slides to video: the service (the calls) and the import job. */
export function createSlides(deps: SlidesDeps): { service: SlidesService; jobs: JobDefinition[] } {
  const repository = new SlidesRepository(deps.database.orm);
  let found: Promise<DeckTools> | undefined;
  const tools = () => (found ??= findDeckTools(deps.toolPaths));
  const service = new SlidesService({
    repository,
    database: deps.database,
    queue: deps.queue,
    storage: deps.storage,
    uploads: deps.uploads,
    voices: deps.voices,
    generations: deps.generations,
    kind: deps.kind,
    tools,
    signedUrlTtlSeconds: deps.signedUrlTtlSeconds,
    storyboards: deps.storyboards,
  });
  const importer = new DeckImporter({
    repository,
    storage: deps.storage,
    tools,
    narrate: createSlideNarrator(deps.text),
    workDir: deps.workDir,
    logger: deps.logger,
  });
  // LibreOffice takes a few seconds per deck and most of a core: one import at a time per process.
  const importJob = defineJob(
    DECK_IMPORT_JOB,
    { retryLimit: 1, retryDelaySeconds: 5, timeLimitSeconds: 600, concurrency: 1, ...deps.importPolicy },
    ({ id }, context) => importer.run(id, context.signal),
    { onGaveUp: ({ id }) => importer.gaveUp(id) },
  ) as JobDefinition;
  return { service, jobs: [importJob] };
}
