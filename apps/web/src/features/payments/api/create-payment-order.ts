import { createPaymentOrder, type PaymentOrder, type PlanId } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';

/** POST /payments/orders: the server prices the order from the plan (the page's amount is never sent). */
export function createOrder(planId: PlanId): Promise<PaymentOrder> {
  return callApi(createPaymentOrder, { body: { plan_id: planId } });
}
