import { useEffect } from 'react';
import { STATUS_POLL_INTERVAL_MS } from '@reelcraft/contract';

/**
 * Asks for a job's status every STATUS_POLL_INTERVAL_MS (spec 001 section 4) until it is no longer
 * `processing`; a failed check stops the polling. Pass stable callbacks (useCallback): a new one
 * restarts the interval.
 */
export function useStatusPolling<Answer extends { status: string }>(
  sessionId: string | null | undefined,
  check: (sessionId: string) => Promise<Answer>,
  onAnswer: (answer: Answer) => void,
  onCheckFailed: () => void,
): void {
  useEffect(() => {
    if (!sessionId) return;
    let stopped = false;
    const stop = () => {
      stopped = true;
      clearInterval(timer);
    };
    const timer = setInterval(() => {
      check(sessionId).then(
        (answer) => {
          if (stopped) return;
          if (answer.status !== 'processing') stop();
          onAnswer(answer);
        },
        () => {
          if (stopped) return;
          stop();
          onCheckFailed();
        },
      );
    }, STATUS_POLL_INTERVAL_MS);
    return stop;
  }, [sessionId, check, onAnswer, onCheckFailed]);
}
