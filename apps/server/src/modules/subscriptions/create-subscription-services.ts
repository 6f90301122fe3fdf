import type { Platform } from '../../platform/platform';
import { createNotificationsService } from '../notifications';
import { CurrentPeriods } from './current-period';
import { buildPlanCatalogue } from './plan-catalogue';
import { QuotaService, systemClock, type Clock } from './quota.service';
import { SubscriptionAnnouncer, type SubscriptionNotifier } from './subscription-notices';
import { PlansRepository, SubscriptionsRepository } from './subscriptions.repository';
import { SubscriptionsService } from './subscriptions.service';

export interface SubscriptionServices {
  quota: QuotaService;
  subscriptions: SubscriptionsService;
  /** Writes the configured plans into the database (idempotent); run at start-up. */
  syncPlans(): Promise<void>;
}

export interface SubscriptionServicesOptions {
  clock?: Clock;
  /** Where notices go; the notifications module by default. */
  notifier?: SubscriptionNotifier;
}

/** The notifications module's service, seen through the one method this module needs. */
function notificationsNotifier(
  platform: Pick<Platform, 'database' | 'bus' | 'logger'>,
): SubscriptionNotifier {
  const notifications = createNotificationsService(platform);
  return {
    async notify(userId, notice) {
      await notifications.create(userId, notice);
    },
  };
}

/** The module's services wired to a process's database, event bus and configuration. */
export function createSubscriptionServices(
  platform: Pick<Platform, 'database' | 'bus' | 'logger' | 'config'>,
  options: SubscriptionServicesOptions = {},
): SubscriptionServices {
  const clock = options.clock ?? systemClock;
  const plans = new PlansRepository(platform.database.orm);
  const subscriptions = new SubscriptionsRepository(platform.database.orm);
  const periods = new CurrentPeriods(subscriptions, plans);
  const announcer = new SubscriptionAnnouncer(
    options.notifier ?? notificationsNotifier(platform),
    platform.bus,
    platform.logger.child({ component: 'subscriptions' }),
  );
  return {
    quota: new QuotaService(subscriptions, periods, announcer, clock),
    subscriptions: new SubscriptionsService(subscriptions, plans, periods, announcer, clock),
    syncPlans: () => plans.sync(buildPlanCatalogue(platform.config.billing.planOverrides)),
  };
}
