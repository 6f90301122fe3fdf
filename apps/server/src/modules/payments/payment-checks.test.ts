import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount, type ProviderOrder } from './order-provider';
import type { PaymentOrderRow } from './payments.schema';
import { checkCapturedOrder } from './payments.service';

describe('amounts', () => {
  it('turns provider amounts into cents and back without floats', () => {
    expect(parseAmount('49.00')).toBe(4900);
    expect(parseAmount('0.01')).toBe(1);
    expect(parseAmount('19.9')).toBe(1990);
    expect(parseAmount('7')).toBe(700);
    for (const odd of ['', '1.234', '-1.00', '1e3', ' 1.00', '1,00'])
      expect(parseAmount(odd), odd).toBeUndefined();
    expect(formatAmount(4900)).toBe('49.00');
    expect(formatAmount(1)).toBe('0.01');
    expect(formatAmount(1999)).toBe('19.99');
  });
});

describe('checkCapturedOrder', () => {
  const order = {
    id: 'our-order',
    providerOrderId: 'PAYPAL1',
    amountCents: 9900,
    currency: 'USD',
  } as PaymentOrderRow;
  const paid: ProviderOrder = {
    id: 'PAYPAL1',
    status: 'COMPLETED',
    customId: 'our-order',
    amount: { cents: 9900, currency: 'USD' },
    capture: { id: 'CAP1', status: 'COMPLETED', amount: { cents: 9900, currency: 'USD' } },
    approveUrl: null,
  };

  it('accepts our order captured in full', () => {
    expect(checkCapturedOrder(order, paid)).toEqual({ ok: true, capture: paid.capture });
  });

  it.each([
    ['another order', { ...paid, id: 'PAYPAL2' }, 'mismatch'],
    ['another reference', { ...paid, customId: 'their-order' }, 'mismatch'],
    [
      'a smaller amount',
      { ...paid, capture: { ...paid.capture!, amount: { cents: 1, currency: 'USD' } } },
      'mismatch',
    ],
    [
      'another currency',
      { ...paid, capture: { ...paid.capture!, amount: { cents: 9900, currency: 'EUR' } } },
      'mismatch',
    ],
    ['no amount', { ...paid, capture: { ...paid.capture!, amount: null } }, 'mismatch'],
    ['an approved order', { ...paid, status: 'APPROVED', capture: null }, 'not_completed'],
    ['a pending capture', { ...paid, capture: { ...paid.capture!, status: 'PENDING' } }, 'not_completed'],
    ['a declined capture', { ...paid, capture: { ...paid.capture!, status: 'DECLINED' } }, 'not_completed'],
  ])('refuses %s', (_, remote, reason) => {
    expect(checkCapturedOrder(order, remote as ProviderOrder)).toMatchObject({ ok: false, reason });
  });
});
