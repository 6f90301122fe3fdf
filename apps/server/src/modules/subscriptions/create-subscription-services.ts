import type { AppConfig } from '../../config';
import type { Orm } from '../../platform/db/database';
import { CurrentPeriods } from './current-period';
import { buildPlanCatalogue } from './plan-catalogue';
import { QuotaService, systemClock, type Clock } from './quota.service';
import { SubscriptionAnnouncer, type SubscriptionNotifier } from './subscription-notices';
import { PlansRepository, SubscriptionsRepository } from './subscriptions.repository';
import { SubscriptionsService, type AccountDirectory } from './subscriptions.service';

export interface SubscriptionServices {
  quota: QuotaService;
  subscriptions: SubscriptionsService;
  /** Writes the configured plans into the database (idempotent); run at start-up. */
  syncPlans(): Promise<void>;
}

export interface SubscriptionServicesDeps {
  orm: Orm;
  bus: ConstructorParameters<typeof SubscriptionAnnouncer>[1];
  logger: ConstructorParameters<typeof SubscriptionAnnouncer>[2];
  config: Pick<AppConfig, 'billing'>;
  /** Where notices go (the notifications service). */
  notifier: SubscriptionNotifier;
  /** The accounts (the users service): their plan copy is kept in step. */
  accounts: AccountDirectory;
  clock?: Clock;
}

/** The module's services wired to the database, event bus and plans; built once, in services.ts. */
export function createSubscriptionServices(deps: SubscriptionServicesDeps): SubscriptionServices {
  const clock = deps.clock ?? systemClock;
  const plans = new PlansRepository(deps.orm);
  const subscriptions = new SubscriptionsRepository(deps.orm);
  const periods = new CurrentPeriods(subscriptions, plans, deps.accounts);
  const announcer = new SubscriptionAnnouncer(deps.notifier, deps.bus, deps.logger);
  return {
    quota: new QuotaService(subscriptions, periods, announcer, clock),
    subscriptions: new SubscriptionsService(subscriptions, plans, periods, announcer, clock, deps.accounts),
    syncPlans: () => plans.sync(buildPlanCatalogue(deps.config.billing.planOverrides)),
  };
}
