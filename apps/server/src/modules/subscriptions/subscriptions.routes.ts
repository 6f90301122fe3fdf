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
  }: RouteContext & { quota: QuotaService; subscriptions: SubscriptionsService },
): Promise<void> {
  registerCall(app, listPlans, () => subscriptions.listPlans());
  registerCall(app, getPlan, ({ params }) => subscriptions.getPlan(params.id));
  registerCall(app, getVideoCount, ({ request }) => quota.getVideoCount(requireUser(request).id));
  registerCall(app, getSubscriptionDashboard, ({ request }) => quota.getDashboard(requireUser(request).id));
  registerCall(app, getSubscriptionStatus, ({ params, request }) =>
    subscriptions.getStatus(requireUser(request).id, params.id),
  );
}
