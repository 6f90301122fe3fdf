import type * as S3Sdk from '@aws-sdk/client-s3';
import type { CompletedPart, S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { getSignedUrl as GetSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { contentDispositionAttachment } from './content-disposition';
import {
  assertValidContentType,
  assertValidExpiry,
  assertValidStorageKey,
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

const MIN_PART_SIZE = 5 * 1024 * 1024;
const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible stores (MinIO, R2, ...); omitted for AWS. */
  endpoint?: string;
  /** Path-style URLs (`endpoint/bucket/key`), which most self-hosted stores need. */
  forcePathStyle?: boolean;
  /** Both unset: the AWS SDK's default credential chain (environment, instance role, ...). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Endpoint that browsers reach, when it differs from `endpoint` (e.g. inside docker). */
  publicEndpoint?: string;
  /** Size of each part when a stream is uploaded in parts; at least 5 MiB (S3's minimum). */
  partSizeBytes?: number;
}

export interface S3ObjectStorage extends ObjectStorage {
  readonly driver: 's3';
  readonly bucket: string;
}

interface S3ErrorShape {
  name?: string;
  $metadata?: { httpStatusCode?: number };
}

function s3Status(error: unknown): { name: string | undefined; status: number | undefined } {
  const shape = (typeof error === 'object' && error !== null ? error : {}) as S3ErrorShape;
  return { name: shape.name, status: shape.$metadata?.httpStatusCode };
}

function isNotFound(error: unknown): boolean {
  const { name, status } = s3Status(error);
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404;
}

function isInvalidRange(error: unknown): boolean {
  const { name, status } = s3Status(error);
  return name === 'InvalidRange' || status === 416;
}

function toBuffer(chunk: Buffer | string): Buffer {
  return typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
}

interface S3Connection {
  sdk: typeof S3Sdk;
  getSignedUrl: typeof GetSignedUrl;
  client: S3Client;
  presignClient: S3Client;
}

let s3Sdk: Promise<Pick<S3Connection, 'sdk' | 'getSignedUrl'>> | undefined;
/**
 * The AWS SDK is loaded on the first S3 request, not when the server starts: it is about 6 MB of
 * heap (20 MB resident) that a server on the default local storage never uses (issue 20).
 */
function loadS3Sdk(): Promise<Pick<S3Connection, 'sdk' | 'getSignedUrl'>> {
  s3Sdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]).then(
    ([sdk, presigner]) => ({ sdk, getSignedUrl: presigner.getSignedUrl }),
  );
  return s3Sdk;
}

