export { subscriptionsRoutes } from './subscriptions.routes';
export {
  createSubscriptionServices,
  type SubscriptionServices,
  type SubscriptionServicesOptions,
} from './create-subscription-services';
export { QuotaService, systemClock, type Clock, type VideoReservation } from './quota.service';
export {
  SubscriptionsService,
  SUBSCRIPTION_NOT_FOUND,
  type AccountQuota,
  type PaidPeriodInput,
  type PaidPeriodOutcome,
} from './subscriptions.service';
export type { SubscriptionNotice, SubscriptionNotifier } from './subscription-notices';
export { centsToAmount, isPaidPlanId } from './plan-catalogue';
export {
  subscriptionEvents,
  subscriptionPlans,
  userSubscriptions,
  videoQuotaPeriods,
  videoReservations,
  type PlanRow,
  type SubscriptionEventRow,
} from './subscriptions.schema';
