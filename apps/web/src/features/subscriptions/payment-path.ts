import type { Plan } from '@reelcraft/contract';
import { paths } from '../../lib/paths';

/** `/payment?plan=<id>&amount=<price>` (spec 000 section 2.8); the amount is for display only. */
export function paymentPath(plan: Pick<Plan, 'id' | 'price'>): string {
  const query = new URLSearchParams({ plan: plan.id, amount: plan.price.toFixed(2) });
  return `${paths.payment}?${query.toString()}`;
}

/** `/payment-success?subscription_id=<payment id>`: where the order-based checkout ends. */
export function paymentSuccessPath(paymentId: string): string {
  return `${paths.paymentSuccess}?${new URLSearchParams({ subscription_id: paymentId }).toString()}`;
}
