import { listStudioJobs, type StudioJobSummary } from '@reelcraft/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/**
 * The user's open AI Studio jobs by the library video each makes (GET /studio/veo/jobs?open=true):
 * a processing AI Studio project may be waiting for its user, not for a render (issue 36 item 1).
 * Asked only while such a project is shown.
 */
export function useWaitingStudioJobs(enabled: boolean): Map<string, StudioJobSummary> {
  const jobs = useQuery({
    queryKey: ['videos', 'waiting-studio-jobs'],
    queryFn: async ({ signal }) => (await callApi(listStudioJobs, { query: { open: true }, signal })).jobs,
    enabled,
  });
  const byVideo = new Map<string, StudioJobSummary>();
  for (const job of jobs.data ?? []) if (job.video_id) byVideo.set(job.video_id, job);
  return byVideo;
}
