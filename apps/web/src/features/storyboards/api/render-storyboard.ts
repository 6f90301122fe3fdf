import { renderStoryboard } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';

/** POST /storyboards/{id}/render: renders a saved version; follow the answer's session_id. */
export function postStoryboardRender(id: string, version: number) {
  return callApi(renderStoryboard, { params: { id }, body: { version } });
}
