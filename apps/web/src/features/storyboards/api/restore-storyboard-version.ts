import { restoreStoryboardVersion, type Storyboard } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';

/** POST /storyboards/{id}/versions/{version}/restore: that version saved again as the newest. */
export function postRestoreVersion(id: string, version: number): Promise<Storyboard> {
  return callApi(restoreStoryboardVersion, { params: { id, version } });
}
