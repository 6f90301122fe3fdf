import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { mkdir, open, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { normalizeDownloadName } from './content-disposition';
import {
  assertValidContentType,
  assertValidExpiry,
  assertValidStorageKey,
  isValidStorageKey,
  keyAfterPrefix,
  RangeNotSatisfiableError,
  StorageObjectNotFoundError,
  existsByStat,
} from './storage';
import type {
  ByteRange,
  ObjectInfo,
  ObjectReadResult,
  ObjectStorage,
  PutObjectOptions,
  SignedUrlOptions,
  StoredObject,
} from './storage';

export const LOCAL_STORAGE_ROUTE_PREFIX = '/api/v1/storage/';
const URI_PREFIX = 'local://';
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
// Domain separation: the same secret may also sign other things (e.g. tokens) without a signature for
// one being valid for the other.
const SIGNATURE_CONTEXT = 'reelcraft-storage-get-v1';
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const EXPIRES_PATTERN = /^\d{1,12}$/;

export interface LocalStorageOptions {
  /** Directory holding the objects (DATA_DIR/objects); created on first write. */
  root: string;
  /** HMAC key of the signed URLs, at least 16 bytes. */
  signingSecret: string | Buffer;
  /** Origin put in front of signed URLs (e.g. `https://video.example.com`); '' gives root-relative URLs. */
  publicBaseUrl?: string;
  /** Clock in milliseconds, for tests. */
  now?: () => number;
}

/** The query string of a signed URL, as Fastify parses it. */
export type SignedRequestQuery = Record<string, unknown>;

export type SignedRequestVerdict =
  | { ok: true; expiresAt: number; secondsLeft: number; downloadName?: string }
  | { ok: false; reason: 'missing' | 'invalid' | 'expired' };

export interface LocalObjectStorage extends ObjectStorage {
  readonly driver: 'local';
  readonly root: string;
  /** Checks a signed URL's key, expiry, name and signature (timing-safe) at `now` (ms). */
  verifySignedRequest(key: string, query: SignedRequestQuery, now?: number): SignedRequestVerdict;
}

/** True for the local driver, whose signed URLs this server verifies and serves itself. */
export function isLocalObjectStorage(storage: ObjectStorage): storage is LocalObjectStorage {
  return storage.driver === 'local' && 'verifySignedRequest' in storage;
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

async function removeQuietly(file: string): Promise<void> {
  await rm(file, { force: true }).catch(() => undefined);
}

// Makes a rename durable; some file systems refuse to fsync a directory, which only costs durability.
async function syncDirectory(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // best effort
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

async function writeBody(handle: FileHandle, body: Buffer | Readable): Promise<number> {
  if (Buffer.isBuffer(body)) {
    await handle.writeFile(body);
    return body.length;
  }
  let size = 0;
  // for-await gives backpressure, and throws if the stream errors or is destroyed before its end.
  for await (const chunk of body as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    await handle.write(bytes);
    size += bytes.length;
  }
  return size;
}

/**
 * Objects as files under `root`. Layout:
 * - `<root>/<key>`: the bytes;
 * - `<root>/.meta/<key>.json`: `{ "contentType": ... }`, the type given at put time;
 * - `<root>/.tmp/<uuid>`: writes in progress, renamed into place once complete and synced.
 * No key can reach `.meta` or `.tmp` because key segments may not start with a dot.
 */
export function createLocalStorage(options: LocalStorageOptions): LocalObjectStorage {
  const root = path.resolve(options.root);
  const tmpDir = path.join(root, '.tmp');
  const metaDir = path.join(root, '.meta');
  const secret = Buffer.isBuffer(options.signingSecret)
    ? options.signingSecret
    : Buffer.from(options.signingSecret, 'utf8');
  if (secret.length < 16) throw new Error('Local storage signing secret must be at least 16 bytes');
  const baseUrl = (options.publicBaseUrl ?? '').replace(/\/+$/, '');
  const now = options.now ?? Date.now;

  function pathsFor(key: string): { file: string; meta: string } {
    assertValidStorageKey(key);
    const file = path.join(root, key);
    // The key rules already forbid escaping; this guards against a future change to them.
    if (!file.startsWith(root + path.sep)) throw new Error(`Storage key escapes the root: ${key}`);
    return { file, meta: path.join(metaDir, `${key}.json`) };
  }

  /** Writes a body to a new synced file under `.tmp`; the caller renames it into place. */
  async function writeTemporary(body: Buffer | Readable): Promise<{ tmp: string; size: number }> {
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, randomUUID());
    let handle: FileHandle | undefined;
    try {
      handle = await open(tmp, 'wx', 0o640);
      const size = await writeBody(handle, body);
      await handle.sync();
      await handle.close();
      return { tmp, size };
    } catch (error) {
      await handle?.close().catch(() => undefined);
      await removeQuietly(tmp);
      throw error;
    }
  }

  async function moveIntoPlace(tmp: string, target: string): Promise<void> {
    await mkdir(path.dirname(target), { recursive: true });
    await rename(tmp, target);
    await syncDirectory(path.dirname(target));
  }

  async function readContentType(metaPath: string): Promise<string> {
    try {
      const meta = JSON.parse(await readFile(metaPath, 'utf8')) as { contentType?: unknown };
      if (typeof meta.contentType === 'string') return meta.contentType;
    } catch {
      // A file put in place by hand has no sidecar: serve it as plain bytes.
    }
    return DEFAULT_CONTENT_TYPE;
  }

  async function statObject(key: string): Promise<ObjectInfo> {
    const { file, meta } = pathsFor(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) throw new StorageObjectNotFoundError(key);
      return { key, size: info.size, contentType: await readContentType(meta), lastModified: info.mtime };
    } catch (error) {
      if (isErrno(error, 'ENOENT') || isErrno(error, 'ENOTDIR')) throw new StorageObjectNotFoundError(key);
      throw error;
    }
  }

  function sign(key: string, expires: number, downloadName: string | undefined): string {
    return createHmac('sha256', secret)
      .update(`${SIGNATURE_CONTEXT}\n${key}\n${expires}\n${downloadName ?? ''}`)
      .digest('base64url');
  }

  return {
    driver: 'local',
    root,

    async put(
      key: string,
      body: Buffer | Readable,
      { contentType }: PutObjectOptions,
    ): Promise<StoredObject> {
      const temporary: string[] = [];
      try {
        const { file, meta } = pathsFor(key);
        assertValidContentType(contentType);
        const data = await writeTemporary(body);
        temporary.push(data.tmp);
        const sidecar = await writeTemporary(Buffer.from(JSON.stringify({ contentType })));
        temporary.push(sidecar.tmp);
        // Both files are complete before either is moved, so a failed upload changes nothing. The
        // sidecar goes first: a visible object always has its type.
        await moveIntoPlace(sidecar.tmp, meta);
        await moveIntoPlace(data.tmp, file);
        return { uri: URI_PREFIX + key, key, size: data.size };
      } catch (error) {
        await Promise.all(temporary.map(removeQuietly));
        // An unread upload stream would otherwise hold its request open.
        if (!Buffer.isBuffer(body) && !body.destroyed) body.destroy();
        throw error;
      }
    },

    async get(key: string, range?: ByteRange): Promise<ObjectReadResult> {
      const { file, meta } = pathsFor(key);
      let handle: FileHandle;
      try {
        handle = await open(file, 'r');
      } catch (error) {
        if (isErrno(error, 'ENOENT') || isErrno(error, 'ENOTDIR') || isErrno(error, 'EISDIR')) {
          throw new StorageObjectNotFoundError(key);
        }
        throw error;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) throw new StorageObjectNotFoundError(key);
        const size = info.size;
        const contentType = await readContentType(meta);
        if (range === undefined) {
          return { stream: handle.createReadStream(), size, contentType };
        }
        if (!Number.isInteger(range.start) || range.start < 0 || range.start >= size) {
          throw new RangeNotSatisfiableError(key, size);
        }
        const end = Math.min(range.end ?? size - 1, size - 1);
        if (!Number.isInteger(end) || end < range.start) throw new RangeNotSatisfiableError(key, size);
        return {
          stream: handle.createReadStream({ start: range.start, end }),
          size,
          contentType,
          range: { start: range.start, end },
        };
      } catch (error) {
        await handle.close().catch(() => undefined);
        throw error;
      }
    },

    stat: statObject,

    exists: (key: string) => existsByStat(statObject, key),

    async delete(key: string): Promise<void> {
      const { file, meta } = pathsFor(key);
      for (const target of [file, meta]) {
        try {
          await unlink(target);
        } catch (error) {
          if (!isErrno(error, 'ENOENT') && !isErrno(error, 'ENOTDIR')) throw error;
        }
      }
    },

    async signedUrl(key: string, { expiresInSeconds, downloadName }: SignedUrlOptions): Promise<string> {
      assertValidStorageKey(key);
      assertValidExpiry(expiresInSeconds);
      const expires = Math.floor(now() / 1000) + expiresInSeconds;
      const name = downloadName === undefined ? undefined : normalizeDownloadName(downloadName);
      const query = new URLSearchParams({ expires: String(expires), signature: sign(key, expires, name) });
      if (name !== undefined) query.set('name', name);
      return `${baseUrl}${LOCAL_STORAGE_ROUTE_PREFIX}${key}?${query.toString()}`;
    },

    verifySignedRequest(key: string, query: SignedRequestQuery, at: number = now()): SignedRequestVerdict {
      const { expires, signature, name } = query;
      if (expires === undefined || signature === undefined) return { ok: false, reason: 'missing' };
      if (
        !isValidStorageKey(key) ||
        typeof expires !== 'string' ||
        !EXPIRES_PATTERN.test(expires) ||
        typeof signature !== 'string' ||
        !SIGNATURE_PATTERN.test(signature) ||
        (name !== undefined && typeof name !== 'string')
      ) {
        return { ok: false, reason: 'invalid' };
      }
      const expiresAt = Number(expires);
      // Compare the encoded strings, not decoded bytes: base64url decoding ignores the spare bits of
      // the last character, which would let an altered signature pass.
      const expected = Buffer.from(sign(key, expiresAt, name));
      if (!timingSafeEqual(expected, Buffer.from(signature))) return { ok: false, reason: 'invalid' };
      if (at >= expiresAt * 1000) return { ok: false, reason: 'expired' };
      const secondsLeft = Math.max(0, Math.floor((expiresAt * 1000 - at) / 1000));
      return name === undefined
        ? { ok: true, expiresAt, secondsLeft }
        : { ok: true, expiresAt, secondsLeft, downloadName: name };
    },

    uriFor(key: string): string {
      assertValidStorageKey(key);
      return URI_PREFIX + key;
    },

    keyFromUri(uri: string): string | null {
      return keyAfterPrefix(uri, URI_PREFIX);
    },

    async close(): Promise<void> {
      // Nothing held open between calls.
    },
  };
}
