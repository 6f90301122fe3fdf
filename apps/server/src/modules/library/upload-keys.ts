import { isValidStorageKey } from '../../platform/storage';

/** The storage area of users' uploads: `uploads/<userId>/<name...>` (decision 005). */
export const UPLOADS_AREA = 'uploads';

/**
 * Where a user's uploads are stored; the image library only takes objects from here, so flows that
 * make images for it (uploads, the enhancer, studio references) put them under this prefix.
 */
export function uploadKeyPrefix(userId: string): string {
  return `${UPLOADS_AREA}/${userId}/`;
}

/**
 * True when `key` is a valid storage key naming an object in the user's upload area. Valid keys have
 * no `.`/`..` or empty segments, so a key that starts with the prefix cannot step out of it.
 */
export function isUploadOf(key: string, userId: string): boolean {
  const prefix = uploadKeyPrefix(userId);
  return isValidStorageKey(key) && key.startsWith(prefix) && key.length > prefix.length;
}
