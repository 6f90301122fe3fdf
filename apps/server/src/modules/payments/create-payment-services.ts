import type { Platform } from '../../platform/platform';
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
function chooseOrderProvider(platform: Pick<Platform, 'database' | 'config'>): {
  provider?: OrderProvider;
  testCheckout?: TestCheckoutProvider;
} {
  const { billing, publicUrl } = platform.config;
  if (billing.paypal) return { provider: new PaypalClient(billing.paypal) };
  if (!billing.testMode) return {};
  const testCheckout = new TestCheckoutProvider(new TestCheckoutRepository(platform.database.orm), publicUrl);
  return { provider: testCheckout, testCheckout };
}

export function createPaymentServices(
  platform: Pick<Platform, 'database' | 'config' | 'logger'>,
  subscriptions: SubscriptionsService,
): PaymentServices {
  const { provider, testCheckout } = chooseOrderProvider(platform);
  const logger = platform.logger.child({ component: 'payments' });
  return {
    payments: new PaymentsService(
      new PaymentOrdersRepository(platform.database.orm),
      provider,
      subscriptions,
      { publicUrl: platform.config.publicUrl, billing: platform.config.billing },
      logger,
    ),
    stripeWebhooks: new StripeWebhooksService(
      platform.config.billing.stripe.webhookSecrets,
      new StripeEventsRepository(platform.database.orm),
      subscriptions,
      logger,
    ),
    testCheckout,
  };
}
