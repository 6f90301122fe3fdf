import {
  LIPSYNC_POLL_INTERVAL_MS,
  LIPSYNC_POLL_MAX_ATTEMPTS,
  LIPSYNC_POLL_START_DELAY_MS,
  LIPSYNC_TIMEOUT_MS,
  studioMessages,
} from '@reelcraft/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { fetchStudioJob } from './api/get-studio-job';
import { studioKeys } from './api/studio-keys';

/** Polls that fail in a row before the watch gives up ('Failed to monitor lip-sync completion'). */
const MAX_FAILED_POLLS = 3;

interface LipsyncWatchOptions {
  jobId: string | null;
  /** When lip-sync started (ms since epoch); the schedule counts from it, across reloads. */
  startedAt: number | null;
  /** Lip-sync runs and is not yet done or failed. */
  active: boolean;
  onFailed: (message: string) => void;
}

/**
 * The polling fallback of lip-sync (spec 001 section 4): besides the event stream, the job's state is
 * read every 5 s from 10 s after the start, at most 120 times; the whole wait is limited to 10
 * minutes. Each read goes into the job's cached state, where the screen sees completion. Answers how
 * many reads were made, for the progress shown.
 */
export function useLipsyncWatch({ jobId, startedAt, active, onFailed }: LipsyncWatchOptions): number {
  const queryClient = useQueryClient();
  const [polls, setPolls] = useState(0);
  const fail = useEffectEvent(onFailed);

  useEffect(() => {
    if (!active || jobId === null || startedAt === null) return;
    const controller = new AbortController();
    const elapsed = Date.now() - startedAt;
    let attempts = 0;
    let failedInRow = 0;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;

    const timeout = setTimeout(
      () => {
        controller.abort();
        fail(studioMessages.lipsyncTimedOut);
      },
      Math.max(0, LIPSYNC_TIMEOUT_MS - elapsed),
    );

    async function poll(id: string) {
      attempts += 1;
      setPolls(attempts);
      try {
        const job = await fetchStudioJob(id, controller.signal);
        if (controller.signal.aborted) return;
        failedInRow = 0;
        queryClient.setQueryData(studioKeys.job(id), job);
        // A failed lip-sync leaves the job usable: its last lip-sync step says it failed.
        const lastLipsync = job.steps.filter((step) => step.step_type === 'lipsync').at(-1);
        if (job.status === 'FAILED' || lastLipsync?.status === 'failed') {
          fail(job.error ?? studioMessages.lipsyncProcessingFailed);
          return;
        }
      } catch {
        if (controller.signal.aborted) return;
        failedInRow += 1;
        if (failedInRow >= MAX_FAILED_POLLS) {
          fail(studioMessages.lipsyncMonitorFailed);
          return;
        }
      }
      if (attempts >= LIPSYNC_POLL_MAX_ATTEMPTS) {
        fail(studioMessages.lipsyncPollingLimitReached);
        return;
      }
      pollTimer = setTimeout(() => void poll(id), LIPSYNC_POLL_INTERVAL_MS);
    }

    const firstPollIn = Math.max(0, LIPSYNC_POLL_START_DELAY_MS - elapsed);
    pollTimer = setTimeout(() => void poll(jobId), firstPollIn);
    return () => {
      controller.abort();
      clearTimeout(timeout);
      clearTimeout(pollTimer);
    };
  }, [active, jobId, startedAt, queryClient]);

  return polls;
}
