import { readObject, StorageObjectNotFoundError, type ObjectStorage } from '../../platform/storage';
import { VideoInputError } from './job-failure';

/**
 * A stored input of a render (an image, a voice sample, a slide) by its key or one of our storage
 * URIs. One deleted meanwhile (or a URI that is not ours) fails the video with `gone`, for the user:
 * retrying cannot bring it back.
 */
export async function readRenderInput(
  storage: Pick<ObjectStorage, 'get' | 'keyFromUri'>,
  reference: { key: string } | { uri: string },
  gone: string,
): Promise<Buffer> {
  const key = 'key' in reference ? reference.key : storage.keyFromUri(reference.uri);
  if (key === null) throw new VideoInputError(gone);
  try {
    return await readObject(storage, key);
  } catch (error) {
    if (error instanceof StorageObjectNotFoundError) throw new VideoInputError(gone);
    throw error;
  }
}
