export { PaymentPage } from './payment-page';
export { PaymentSuccessPage } from './payment-success-page';
