// The payment configuration is read by the plans page (subscriptions) and the payment pages (payments).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPaymentConfig, type PaymentConfig } from '@reelcraft/contract';
import { callApi } from './api-client';

/** GET /payments/config: the ways to pay this server offers (checkout provider, test mode, card table). */
export function fetchPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  return callApi(getPaymentConfig, { signal });
}

export function paymentConfigQueryOptions() {
  return queryOptions({
    queryKey: ['payments', 'config'],
    queryFn: ({ signal }) => fetchPaymentConfig(signal),
    staleTime: 10 * 60_000,
  });
}

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions());
}
