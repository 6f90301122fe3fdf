import { formatAmount } from './order-provider';
import type { TestCheckoutOrderRow } from './payments.schema';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Form field of the page's two buttons. */
export const TEST_CHECKOUT_DECISIONS = ['approve', 'cancel'] as const;
export type TestCheckoutDecision = (typeof TEST_CHECKOUT_DECISIONS)[number];

export const TEST_MODE_BANNER = 'TEST MODE: no money moves. This page plays the payment provider.';

const STATE_TEXTS: Record<string, string> = {
  APPROVED: 'This order is approved. Return to the app to finish.',
  COMPLETED: 'This order is paid.',
  VOIDED: 'This order was cancelled.',
};

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #111827; color: #f9fafb; margin: 0; }
  main { max-width: 28rem; margin: 4rem auto; padding: 2rem; background: #1f2937; border-radius: 1rem; }
  .banner { background: #f59e0b; color: #111827; font-weight: 700; padding: 0.75rem 1rem; border-radius: 0.5rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: 0.5rem 0 1.5rem; }
  .actions { display: flex; gap: 0.75rem; }
  button { flex: 1; font: inherit; font-weight: 600; padding: 0.75rem; border-radius: 0.5rem; border: 0; cursor: pointer; }
  .pay { background: #2563eb; color: #fff; }
  .cancel { background: #374151; color: #f9fafb; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

/** The approval page of one test order: what is bought, for how much, and Pay / Cancel buttons. */
export function renderTestCheckoutPage(order: TestCheckoutOrderRow, formAction: string): string {
  const amount = `${formatAmount(order.amountCents)} ${order.currency}`;
  const stateText = STATE_TEXTS[order.state];
  const actions =
    order.state === 'CREATED'
      ? `<form method="post" action="${escapeHtml(formAction)}" class="actions">
  <button class="pay" type="submit" name="decision" value="approve">Pay ${escapeHtml(amount)} (test)</button>
  <button class="cancel" type="submit" name="decision" value="cancel">Cancel</button>
</form>`
      : `<p role="status">${escapeHtml(stateText ?? order.state)}</p>`;
  return layout(
    'Test checkout',
    `<p class="banner" role="alert">${escapeHtml(TEST_MODE_BANNER)}</p>
<h1>Test checkout</h1>
<p>${escapeHtml(order.description)}</p>
<p class="amount">${escapeHtml(amount)}</p>
${actions}`,
  );
}

export function renderTestCheckoutNotFound(): string {
  return layout(
    'Test checkout',
    `<p class="banner" role="alert">${escapeHtml(TEST_MODE_BANNER)}</p>
<h1>Order not found</h1>
<p>This test order does not exist.</p>`,
  );
}
