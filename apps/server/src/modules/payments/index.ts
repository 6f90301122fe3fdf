export { paymentsRoutes } from './payments.routes';
export {
  createPaymentServices,
  type PaymentServices,
  type PaymentServicesDeps,
} from './create-payment-services';
export { PaymentsService, checkCapturedOrder, paymentDetails } from './payments.service';
export { PaypalClient } from './paypal-client';
export { StripeWebhooksService, stripeWebhookDetails } from './stripe-webhooks.service';
export { TEST_CHECKOUT_PATH, TEST_PAYER_ID, TestCheckoutProvider } from './test-checkout.provider';
export { TEST_MODE_BANNER } from './test-checkout.page';
export type { PaymentOrderRow } from './payments.schema';
