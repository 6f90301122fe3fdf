import {
  serverDetailMessages,
  SIGNED_UPLOAD_MIME_TYPES,
  type DeletedAnswer,
  type LibraryImage,
  type LibraryImageSaveRecord,
  type LibraryImageSource,
} from '@reelcraft/contract';
import { notFound } from '../../platform/http/http-error';
import { StorageObjectNotFoundError, type ObjectStorage } from '../../platform/storage';
import type { LibraryRepository } from './library.repository';
import type { LibraryImageRow } from './library.schema';
import { isUploadOf } from './upload-keys';

export const IMAGE_NOT_FOUND = serverDetailMessages.imageNotFound;

/** The most images the list answers (the newest): the contract's list has no paging. */
export const LIBRARY_LIST_LIMIT = 1000;

const FILENAME_MAX_LENGTH = 255;
const IMAGE_CONTENT_TYPES: ReadonlySet<string> = new Set(SIGNED_UPLOAD_MIME_TYPES);

/** An image already in storage to keep in a user's library. */
export interface NewLibraryImageInput {
  /** One of this instance's storage URIs, in the user's upload area (see `uploadKeyPrefix`). */
  uri: string;
  originalFilename: string;
  source: LibraryImageSource;
  /** Where it came from (job id, prompt, session...); stored, not answered. */
  metadata?: Record<string, unknown> | null;
  width?: number | null;
  height?: number | null;
  /** A lasting public address, if the store gives the object one (ours never do). */
  publicUrl?: string | null;
}

/** Why an image was not taken; for logs, never sent (it would tell whether someone's object exists). */
export type LibrarySkipReason = 'not-our-storage' | 'not-the-callers' | 'missing' | 'not-an-image';

export interface LibrarySaveOutcome {
  /** The images now in the library, in the order given, one per distinct object. */
  saved: LibraryImage[];
  skipped: { uri: string; reason: LibrarySkipReason }[];
}

/** Thrown by `add`: a server-side flow offered an object the library cannot take. */
export class LibraryImageRefusedError extends Error {
  override readonly name = 'LibraryImageRefusedError';
  constructor(
    readonly uri: string,
    readonly reason: LibrarySkipReason,
  ) {
    super(`The image library refused ${uri.slice(0, 200)}: ${reason}`);
  }
}

type LibraryStorage = Pick<ObjectStorage, 'keyFromUri' | 'uriFor' | 'stat' | 'signedUrl' | 'delete'>;
type Admission = { row: LibraryImageRow } | { reason: LibrarySkipReason };

/** The image went into a video or a studio job (the save record's metadata names which). */
function madeSomething(row: LibraryImageRow): boolean {
  const metadata = row.metadata ?? {};
  return typeof metadata.session_id === 'string' || typeof metadata.job_id === 'string';
}

function clip(text: string, maxLength: number): string {
  const codePoints = Array.from(text);
  return codePoints.length > maxLength ? codePoints.slice(0, maxLength).join('') : text;
}

/**
 * A user's image library. It only ever points at the user's own uploads that exist and are images,
 * so deleting a library image can only remove the owner's own object, and a signed URL is only ever
 * made for an object its owner saved. Another user's id is "not found", never "forbidden".
 */
export class LibraryService {
  constructor(
    private readonly repository: LibraryRepository,
    private readonly storage: LibraryStorage,
    private readonly signedUrlTtlSeconds: number,
  ) {}

  /** The user's images, newest first (at most LIBRARY_LIST_LIMIT), with fresh signed URLs. */
  async list(userId: string): Promise<LibraryImage[]> {
    const rows = await this.repository.listForUser(userId, LIBRARY_LIST_LIMIT);
    const images = await Promise.all(rows.map((row) => this.toImage(row)));
    return images.filter((image): image is LibraryImage => image !== null);
  }

  /** The bytes the user's library images keep stored (as read from storage when each was saved). */
  storedBytes(userId: string): Promise<number> {
    return this.repository.storedBytes(userId);
  }

