import {
  createPresenterVideo,
  type CreatePresenterVideoBody,
  type SessionStarted,
} from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';

export interface PresenterVideoStart {
  avatarId: string;
  body: CreatePresenterVideoBody;
}

/** POST /avatars/{id}/presenter-videos: starts the generation; its state is GET /generations/{id}. */
export function postPresenterVideo({ avatarId, body }: PresenterVideoStart): Promise<SessionStarted> {
  return callApi(createPresenterVideo, { params: { id: avatarId }, body });
}
