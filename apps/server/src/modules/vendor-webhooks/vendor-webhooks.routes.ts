import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_BASE_PATH } from '@reelcraft/contract';
import { badRequest, HttpError } from '../../platform/http/http-error';
import type { VendorNews } from '../../platform/realtime/vendor-news';
import { SYNC_WEBHOOK_PATH, type SyncSettings } from '../../config';
import { verifySyncSignature } from './sync-webhook-signature';

/** What we read of sync's notice: the generation's id, at the top or under `result`. */
const syncNoticeSchema = z.union([
  z.object({ result: z.object({ id: z.string().min(1).max(128) }) }),
  z.object({ id: z.string().min(1).max(128) }),
]);

/**
 * Vendors' webhooks (not part of the web app's contract). A notice only wakes the job that polls the
 * vendor, which then asks the vendor itself, so nothing in the notice is trusted beyond its id.
 */
export async function vendorWebhooksRoutes(
  app: FastifyInstance,
  {
    sync,
    vendorNews,
    logger,
  }: {
    /** Unset: sync is not the lip-sync provider, and its route is not served. */
    sync: Pick<SyncSettings, 'webhookSecret'> | undefined;
    vendorNews: Pick<VendorNews, 'publish'>;
    logger: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  },
): Promise<void> {
  if (!sync) return;

  // sync signs the bytes it sends, so this scope keeps the raw body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    `${API_BASE_PATH}${SYNC_WEBHOOK_PATH}`,
    { schema: { tags: ['webhooks'], summary: 'sync lip-sync generation notices' } },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers['sync-signature'];
      if (
        sync.webhookSecret &&
        !verifySyncSignature(Array.isArray(signature) ? signature[0] : signature, raw, sync.webhookSecret)
      ) {
        logger.warn({ ip: request.ip }, 'sync webhook refused: bad signature');
        throw new HttpError(401, 'Invalid webhook signature');
      }
      let notice: z.infer<typeof syncNoticeSchema>;
      try {
        notice = syncNoticeSchema.parse(JSON.parse(raw));
      } catch {
        throw badRequest('Invalid webhook payload');
      }
      const id = 'result' in notice ? notice.result.id : notice.id;
      logger.info({ vendor: 'sync', generationId: id }, 'sync webhook received');
      await vendorNews.publish('sync', id);
      return { received: true };
    },
  );
}