  /**
   * The save call: keeps each record whose object is one of the user's uploads, skips the others
   * (spec 001 section 5). The client's public_url (an expiring link), content type and size are not
   * trusted or kept: type and size are read from storage, links are signed afresh on every answer.
   */
  async save(userId: string, records: readonly LibraryImageSaveRecord[]): Promise<LibrarySaveOutcome> {
    const saved = new Map<string, LibraryImage>();
    const skipped: LibrarySaveOutcome['skipped'] = [];
    // One after the other: at most 20 records, and the answer keeps their order.
    for (const record of records) {
      const admission = await this.admit(userId, {
        uri: record.gcs_uri,
        originalFilename: record.original_filename,
        source: record.source,
        metadata: record.metadata ?? null,
        width: record.width ?? null,
        height: record.height ?? null,
      });
      if ('reason' in admission) {
        skipped.push({ uri: record.gcs_uri, reason: admission.reason });
        continue;
      }
      if (saved.has(admission.row.id)) continue;
      const image = await this.toImage(admission.row);
      if (image) saved.set(admission.row.id, image);
    }
    return { saved: [...saved.values()], skipped };
  }

  /**
   * For creation flows (enhancer, studio) saving an upload they made for the user, with its source
   * and metadata. Answers the existing image when the object is already in the library; throws
   * LibraryImageRefusedError when the object is not the user's upload, missing, or not an image.
   */
  async add(userId: string, input: NewLibraryImageInput): Promise<LibraryImage> {
    const admission = await this.admit(userId, input);
    if ('reason' in admission) throw new LibraryImageRefusedError(input.uri, admission.reason);
    const image = await this.toImage(admission.row);
    if (!image) throw new LibraryImageRefusedError(input.uri, 'not-our-storage');
    return image;
  }

  /**
   * Removes the image from the library and its object from storage, unless a video or studio job was
   * made from it (its metadata names the session or job): that job's storyboard still reads the
   * image to render its scenes again. 404 for an unknown id, another user's, or one already deleted.
   * The object goes first: if that fails the row stays, so the delete can be retried instead of
   * leaving an object nothing points at.
   */
  async delete(userId: string, id: string): Promise<DeletedAnswer> {
    const row = await this.repository.findForUser(userId, id);
    if (!row) throw notFound(IMAGE_NOT_FOUND);
    const key = this.storage.keyFromUri(row.storageUri);
    // Rows only hold the owner's uploads; checked again because this deletes bytes.
    if (key !== null && isUploadOf(key, userId) && !madeSomething(row)) await this.storage.delete(key);
    const deleted = await this.repository.softDeleteForUser(userId, id, new Date());
    if (!deleted?.deletedAt) throw notFound(IMAGE_NOT_FOUND);
    return { id: deleted.id, deleted_at: deleted.deletedAt.toISOString() };
  }

  /**
   * The ownership check comes before any storage call, so whether another user's object exists is
   * never looked at, let alone told.
   */
  private async admit(userId: string, input: NewLibraryImageInput): Promise<Admission> {
    const key = this.storage.keyFromUri(input.uri);
    if (key === null) return { reason: 'not-our-storage' };
    if (!isUploadOf(key, userId)) return { reason: 'not-the-callers' };
    let contentType: string;
    let size: number;
    try {
      const info = await this.storage.stat(key);
      contentType = info.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
      size = info.size;
    } catch (error) {
      if (error instanceof StorageObjectNotFoundError) return { reason: 'missing' };
      throw error;
    }
    if (!IMAGE_CONTENT_TYPES.has(contentType)) return { reason: 'not-an-image' };
    const row = await this.repository.insertOrFind({
      userId,
      // The canonical form, so one object is one row however its URI was written.
      storageUri: this.storage.uriFor(key),
      publicUrl: input.publicUrl ?? null,
      originalFilename: clip(
        input.originalFilename.trim() || key.slice(key.lastIndexOf('/') + 1),
        FILENAME_MAX_LENGTH,
      ),
      contentType,
      sizeBytes: size,
      width: input.width ?? null,
      height: input.height ?? null,
      source: input.source,
      metadata: input.metadata ?? null,
    });
    return { row };
  }

  /** Null for a row this instance cannot serve (its URI is another store's, after a storage move). */
  private async toImage(row: LibraryImageRow): Promise<LibraryImage | null> {
    const key = this.storage.keyFromUri(row.storageUri);
    if (key === null) return null;
    const url = await this.storage.signedUrl(key, { expiresInSeconds: this.signedUrlTtlSeconds });
    return {
      id: row.id,
      filename: row.originalFilename,
      url,
      // Our objects are never public: the same expiring link, as uploads answer it.
      public_url: url,
      gcs_uri: row.storageUri,
      uploaded_at: row.uploadedAt.toISOString(),
      source: row.source,
    };
  }
}
