import { isValidStorageKey, type ObjectStorage } from '../../platform/storage';

/** A probe key: its signed URL shows where keys sit in this storage's URLs. */
const PROBE_KEY = 'probe/object';
const STORAGE_URI = /^(local|s3|gs):\/\//;

interface UrlShape {
  origin: string;
  /** The path before the key, e.g. `/api/v1/storage/` (local) or `/<bucket>/` (S3 path style). */
  prefix: string;
}

/**
 * Finds the storage key an address names: one of our storage URIs, or a URL this instance's storage
 * signs (expired or not; local `/api/v1/storage/<key>?...`, S3 path or virtual-host style). Anything
 * else (another host or scheme, a path outside the storage area, an unsafe key) names nothing. The
 * address is only parsed, never requested.
 */
export class StoredObjectAddresses {
  private shape: Promise<UrlShape> | undefined;

  constructor(
    private readonly storage: Pick<ObjectStorage, 'signedUrl' | 'keyFromUri'>,
    /** Where relative addresses (local signed URLs are paths) are resolved. */
    private readonly publicUrl: string,
  ) {}

  async keyOf(address: string): Promise<string | null> {
    if (STORAGE_URI.test(address)) return this.storage.keyFromUri(address);
    const { origin, prefix } = await this.urlShape();
    let url: URL;
    try {
      url = new URL(address, origin);
    } catch {
      return null;
    }
    if (url.origin !== origin || url.username || url.password) return null;
    if (!url.pathname.startsWith(prefix)) return null;
    try {
      // The key's segments as the URL encoded them; a decoded "/" only makes an invalid key.
      const key = url.pathname.slice(prefix.length).split('/').map(decodeURIComponent).join('/');
      return isValidStorageKey(key) ? key : null;
    } catch {
      return null;
    }
  }

  private urlShape(): Promise<UrlShape> {
    this.shape ??= this.storage.signedUrl(PROBE_KEY, { expiresInSeconds: 60 }).then((signed) => {
      const url = new URL(signed, this.publicUrl);
      if (!url.pathname.endsWith(`/${PROBE_KEY}`)) {
        throw new Error(`Cannot tell where keys sit in this storage's URLs: ${url.pathname}`);
      }
      return { origin: url.origin, prefix: url.pathname.slice(0, -PROBE_KEY.length) };
    });
    return this.shape;
  }
}
