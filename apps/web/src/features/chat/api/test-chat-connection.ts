import { testChat } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';

/** POST /chat/test: whether the assistant (and its language model) answers. */
export function postChatTest() {
  return callApi(testChat);
}
