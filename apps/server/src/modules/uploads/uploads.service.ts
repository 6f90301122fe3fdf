import crypto from 'node:crypto';
import {
  ENHANCER_MAX_BYTES,
  SIGNED_UPLOAD_MIME_TYPES,
  UPLOAD_MAX_BYTES,
  uploadImagesBodySchema,
  uploadMessages,
  type UploadAnswer,
  type UploadedImage,
  type UploadSource,
} from '@reelcraft/contract';
import { parseCallInput } from '../../platform/http/call-input';
import { badRequest, HttpError } from '../../platform/http/http-error';
import type { MultipartForm, ReceivedFile } from '../../platform/http/multipart-form';
import { readObject, StorageObjectNotFoundError, type ObjectStorage } from '../../platform/storage';
import { isUploadOf, uploadKeyPrefix } from '../library';
import { ImageRefusedError, vetImage, type VettedImage } from './image-vetting';

/** An object stored in a user's upload area. */
export interface StoredUpload {
  id: string;
  key: string;
  uri: string;
  contentType: string;
  sizeBytes: number;
  width: number;
  height: number;
  originalFilename: string;
}

/** One of the user's stored images, found from a URI they sent. */
export interface OwnImage {
  key: string;
  uri: string;
  contentType: string;
  sizeBytes: number;
}

/** Reads a multipart form, handing each file to `onFile` as it arrives. */
export type FormReader = (onFile: (file: ReceivedFile) => Promise<void>) => Promise<MultipartForm>;

/** Uploads default to the image screens' purpose when the client names none. */
const DEFAULT_SOURCE: UploadSource = 'image-to-video';
// The enhancer takes larger images than the other screens (spec 001 section 9).
const maxBytesFor = (source: UploadSource) =>
  source === 'image-enhancement' ? ENHANCER_MAX_BYTES : UPLOAD_MAX_BYTES;

const filesTooLarge = () => new HttpError(413, uploadMessages.filesTooLarge);

/** The answers of POST /upload/signed-url when the files break its limits. */
export const uploadLimitErrors = {
  tooManyFiles: () => badRequest(uploadMessages.tooManyFiles),
  fileTooLarge: filesTooLarge,
};

type UploadStorage = Pick<
  ObjectStorage,
  'put' | 'get' | 'stat' | 'delete' | 'signedUrl' | 'uriFor' | 'keyFromUri'
>;

/**
 * Users' uploaded files: vetted by content, stored under `uploads/<userId>/<uuid>.<ext>` (the area
 * the image library takes objects from), handed out as signed URLs. A user's URI is only ever
 * resolved to an object of their own upload area.
 */
export class UploadsService {
  constructor(
    private readonly storage: UploadStorage,
    private readonly signedUrlTtlSeconds: number,
  ) {}

  /**
   * POST /upload/signed-url: stores each acceptable image as it arrives and lists the refused ones;
   * 400 when no file came or none was accepted, 413 when one is over its limit (nothing is kept then).
   */
  async upload(userId: string, readForm: FormReader): Promise<UploadAnswer> {
    const stored: StoredUpload[] = [];
    const errors: UploadAnswer['errors'] = [];
    let received = 0;
    let largest = 0;
    try {
      const form = await readForm(async (file) => {
        received += 1;
        largest = Math.max(largest, file.data.length);
        try {
          stored.push(await this.store(userId, await vetImage(file, SIGNED_UPLOAD_MIME_TYPES)));
        } catch (error) {
          if (!(error instanceof ImageRefusedError)) throw error;
          errors.push({ filename: file.filename || 'file', error: error.message });
        }
      });
      const { source = DEFAULT_SOURCE } = parseCallInput(uploadImagesBodySchema, form.fields);
      if (largest > maxBytesFor(source)) throw filesTooLarge();
      if (received === 0) throw badRequest(uploadMessages.noFiles);
      if (stored.length === 0) throw badRequest(uploadMessages.allUploadsFailed);
      const images = await Promise.all(stored.map((upload) => this.describe(upload, source)));
      return {
        images,
        uploaded_count: images.length,
        errors,
        warning: errors.length > 0 ? `${errors.length} of ${received} files could not be uploaded` : null,
        message: `Successfully uploaded ${images.length} image${images.length === 1 ? '' : 's'}`,
      };
    } catch (error) {
      // All or nothing for a refused request: no object is left that the answer did not name.
      await Promise.all(stored.map((upload) => this.storage.delete(upload.key)));
      throw error;
    }
  }

  /** Stores a vetted image in the user's upload area. */
  async store(userId: string, image: VettedImage): Promise<StoredUpload> {
    const id = crypto.randomUUID();
    const key = `${uploadKeyPrefix(userId)}${id}.${image.extension}`;
    const object = await this.storage.put(key, image.data, { contentType: image.contentType });
    return {
      id,
      key,
      uri: object.uri,
      contentType: image.contentType,
      sizeBytes: object.size,
      width: image.width,
      height: image.height,
      originalFilename: image.originalFilename,
    };
  }

  /** Stores any other vetted file (a voice sample) in the user's upload area. */
  async storeFile(
    userId: string,
    file: { data: Buffer; contentType: string; extension: string },
  ): Promise<{ key: string; uri: string }> {
    const key = `${uploadKeyPrefix(userId)}${crypto.randomUUID()}.${file.extension}`;
    const object = await this.storage.put(key, file.data, { contentType: file.contentType });
    return { key, uri: object.uri };
  }

  /**
   * The user's stored image named by `uri`, or null when the URI is not ours, not in their upload
   * area, missing, or not an image: callers answer 404 alike, so nobody learns of another's object.
   */
  async findOwnImage(userId: string, uri: string): Promise<OwnImage | null> {
    const key = this.storage.keyFromUri(uri);
    if (key === null || !isUploadOf(key, userId)) return null;
    try {
      const info = await this.storage.stat(key);
      if (!info.contentType.startsWith('image/')) return null;
      return { key, uri: this.storage.uriFor(key), contentType: info.contentType, sizeBytes: info.size };
    } catch (error) {
      if (error instanceof StorageObjectNotFoundError) return null;
      throw error;
    }
  }

  /** The bytes of a stored object (bounded by the upload limits it was stored under). */
  read(key: string): Promise<Buffer> {
    return readObject(this.storage, key);
  }

  async delete(key: string): Promise<void> {
    await this.storage.delete(key);
  }

  signedUrl(key: string): Promise<string> {
    return this.storage.signedUrl(key, { expiresInSeconds: this.signedUrlTtlSeconds });
  }

  private async describe(upload: StoredUpload, source: UploadSource): Promise<UploadedImage> {
    const url = await this.signedUrl(upload.key);
    return {
      id: upload.id,
      signed_url: url,
      gcs_uri: upload.uri,
      public_url: url,
      source,
      metadata: {
        original_filename: upload.originalFilename,
        content_type: upload.contentType,
        size_bytes: upload.sizeBytes,
        width: upload.width,
        height: upload.height,
      },
    };
  }
}
