import { paths } from '../../lib/paths';

/** `/payment-success?subscription_id=<payment id>`: where the order-based checkout ends. */
export function paymentSuccessPath(paymentId: string): string {
  return `${paths.paymentSuccess}?${new URLSearchParams({ subscription_id: paymentId }).toString()}`;
}
