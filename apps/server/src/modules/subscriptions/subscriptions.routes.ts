import type { FastifyInstance } from 'fastify';
import {
  getPlan,
  getSubscriptionDashboard,
  getSubscriptionStatus,
  getVideoCount,
  listPlans,
} from '@reelcraft/contract';
import { requireUser } from '../../platform/http/request-user';
import type { ModuleContext } from '../../platform/module-context';
import { createSubscriptionServices } from './create-subscription-services';

/**
 * Plans, the caller's subscription and video count (spec 000 section 7). The payment calls that
 * activate a plan are the payments module's.
 */
export async function subscriptionsRoutes(
  app: FastifyInstance,
  { platform, registerCall }: ModuleContext,
): Promise<void> {
  const { quota, subscriptions, syncPlans } = createSubscriptionServices(platform);
  await syncPlans();

  registerCall(app, listPlans, () => subscriptions.listPlans());
  registerCall(app, getPlan, ({ params }) => subscriptions.getPlan(params.id));
  registerCall(app, getVideoCount, ({ request }) => quota.getVideoCount(requireUser(request).id));
  registerCall(app, getSubscriptionDashboard, ({ request }) => quota.getDashboard(requireUser(request).id));
  registerCall(app, getSubscriptionStatus, ({ params, request }) =>
    subscriptions.getStatus(requireUser(request).id, params.id),
  );
}
