export { PaymentPage } from './payment-page';
export { PaymentSuccessPage } from './payment-success-page';
export { SubscriptionPlansPage } from './subscription-plans-page';
