import { useEffect, useState } from 'react';

// The card provider's embedded pricing table (spec 000 section 2.8): a web component from Stripe's
// script, which is loaded only when the server says the table is configured.

const PRICING_TABLE_SCRIPT = 'https://js.stripe.com/v3/pricing-table.js';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'stripe-pricing-table': {
        'pricing-table-id': string;
        'publishable-key': string;
        'client-reference-id'?: string;
        'customer-email'?: string;
      };
    }
  }
}

function loadPricingTableScript(): Promise<void> {
  const existing = document.querySelector<HTMLScriptElement>(`script[src="${PRICING_TABLE_SCRIPT}"]`);
  if (existing?.dataset.loaded === 'true') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = existing ?? document.createElement('script');
    script.addEventListener('load', () => {
      script.dataset.loaded = 'true';
      resolve();
    });
    script.addEventListener('error', () => reject(new Error('Stripe pricing table failed to load')));
    if (!existing) {
      script.src = PRICING_TABLE_SCRIPT;
      script.async = true;
      document.head.appendChild(script);
    }
  });
}

export function StripePricingTable({
  pricingTableId,
  publishableKey,
  userId,
  email,
}: {
  pricingTableId: string;
  publishableKey: string;
  /** Ties the checkout to the account: the webhook activates the plan of this user. */
  userId: string;
  email: string;
}) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    loadPricingTableScript().catch(() => setFailed(true));
  }, []);

  if (failed) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        The card checkout could not be loaded. Check your connection and reload the page.
      </p>
    );
  }
  return (
    <stripe-pricing-table
      pricing-table-id={pricingTableId}
      publishable-key={publishableKey}
      client-reference-id={userId}
      customer-email={email}
    />
  );
}
