import {
  confirmPaymentSuccess,
  DEFAULT_PAYMENT_PROVIDER,
  type PlanId,
  type SubscriptionActivation,
} from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';

/**
 * POST /subscriptions/payment-success: activates the plan once the server has confirmed the payment
 * with the provider. Sending the same payment id again activates nothing twice.
 */
export function activatePlan(
  planId: PlanId,
  paymentId: string,
  provider: string = DEFAULT_PAYMENT_PROVIDER,
): Promise<SubscriptionActivation> {
  return callApi(confirmPaymentSuccess, {
    body: { plan_id: planId, payment_data: { provider, payment_id: paymentId, auto_renew: true } },
  });
}
