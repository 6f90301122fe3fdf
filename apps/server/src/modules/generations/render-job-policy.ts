import type { AppConfig } from '../../config';
import type { JobPolicy } from '../../platform/queue/job-registry';
import { MAX_VEO_CLIPS } from '../../providers';

/** Attempts after the first for a render (a crash, a full disk): each one restarts from scratch. */
export const RENDER_RETRY_LIMIT = 2;

/**
 * The policy of every render job: a few retries with backoff, and a time limit a little above the
 * longest a video may take (a local render, or with Veo a chain of generations, one per 8-second
 * clip), for the narration, drawing and storing around it, so a job whose process died is taken
 * again soon after a healthy render would have ended.
 */
export function renderJobPolicy(config: AppConfig): Partial<JobPolicy> {
  const veo = config.media.cloud.veo;
  const longestSeconds = Math.max(
    config.media.renderTimeoutSeconds,
    veo ? Math.ceil((veo.operationTimeoutMs ?? 600_000) / 1000) * MAX_VEO_CLIPS : 0,
  );
  return {
    retryLimit: RENDER_RETRY_LIMIT,
    retryDelaySeconds: 5,
    retryBackoff: true,
    timeLimitSeconds: longestSeconds + 60,
    concurrency: config.media.renderJobConcurrency,
  };
}
