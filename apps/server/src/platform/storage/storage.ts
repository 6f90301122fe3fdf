import type { Readable } from 'node:stream';

/** Where an object lives: `local://<key>` or `s3://<bucket>/<key>`. Stored in the database as-is. */
export type StorageUri = string;

export type StorageDriver = 'local' | 's3';

export interface PutObjectOptions {
  /** MIME type served back with the object, e.g. `image/png`. */
  contentType: string;
}

export interface StoredObject {
  uri: StorageUri;
  key: string;
  /** Bytes written. */
  size: number;
}

export interface ObjectInfo {
  key: string;
  size: number;
  contentType: string;
  lastModified: Date;
}

/** Inclusive byte positions, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
  start: number;
  /** Inclusive; clamped to the last byte. Omitted: up to the end of the object. */
  end?: number;
}

export interface ObjectReadResult {
  /** The object's bytes, or only the requested range. The caller must consume or destroy it. */
  stream: Readable;
  /** Size of the whole object, not of the range. */
  size: number;
  contentType: string;
  /** The range actually served (end clamped to the object), when one was asked for. */
  range?: { start: number; end: number };
}

export interface SignedUrlOptions {
  /** Lifetime of the link, 1 s to 7 days (the S3 presigning limit, kept for both drivers). */
  expiresInSeconds: number;
  /** When given, the browser downloads the object under this file name instead of showing it. */
  downloadName?: string;
}

/** One object store, local disk or S3-compatible; callers never learn which one they drive. */
export interface ObjectStorage {
  readonly driver: StorageDriver;
  /** Writes the whole object or nothing: a failed or aborted body leaves nothing at the key. */
  put(key: string, body: Buffer | Readable, options: PutObjectOptions): Promise<StoredObject>;
  /** Opens the object for reading. Throws StorageObjectNotFoundError or RangeNotSatisfiableError. */
  get(key: string, range?: ByteRange): Promise<ObjectReadResult>;
  /** Size, type and date of an object. Throws StorageObjectNotFoundError. */
  stat(key: string): Promise<ObjectInfo>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** An expiring URL a browser can fetch without credentials. */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string>;
  uriFor(key: string): StorageUri;
  /** The key of one of our URIs, or null for anything else (other scheme or bucket, unsafe key). */
  keyFromUri(uri: string): string | null;
  close(): Promise<void>;
}

export class InvalidStorageKeyError extends Error {
  override readonly name = 'InvalidStorageKeyError';
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`Invalid storage key ${JSON.stringify(key.slice(0, 100))}: ${reason}`);
  }
}

export class StorageObjectNotFoundError extends Error {
  override readonly name = 'StorageObjectNotFoundError';
  constructor(readonly key: string) {
    super(`Storage object not found: ${key}`);
  }
}

/** An object's whole bytes (for objects the product bounded when storing them). */
export async function readObject(storage: Pick<ObjectStorage, 'get'>, key: string): Promise<Buffer> {
  const { stream } = await storage.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export class RangeNotSatisfiableError extends Error {
  override readonly name = 'RangeNotSatisfiableError';
  constructor(
    readonly key: string,
    readonly size: number,
  ) {
    super(`Range not satisfiable for ${key} (size ${size})`);
  }
}

export const STORAGE_KEY_MAX_LENGTH = 512;
export const STORAGE_KEY_SEGMENT_MAX_LENGTH = 200;
export const SIGNED_URL_MAX_SECONDS = 7 * 24 * 60 * 60;

// A segment may not start with a dot: that rules out `.` and `..` and keeps the local driver's own
// `.tmp` and `.meta` folders out of reach of any key.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Why a key is refused, or null when it is a valid storage key. */
function storageKeyProblem(key: unknown): string | null {
  if (typeof key !== 'string') return 'not a string';
  if (key.length === 0) return 'empty';
  if (key.length > STORAGE_KEY_MAX_LENGTH) return `longer than ${STORAGE_KEY_MAX_LENGTH} characters`;
  for (const segment of key.split('/')) {
    if (segment.length === 0) return 'empty segment (leading, trailing or double slash)';
    if (segment.length > STORAGE_KEY_SEGMENT_MAX_LENGTH) {
      return `segment longer than ${STORAGE_KEY_SEGMENT_MAX_LENGTH} characters`;
    }
    if (!SEGMENT.test(segment)) return 'segments allow only A-Z a-z 0-9 . _ - and may not start with a dot';
  }
  return null;
}

export function isValidStorageKey(key: unknown): key is string {
  return storageKeyProblem(key) === null;
}

/** Throws InvalidStorageKeyError unless the key is `/`-separated `[A-Za-z0-9._-]` segments. */
export function assertValidStorageKey(key: unknown): asserts key is string {
  const problem = storageKeyProblem(key);
  if (problem !== null) throw new InvalidStorageKeyError(String(key), problem);
}

/** Throws unless the content type is a printable, header-safe `type/subtype[; params]`. */
export function assertValidContentType(contentType: string): void {
  if (!/^[\x21-\x7e]+\/[\x20-\x7e]+$/.test(contentType) || contentType.length > 255) {
    throw new TypeError(`Invalid content type ${JSON.stringify(contentType.slice(0, 100))}`);
  }
}

export function assertValidExpiry(expiresInSeconds: number): void {
  if (
    !Number.isInteger(expiresInSeconds) ||
    expiresInSeconds < 1 ||
    expiresInSeconds > SIGNED_URL_MAX_SECONDS
  ) {
    throw new RangeError(`expiresInSeconds must be an integer from 1 to ${SIGNED_URL_MAX_SECONDS}`);
  }
}

/** The key after `prefix` in a URI, or null when the URI does not start with it or the key is unsafe. */
export function keyAfterPrefix(uri: unknown, prefix: string): string | null {
  if (typeof uri !== 'string' || !uri.startsWith(prefix)) return null;
  const key = uri.slice(prefix.length);
  return isValidStorageKey(key) ? key : null;
}

/** `exists` for any driver: whether `stat` finds the object (other failures still throw). */
export async function existsByStat(stat: (key: string) => Promise<unknown>, key: string): Promise<boolean> {
  try {
    await stat(key);
    return true;
  } catch (error) {
    if (error instanceof StorageObjectNotFoundError) return false;
    throw error;
  }
}
