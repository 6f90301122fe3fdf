/** One report of a long call: how far (0..1) and which stage it is in. */
export interface TaskProgress {
  progress: number;
  stage: string;
}

/** What every long provider call accepts: cancellation and progress. */
export interface TaskOptions {
  signal?: AbortSignal;
  onProgress?: (report: TaskProgress) => void;
}

/**
 * Splits one call's 0..1 into weighted steps, so a step that reports its own 0..1 moves the whole
 * call's progress smoothly and never backwards.
 */
export function createProgressTracker(onProgress: TaskOptions['onProgress'], steps: Record<string, number>) {
  const names = Object.keys(steps);
  const total = Object.values(steps).reduce((sum, weight) => sum + weight, 0) || 1;
  let last = 0;
  return {
    /** Reports `fraction` (0..1) of step `name`, under the user-facing `stage` name. */
    report(name: string, fraction: number, stage: string): void {
      const index = names.indexOf(name);
      if (index < 0) throw new Error(`Unknown progress step ${name}`);
      const before = names.slice(0, index).reduce((sum, key) => sum + (steps[key] ?? 0), 0);
      const value = (before + (steps[name] ?? 0) * Math.min(1, Math.max(0, fraction))) / total;
      if (value < last) return;
      last = value;
      onProgress?.({ progress: Math.min(1, value), stage });
    },
  };
}
