export { subscriptionsRoutes } from './subscriptions.routes';
export {
  createSubscriptionServices,
  type SubscriptionServices,
  type SubscriptionServicesDeps,
} from './create-subscription-services';
export {
  QuotaService,
  systemClock,
  type Clock,
  type ReservationAttempt,
  type VideoReservation,
} from './quota.service';
export {
  SubscriptionsService,
  SUBSCRIPTION_NOT_FOUND,
  type AccountQuota,
  type PaidPeriodInput,
  type PaidPeriodOutcome,
} from './subscriptions.service';
export type { SubscriptionNotice, SubscriptionNotifier } from './subscription-notices';
export { StorageAllowance, type StorageAllowanceDeps, type StorageUsage } from './storage-allowance';
export { centsToAmount, isPaidPlanId } from './plan-catalogue';
export type { PlanRow, SubscriptionEventRow } from './subscriptions.schema';