/** Objects in one bucket of an S3-compatible store. */
export function createS3Storage(options: S3StorageOptions): S3ObjectStorage {
  const { bucket } = options;
  const partSize = options.partSizeBytes ?? DEFAULT_PART_SIZE;
  if (!Number.isInteger(partSize) || partSize < MIN_PART_SIZE) {
    throw new RangeError(`partSizeBytes must be an integer of at least ${MIN_PART_SIZE}`);
  }
  const uriPrefix = `s3://${bucket}/`;

  function clientConfig(endpoint: string | undefined): S3ClientConfig {
    return {
      region: options.region,
      endpoint,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Newer SDKs add CRC checksums to every request by default, which many S3-compatible stores
      // reject; send them only where the API requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
  }

  let connection: Promise<S3Connection> | undefined;
  const connect = () =>
    (connection ??= loadS3Sdk().then(({ sdk, getSignedUrl }) => {
      const client = new sdk.S3Client(clientConfig(options.endpoint));
      // Presigned URLs are signed for a host: sign with the one the browser will call.
      const presignClient =
        options.publicEndpoint !== undefined && options.publicEndpoint !== options.endpoint
          ? new sdk.S3Client(clientConfig(options.publicEndpoint))
          : client;
      return { sdk, getSignedUrl, client, presignClient };
    }));

  async function putBuffer(key: string, body: Buffer, contentType: string): Promise<void> {
    const { sdk, client } = await connect();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
      }),
    );
  }

  // Streams of unknown length: one PutObject when the stream fits in one part, otherwise a multipart
  // upload, aborted on any failure. Either way S3 shows the object only once it is complete, and at
  // most one part is held in memory.
  async function putStream(key: string, body: Readable, contentType: string): Promise<number> {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let size = 0;
    let uploadId: string | undefined;
    const parts: CompletedPart[] = [];

    async function uploadPart(bytes: Buffer): Promise<void> {
      const { sdk, client } = await connect();
      if (uploadId === undefined) {
        const created = await client.send(
          new sdk.CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType }),
        );
        if (!created.UploadId) throw new Error('S3 did not return an upload id');
        uploadId = created.UploadId;
      }
      const partNumber = parts.length + 1;
      const uploaded = await client.send(
        new sdk.UploadPartCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber: partNumber,
          Body: bytes,
          ContentLength: bytes.length,
        }),
      );
      parts.push({ PartNumber: partNumber, ETag: uploaded.ETag });
    }

    try {
      for await (const chunk of body as AsyncIterable<Buffer | string>) {
        const bytes = toBuffer(chunk);
        pending.push(bytes);
        pendingBytes += bytes.length;
        size += bytes.length;
        while (pendingBytes >= partSize) {
          const all = Buffer.concat(pending, pendingBytes);
          await uploadPart(all.subarray(0, partSize));
          const rest = all.subarray(partSize);
          pending = rest.length > 0 ? [rest] : [];
          pendingBytes = rest.length;
        }
      }
      const last = Buffer.concat(pending, pendingBytes);
      if (uploadId === undefined) {
        await putBuffer(key, last, contentType);
        return size;
      }
      if (last.length > 0) await uploadPart(last);
      const { sdk, client } = await connect();
      await client.send(
        new sdk.CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
      return size;
    } catch (error) {
      if (uploadId !== undefined) {
        const { sdk, client } = await connect();
        await client
          .send(new sdk.AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }))
          .catch(() => undefined);
      }
      throw error;
    }
  }

  async function statObject(key: string): Promise<ObjectInfo> {
    assertValidStorageKey(key);
    try {
      const { sdk, client } = await connect();
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
      return {
        key,
        size: head.ContentLength ?? 0,
        contentType: head.ContentType ?? DEFAULT_CONTENT_TYPE,
        lastModified: head.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isNotFound(error)) throw new StorageObjectNotFoundError(key);
      throw error;
    }
  }

  return {
    driver: 's3',
    bucket,

    async put(
      key: string,
      body: Buffer | Readable,
      { contentType }: PutObjectOptions,
    ): Promise<StoredObject> {
      try {
        assertValidStorageKey(key);
        assertValidContentType(contentType);
        const size = Buffer.isBuffer(body)
          ? (await putBuffer(key, body, contentType), body.length)
          : await putStream(key, body, contentType);
        return { uri: uriPrefix + key, key, size };
      } catch (error) {
        // An unread upload stream would otherwise hold its request open.
        if (!Buffer.isBuffer(body) && !body.destroyed) body.destroy();
        throw error;
      }
    },

    async get(key: string, range?: ByteRange): Promise<ObjectReadResult> {
      assertValidStorageKey(key);
      if (
        range !== undefined &&
        (!Number.isInteger(range.start) ||
          range.start < 0 ||
          (range.end !== undefined && (!Number.isInteger(range.end) || range.end < range.start)))
      ) {
        throw new RangeNotSatisfiableError(key, (await statObject(key)).size);
      }
      const rangeHeader =
        range === undefined ? undefined : `bytes=${range.start}-${range.end === undefined ? '' : range.end}`;
      try {
        const { sdk, client } = await connect();
        const answer = await client.send(
          new sdk.GetObjectCommand({ Bucket: bucket, Key: key, Range: rangeHeader }),
        );
        if (!(answer.Body instanceof Readable)) throw new Error('S3 answered without a readable body');
        const contentType = answer.ContentType ?? DEFAULT_CONTENT_TYPE;
        const contentRange = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.ContentRange ?? '');
        if (range === undefined || !contentRange) {
          // No range asked, or the store ignored it and sent the whole object.
          return { stream: answer.Body, size: answer.ContentLength ?? 0, contentType };
        }
        return {
          stream: answer.Body,
          size: Number(contentRange[3]),
          contentType,
          range: { start: Number(contentRange[1]), end: Number(contentRange[2]) },
        };
      } catch (error) {
        if (isNotFound(error)) throw new StorageObjectNotFoundError(key);
        if (isInvalidRange(error)) throw new RangeNotSatisfiableError(key, (await statObject(key)).size);
        throw error;
      }
    },

    stat: statObject,

    exists: (key: string) => existsByStat(statObject, key),

    async delete(key: string): Promise<void> {
      assertValidStorageKey(key);
      try {
        const { sdk, client } = await connect();
        await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },

    async signedUrl(key: string, { expiresInSeconds, downloadName }: SignedUrlOptions): Promise<string> {
      assertValidStorageKey(key);
      assertValidExpiry(expiresInSeconds);
      const { sdk, getSignedUrl, presignClient } = await connect();
      const command = new sdk.GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentDisposition:
          downloadName === undefined ? undefined : contentDispositionAttachment(downloadName),
      });
      return getSignedUrl(presignClient, command, { expiresIn: expiresInSeconds });
    },

    uriFor(key: string): string {
      assertValidStorageKey(key);
      return uriPrefix + key;
    },

    keyFromUri(uri: string): string | null {
      return keyAfterPrefix(uri, uriPrefix);
    },

    async close(): Promise<void> {
      if (!connection) return;
      const { client, presignClient } = await connection;
      client.destroy();
      if (presignClient !== client) presignClient.destroy();
    },
  };
}
