import path from 'node:path';
import type { Readable } from 'node:stream';
import { badRequest, HttpError, notFound } from '../../platform/http/http-error';
import {
  contentDispositionAttachment,
  RangeNotSatisfiableError,
  resolveRangeHeader,
  StorageObjectNotFoundError,
  type ObjectStorage,
} from '../../platform/storage';
import { isUploadOf } from '../library';
import { videoDownloadName, type VideosService } from '../videos';
import type { StoredObjectAddresses } from './stored-object-address';

export const proxyMessages = {
  notOurs: 'Only videos stored by this service can be downloaded',
  notFound: 'Video not found',
  rangeNotSatisfiable: 'Requested range not satisfiable',
} as const;

/** What the route sends: a status, headers and the bytes. */
export interface ProxiedObject {
  status: 200 | 206;
  headers: Record<string, string | number>;
  stream: Readable;
}

/**
 * Downloads through the API (the browser saves a same-origin response). The address is mapped to a
 * key of our own storage and read from there, after checking the key is the caller's: a file or
 * thumbnail of one of their videos, or an object in their upload area. Nobody learns whether
 * another user's object exists (404 alike).
 */
export class VideoProxyService {
  constructor(
    private readonly storage: Pick<ObjectStorage, 'stat' | 'get' | 'uriFor'>,
    private readonly addresses: StoredObjectAddresses,
    private readonly videos: Pick<VideosService, 'findByMediaUri'>,
  ) {}

  async open(userId: string, address: string, rangeHeader: string | undefined): Promise<ProxiedObject> {
    const key = await this.addresses.keyOf(address);
    if (key === null) throw badRequest(proxyMessages.notOurs);
    const downloadName = await this.downloadNameIfOwned(userId, key);
    if (downloadName === null) throw notFound(proxyMessages.notFound);
    try {
      const info = await this.storage.stat(key);
      const range = resolveRangeHeader(rangeHeader, info.size);
      const common = {
        'content-type': info.contentType,
        'accept-ranges': 'bytes',
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
        'content-disposition': contentDispositionAttachment(downloadName),
      };
      if (range.kind === 'unsatisfiable') {
        throw new HttpError(416, proxyMessages.rangeNotSatisfiable, {
          'content-range': `bytes */${info.size}`,
        });
      }
      const read = await this.storage.get(key, range.kind === 'partial' ? range : undefined);
      if (read.range) {
        return {
          status: 206,
          headers: {
            ...common,
            'content-range': `bytes ${read.range.start}-${read.range.end}/${read.size}`,
            'content-length': read.range.end - read.range.start + 1,
          },
          stream: read.stream,
        };
      }
      return { status: 200, headers: { ...common, 'content-length': read.size }, stream: read.stream };
    } catch (error) {
      if (error instanceof StorageObjectNotFoundError) throw notFound(proxyMessages.notFound);
      if (error instanceof RangeNotSatisfiableError) {
        throw new HttpError(416, proxyMessages.rangeNotSatisfiable, {
          'content-range': `bytes */${error.size}`,
        });
      }
      throw error;
    }
  }

  /** The name to save the object under when the user owns it, else null. */
  private async downloadNameIfOwned(userId: string, key: string): Promise<string | null> {
    if (isUploadOf(key, userId)) return path.posix.basename(key);
    const video = await this.videos.findByMediaUri(userId, this.storage.uriFor(key));
    if (!video) return null;
    return video.videoUri === this.storage.uriFor(key)
      ? videoDownloadName(video.title)
      : `${path.posix.basename(videoDownloadName(video.title), '.mp4')}.jpg`;
  }
}
