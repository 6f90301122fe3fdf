import type { FastifyInstance } from 'fastify';
import { resolveRangeHeader } from './byte-range';
import { contentDispositionAttachment } from './content-disposition';
import { isLocalObjectStorage, LOCAL_STORAGE_ROUTE_PREFIX } from './local-storage';
import { RangeNotSatisfiableError, StorageObjectNotFoundError } from './storage';
import type { ObjectInfo, ObjectReadResult, ObjectStorage } from './storage';

export interface LocalStorageRoutesOptions {
  /** Must be the local driver; registering these routes for another driver fails at start-up. */
  storage: ObjectStorage;
}

const FORBIDDEN = { detail: 'Invalid or expired link' };
const NOT_FOUND = { detail: 'Not found' };
const UNSATISFIABLE = { detail: 'Requested range not satisfiable' };

/**
 * Serves the local driver's signed URLs at `GET /api/v1/storage/<key>?expires=&signature=[&name=]`
 * (HEAD comes with it), with single-range support for video seeking. Register at the root prefix.
 */
export async function localStorageRoutes(
  app: FastifyInstance,
  { storage }: LocalStorageRoutesOptions,
): Promise<void> {
  if (!isLocalObjectStorage(storage)) {
    throw new Error(`Storage routes serve the local driver only, not ${storage.driver}`);
  }

  // HEAD is declared, not left to Fastify's automatic HEAD route, which would read the whole file.
  app.route({
    method: ['GET', 'HEAD'],
    url: `${LOCAL_STORAGE_ROUTE_PREFIX}*`,
    handler: async (request, reply) => {
      const key = (request.params as { '*'?: string })['*'] ?? '';
      const verdict = storage.verifySignedRequest(key, request.query as Record<string, unknown>);
      if (!verdict.ok) return reply.code(403).send(FORBIDDEN);

      let object: ObjectInfo | ObjectReadResult;
      let served: { start: number; end: number } | undefined;
      try {
        const info = await storage.stat(key);
        const range = resolveRangeHeader(request.headers.range, info.size);
        if (range.kind === 'unsatisfiable') {
          return reply.code(416).header('content-range', `bytes */${info.size}`).send(UNSATISFIABLE);
        }
        if (request.method === 'HEAD') {
          object = info;
          served = range.kind === 'partial' ? range : undefined;
        } else {
          const read = await storage.get(key, range.kind === 'partial' ? range : undefined);
          object = read;
          served = read.range;
        }
      } catch (error) {
        if (error instanceof StorageObjectNotFoundError) return reply.code(404).send(NOT_FOUND);
        if (error instanceof RangeNotSatisfiableError) {
          return reply.code(416).header('content-range', `bytes */${error.size}`).send(UNSATISFIABLE);
        }
        throw error;
      }

      reply
        .header('content-type', object.contentType)
        .header('accept-ranges', 'bytes')
        .header('cache-control', `private, max-age=${verdict.secondsLeft}`)
        // Uploaded files are served from our own origin: never let a browser run them as a page.
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox");
      if (verdict.downloadName !== undefined) {
        reply.header('content-disposition', contentDispositionAttachment(verdict.downloadName));
      }
      if (served) {
        reply
          .code(206)
          .header('content-range', `bytes ${served.start}-${served.end}/${object.size}`)
          .header('content-length', served.end - served.start + 1);
      } else {
        reply.code(200).header('content-length', object.size);
      }
      return 'stream' in object ? reply.send(object.stream) : reply.send();
    },
  });
}
