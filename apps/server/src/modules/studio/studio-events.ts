import type { StudioEvent } from '@reelcraft/contract';
import type { EventBus } from '../../platform/realtime/event-bus';
import type { StudioRepository } from './studio.repository';
import type { StudioEventRow } from './studio.schema';

/** The bus event that tells every API instance a job has a new event in the database. */
const STUDIO_BUS_EVENT = 'studio.event';

interface EventsLogger {
  warn(obj: object, msg: string): void;
}

/**
 * A job's event stream: each event is stored (its row id is the SSE id, so a client reconnecting
 * with `Last-Event-ID` misses nothing), then announced on the event bus, which reaches the streams
 * open on any API instance, as notifications do.
 */
export class StudioEventLog {
  constructor(
    private readonly repository: StudioRepository,
    private readonly bus: Pick<EventBus, 'publish' | 'subscribe'>,
    private readonly logger: EventsLogger,
  ) {}

  /** Stores and announces one event; a lost announcement costs a live update, never the event. */
  async emit(job: { id: string; userId: string }, event: StudioEvent): Promise<void> {
    const { type, ...data } = event;
    const row = await this.repository.insertEvent({ jobId: job.id, type, data });
    try {
      await this.bus.publish(job.userId, {
        type: STUDIO_BUS_EVENT,
        data: { job_id: job.id, event_id: row.id },
      });
    } catch (error) {
      this.logger.warn({ err: error, jobId: job.id, type }, 'Could not announce a studio event');
    }
  }

  /** The job's stored events after `afterId`, oldest first, as they are streamed. */
  async after(jobId: string, afterId: number): Promise<StudioEventRow[]> {
    return this.repository.listEventsAfter(jobId, afterId);
  }

  lastId(jobId: string): Promise<number> {
    return this.repository.lastEventId(jobId);
  }

  /** Calls `onEvent` whenever the job has a new event (from any process); answers the unsubscribe. */
  follow(userId: string, jobId: string, onEvent: () => void): () => void {
    return this.bus.subscribe((owner, event) => {
      if (owner !== userId || event.type !== STUDIO_BUS_EVENT) return;
      if ((event.data as { job_id?: unknown }).job_id === jobId) onEvent();
    });
  }
}
