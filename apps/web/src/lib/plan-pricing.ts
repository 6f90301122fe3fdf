import type { Plan } from '@reelcraft/contract';
import { paths } from './paths';

// How a plan's price reads, and where buying it starts: the plans page and the payment page share them.

/** A plan's price for people: `$19.00`, `€49.00`; a free plan reads `Free`. */
export function formatPrice(amount: number, currency: string): string {
  if (amount === 0) return 'Free';
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** `30 days` reads `month` on the price line (`$19.00 / month`), any other length as itself. */
export function periodLabel(days: number): string {
  if (days === 30) return 'month';
  if (days === 365) return 'year';
  return `${days} days`;
}

/** The access one payment buys, for a sentence: `one month` for 30 days, `one year` for 365. */
export function accessLabel(days: number): string {
  if (days === 30) return 'one month';
  if (days === 365) return 'one year';
  return `${days} days`;
}

/** `/payment?plan=<id>&amount=<price>` (spec 000 section 2.8); the amount is for display only. */
export function paymentPath(plan: Pick<Plan, 'id' | 'price'>): string {
  const query = new URLSearchParams({ plan: plan.id, amount: plan.price.toFixed(2) });
  return `${paths.payment}?${query.toString()}`;
}
