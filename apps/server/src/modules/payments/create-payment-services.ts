import type { AppConfig } from '../../config';
import type { Orm } from '../../platform/db/database';
import type { SubscriptionsService } from '../subscriptions';
import type { OrderProvider } from './order-provider';
import { PaymentOrdersRepository } from './payment-orders.repository';
import { PaymentsService } from './payments.service';
import { PaypalClient } from './paypal-client';
import { StripeEventsRepository } from './stripe-events.repository';
import { StripeWebhooksService } from './stripe-webhooks.service';
import { TestCheckoutProvider } from './test-checkout.provider';
import { TestCheckoutRepository } from './test-checkout.repository';

export interface PaymentServices {
  payments: PaymentsService;
  stripeWebhooks: StripeWebhooksService;
  /** Set in test mode: the approval page's side of the built-in checkout. */
  testCheckout?: TestCheckoutProvider;
}

/** PayPal when its keys are set, the built-in test checkout in test mode, otherwise none. */
function chooseOrderProvider(
  orm: Orm,
  config: PaymentServicesDeps['config'],
): {
  provider?: OrderProvider;
  testCheckout?: TestCheckoutProvider;
} {
  const { billing, publicUrl } = config;
  if (billing.paypal) return { provider: new PaypalClient(billing.paypal) };
  if (!billing.testMode) return {};
  const testCheckout = new TestCheckoutProvider(new TestCheckoutRepository(orm), publicUrl);
  return { provider: testCheckout, testCheckout };
}

export interface PaymentServicesDeps {
  orm: Orm;
  config: Pick<AppConfig, 'publicUrl' | 'billing'>;
  logger: ConstructorParameters<typeof StripeWebhooksService>[3];
  subscriptions: SubscriptionsService;
}

/** The module's services wired to the database and the chosen payment provider; built once. */
export function createPaymentServices(deps: PaymentServicesDeps): PaymentServices {
  const { orm, config, logger, subscriptions } = deps;
  const { provider, testCheckout } = chooseOrderProvider(orm, config);
  if (testCheckout) {
    logger.warn({}, 'Payments run in TEST MODE: plans are activated without money (set PayPal keys to sell)');
  }
  return {
    payments: new PaymentsService(
      new PaymentOrdersRepository(orm),
      provider,
      subscriptions,
      { publicUrl: config.publicUrl, billing: config.billing },
      logger,
    ),
    stripeWebhooks: new StripeWebhooksService(
      config.billing.stripe.webhookSecrets,
      new StripeEventsRepository(orm),
      subscriptions,
      logger,
    ),
    testCheckout,
  };
}
