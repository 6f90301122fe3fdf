import { imageToVideoJobs } from './modules/image-to-video';
import { textToVideoJobs } from './modules/text-to-video';
import type { JobPlatform } from './platform/platform';
import type { JobDefinition } from './platform/queue/job-registry';

/**
 * Every job kind of the product, one entry per module that queues work. The registry is checked at
 * boot (one handler per name), so a job cannot be sent that no worker would take.
 */
export function productJobs(platform: JobPlatform): JobDefinition[] {
  return [...textToVideoJobs(platform), ...imageToVideoJobs(platform)];
}
