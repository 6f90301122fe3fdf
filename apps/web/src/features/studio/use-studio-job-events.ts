import type { StudioEvent, StudioJob } from '@reelcraft/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import { readStudioJobEvents } from './api/stream-studio-job-events';
import { studioKeys } from './api/studio-keys';
import { applyStudioEvent } from './studio-job-state';

const FIRST_RETRY_DELAY_MS = 1_000;
const MAX_RETRY_DELAY_MS = 10_000;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

export interface StudioJobEventHandlers {
  /** Called after the event has been applied to the job's cached state. */
  onEvent?: (event: StudioEvent) => void;
  /** The server refused the stream (a 4xx): it will not be opened again until `watching` changes. */
  onRefused?: (error: ApiError) => void;
}

/**
 * Follows a job's event stream while `watching`: each event updates the job's cached state. A
 * dropped or ended connection is opened again (after 1 s, doubling up to 10 s) with `Last-Event-ID`,
 * so no event is missed or seen twice.
 */
export function useStudioJobEvents(
  jobId: string | null,
  watching: boolean,
  handlers: StudioJobEventHandlers = {},
) {
  const queryClient = useQueryClient();
  const onEvent = useEffectEvent((event: StudioEvent) => handlers.onEvent?.(event));
  const onRefused = useEffectEvent((error: ApiError) => handlers.onRefused?.(error));

  useEffect(() => {
    if (jobId === null || !watching) return;
    const controller = new AbortController();
    const { signal } = controller;
    let lastEventId: string | null = null;
    let delay = FIRST_RETRY_DELAY_MS;

    async function follow(id: string) {
      while (!signal.aborted) {
        try {
          await readStudioJobEvents(id, {
            signal,
            lastEventId,
            onEvent: (event, eventId) => {
              if (eventId !== null) lastEventId = eventId;
              delay = FIRST_RETRY_DELAY_MS;
              queryClient.setQueryData<StudioJob>(studioKeys.job(id), (job) =>
                job ? applyStudioEvent(job, event) : job,
              );
              onEvent(event);
            },
          });
        } catch (error) {
          if (signal.aborted) return;
          const refused = error instanceof ApiError && error.kind !== 'network' && error.status < 500;
          if (refused) {
            onRefused(error);
            return;
          }
        }
        await pause(delay, signal);
        delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS);
      }
    }

    void follow(jobId);
    return () => controller.abort();
  }, [jobId, watching, queryClient]);
}
