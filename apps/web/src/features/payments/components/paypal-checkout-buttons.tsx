import { loadScript } from '@paypal/paypal-js';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../../../components/spinner';

/**
 * PayPal's own buttons (JS SDK), loaded only when the server has a PayPal client id. The order is
 * created by our server (`createOrder`); once the buyer approves it, `onApprove` gets the order id.
 */
export function PayPalCheckoutButtons({
  clientId,
  currency,
  createOrder,
  onApprove,
  onCancel,
  onError,
}: {
  clientId: string;
  currency: string;
  createOrder: () => Promise<string>;
  onApprove: (orderId: string) => void;
  onCancel: () => void;
  onError: () => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // The latest callbacks, so the buttons rendered once keep calling the page's current handlers.
  const handlers = useRef({ createOrder, onApprove, onCancel, onError });
  useEffect(() => {
    handlers.current = { createOrder, onApprove, onCancel, onError };
  });

  useEffect(() => {
    let cancelled = false;
    let close: (() => Promise<void>) | undefined;
    loadScript({ clientId, currency })
      .then(async (paypal) => {
        if (cancelled || !container.current) return;
        const buttons = paypal?.Buttons?.({
          createOrder: () => handlers.current.createOrder(),
          onApprove: async (data) => handlers.current.onApprove(data.orderID),
          onCancel: () => handlers.current.onCancel(),
          onError: () => handlers.current.onError(),
        });
        if (!buttons) throw new Error('PayPal buttons unavailable');
        close = () => buttons.close();
        await buttons.render(container.current);
        if (!cancelled) setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      void close?.().catch(() => undefined);
    };
  }, [clientId, currency]);

  return (
    <div>
      {state === 'loading' && (
        <p role="status" className="flex items-center gap-2 text-sm text-zinc-500 dark:text-zinc-400">
          <Spinner /> Loading PayPal…
        </p>
      )}
      {state === 'failed' && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          PayPal could not be loaded. Check your connection and reload the page.
        </p>
      )}
      <div ref={container} />
    </div>
  );
}
