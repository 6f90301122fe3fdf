import {
  saveStoryboard,
  storyboardConflictSchema,
  type SaveStoryboardBody,
  type Storyboard,
  type StoryboardConflict,
} from '@reelcraft/contract';
import { ApiError, callApi } from '../../../lib/api-client';

/** PUT /storyboards/{id}: the whole content as a new version on top of `version` (409 when it is not the newest). */
export function putStoryboard(id: string, body: SaveStoryboardBody): Promise<Storyboard> {
  return callApi(saveStoryboard, { params: { id }, body });
}

/** The 409 of a save that lost a race: the reason and the storyboard as it now is; null for other errors. */
export function saveConflict(error: unknown): StoryboardConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = storyboardConflictSchema.safeParse(error.answer);
  return parsed.success ? parsed.data : null;
}
