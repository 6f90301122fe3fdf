import { serverDetailMessages } from '@reelcraft/contract';
import { unprocessable } from '../../platform/http/http-error';
import type { ObjectStorage } from '../../platform/storage';

/** What the profile picture needs of stored files; wired in services.ts from the storage and uploads. */
export interface ProfilePictureFiles {
  /** The storage key an address names: one of our storage URIs or a URL our storage signed; else null. */
  keyOf(address: string): Promise<string | null>;
  /** The user's own uploaded image at a storage URI, or null (another user's, missing, not an image). */
  findOwnImage(userId: string, uri: string): Promise<{ uri: string } | null>;
  storage: Pick<ObjectStorage, 'uriFor' | 'keyFromUri' | 'signedUrl'>;
  signedUrlTtlSeconds: number;
}

/**
 * A profile picture is one of the user's own uploaded images (issue 37: any URL was kept, and
 * answered to browsers, `http://169.254.169.254/...` included). It is kept as the object's storage
 * URI and answered as a fresh signed URL, so it never expires in the row.
 */
export class ProfilePictures {
  constructor(private readonly files: ProfilePictureFiles) {}

  /**
   * The storage URI to keep for the address the user sent, or 422. Another user's image, a missing
   * one and any address outside our storage answer alike: nobody learns what exists.
   */
  async uriToKeep(userId: string, address: string): Promise<string> {
    const key = await this.files.keyOf(address);
    const image = key === null ? null : await this.files.findOwnImage(userId, this.files.storage.uriFor(key));
    if (!image) {
      throw unprocessable([
        {
          loc: ['body', 'profile_picture_url'],
          msg: serverDetailMessages.profilePictureNotOwnUpload,
          type: 'value_error',
        },
      ]);
    }
    return image.uri;
  }

  /** The address a browser shows the kept picture from; null when none, or one we cannot serve. */
  async browserUrl(storedUri: string | null): Promise<string | null> {
    const key = storedUri === null ? null : this.files.storage.keyFromUri(storedUri);
    if (key === null) return null;
    return this.files.storage.signedUrl(key, { expiresInSeconds: this.files.signedUrlTtlSeconds });
  }
}
