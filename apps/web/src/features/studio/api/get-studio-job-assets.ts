import { getStudioJobAssets, type StudioJobAsset } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';

/** GET /studio/veo/jobs/{id}/assets: the job's media with fresh signed URLs. */
export async function fetchStudioJobAssets(jobId: string, signal?: AbortSignal): Promise<StudioJobAsset[]> {
  const answer = await callApi(getStudioJobAssets, { params: { id: jobId }, signal });
  return answer.assets;
}
