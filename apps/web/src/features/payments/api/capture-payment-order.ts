import { capturePaymentOrder, type PaymentOrder } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';

/** POST /payments/orders/{id}/capture: the server captures the approved order with the provider. */
export function captureOrder(orderId: string): Promise<PaymentOrder> {
  return callApi(capturePaymentOrder, { params: { id: orderId } });
}
