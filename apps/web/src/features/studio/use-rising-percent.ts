import { useState } from 'react';

/**
 * A percentage as shown: never lower than one already shown in the same run (issue 36 item 8). The
 * event stream, the polls and the job's state each report progress, and they may disagree for a
 * moment; the bar only rises. A new `run` (another job, another lip-sync) starts it again.
 */
export function useRisingPercent(percent: number, run: unknown): number {
  const [shown, setShown] = useState({ run, percent });
  if (shown.run !== run) {
    setShown({ run, percent });
    return percent;
  }
  if (percent > shown.percent) {
    setShown({ run, percent });
    return percent;
  }
  return shown.percent;
}
