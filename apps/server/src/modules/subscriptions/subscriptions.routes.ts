import type { FastifyInstance } from 'fastify';
import {
  getPlan,
  getSubscriptionDashboard,
  getSubscriptionStatus,
  getVideoCount,
  listPlans,
} from '@reelcraft/contract';
import { requireUser } from '../../platform/http/request-user';
import type { RouteContext } from '../../platform/http/route-context';
import type { QuotaService } from './quota.service';
import type { StorageAllowance } from './storage-allowance';
import type { SubscriptionsService } from './subscriptions.service';

/**
 * Plans, the caller's subscription and video count (spec 000 section 7). The payment calls that
 * activate a plan are the payments module's.
 */
export async function subscriptionsRoutes(
  app: FastifyInstance,
  {
    registerCall,
    quota,
    subscriptions,
    storage,
  }: RouteContext & { quota: QuotaService; subscriptions: SubscriptionsService; storage: StorageAllowance },
): Promise<void> {
  registerCall(app, listPlans, () => subscriptions.listPlans());
  registerCall(app, getPlan, ({ params }) => subscriptions.getPlan(params.id));
  registerCall(app, getVideoCount, ({ request }) => quota.getVideoCount(requireUser(request).id));
  registerCall(app, getSubscriptionDashboard, async ({ request }) => {
    const userId = requireUser(request).id;
    // One after the other: the first opens a new account's period, which the second then reads.
    const dashboard = await quota.getDashboard(userId);
    const usage = await storage.usage(userId);
    return { ...dashboard, storage_used_bytes: usage.usedBytes, storage_limit_bytes: usage.limitBytes };
  });
  registerCall(app, getSubscriptionStatus, ({ params, request }) =>
    subscriptions.getStatus(requireUser(request).id, params.id),
  );
}
