import {
  PAYMENT_ACTIVATION_REDIRECT_MS,
  paymentMessages,
  planIdSchema,
  planMessages,
  type Plan,
  type PlanId,
} from '@reelcraft/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ArrowLeftIcon, CircleCheckIcon, CreditCardIcon } from 'lucide-react';
import { buttonClasses } from '../../components/button-styles';
import { FormMessage } from '../../components/form-message';
import { Spinner } from '../../components/spinner';
import { paths } from '../../lib/paths';
import { supportEmail } from '../../lib/support';
import { videoCountQueryKey } from '../../lib/video-count';
import { captureOrder } from './api/capture-payment-order';
import { activatePlan } from './api/confirm-payment-success';
import { createOrder } from './api/create-payment-order';
import { usePaymentConfig } from '../../lib/payment-config';
import { isPlanNotFound, usePlan } from './api/get-plan';
import { PayPalCheckoutButtons } from './components/paypal-checkout-buttons';
import { TestModeBadge } from '../../components/test-mode-badge';
import { accessLabel, formatPrice } from '../../lib/plan-pricing';
import { leaveApp } from './leave-app';
import { paymentSuccessPath } from './payment-path';

// `/payment?plan&amount` (spec 000 sections 2.8 and 4): checkout, capture, activation. The server
// creates the order at the plan's own price (the query's amount is only shown), the buyer approves it
// at the provider (PayPal's buttons, or the test-mode page), the browser comes back with
// `token=<order id>` (or `cancelled=true`), and the server captures and activates.

type Phase =
  | { name: 'choosing' }
  | { name: 'starting' }
  | { name: 'finishing' }
  | { name: 'succeeded'; orderId: string }
  | { name: 'activation-failed' }
  | { name: 'failed' }
  | { name: 'cancelled' };

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:px-6 sm:py-12">
      <title>Payment · ReelCraft</title>
      <Link
        to={paths.subscriptionPlans}
        className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ml-3.5' })}
      >
        <ArrowLeftIcon className="size-4" />
        All plans
      </Link>
      <h1 className="font-display mt-4 text-3xl font-semibold tracking-tight">Checkout</h1>
      <div className="mt-6">{children}</div>
    </div>
  );
}

function BackToPlans({ label = 'Back to plans' }: { label?: string }) {
  return (
    <Link to={paths.subscriptionPlans} className={buttonClasses({ variant: 'secondary', className: 'mt-4' })}>
      {label}
    </Link>
  );
}

/** Whether the link's `amount` is another sum than the plan's price (`49` and `49.00` are the same). */
function amountDiffers(shownAmount: string | null, price: number): boolean {
  if (shownAmount === null || shownAmount.trim() === '') return false;
  const amount = Number(shownAmount);
  return !Number.isFinite(amount) || Math.round(amount * 100) !== Math.round(price * 100);
}

function OrderSummary({ plan, shownAmount }: { plan: Plan; shownAmount: string | null }) {
  const price = formatPrice(plan.price, plan.currency);
  const access = accessLabel(plan.period_days);
  return (
    <section
      aria-label="Order summary"
      className="rounded-3xl border border-zinc-200 bg-white p-6 shadow-xl shadow-zinc-900/5 dark:border-white/10 dark:bg-zinc-900/60 dark:shadow-black/30"
    >
      <p className="text-sm text-zinc-500 dark:text-zinc-400">
        {paymentMessages.orderDescription(plan.name)}
      </p>
      <div className="mt-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="text-xl font-semibold">{plan.name}</p>
        <p className="font-display text-3xl font-semibold tracking-tight">
          {price}
          <span className="ml-1 text-sm font-normal text-zinc-500 dark:text-zinc-400">one-time</span>
        </p>
      </div>
      {/* The payment buys one period and does not renew by itself: no "/ month" that reads as a subscription. */}
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        One payment of {price} for {access}&apos;s access ({plan.period_days} days from today) with{' '}
        {plan.max_videos} videos. It does not renew: nothing is charged again unless you buy again.
      </p>
      {amountDiffers(shownAmount, plan.price) && (
        <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400">
          The price is the plan&apos;s current price ({price}), not the amount in the link.
        </p>
      )}
    </section>
  );
}

export function PaymentPage() {
  const [search] = useSearchParams();
  const planParam = search.get('plan');
  const returnedOrderId = search.get('token');
  const cancelled = search.get('cancelled') === 'true';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const plan = usePlan(planParam ?? '');
  const config = usePaymentConfig();
  const paidPlanId: PlanId | null = planIdSchema.safeParse(planParam).data ?? null;

  const [phase, setPhase] = useState<Phase>(() =>
    cancelled ? { name: 'cancelled' } : returnedOrderId ? { name: 'finishing' } : { name: 'choosing' },
  );

  /** Capture (optional: activation captures an approved order itself), then activate. */
  const finish = useCallback(
    async (planId: PlanId, orderId: string) => {
      setPhase({ name: 'finishing' });
      let captured = false;
      try {
        const order = await captureOrder(orderId);
        captured = order.status !== 'created' && order.status !== 'failed';
      } catch {
        // Already captured (a reload), or not approved: activation tells which.
      }
      try {
        await activatePlan(planId, orderId);
      } catch {
        setPhase(captured ? { name: 'activation-failed' } : { name: 'failed' });
        return;
      }
      // The shell's plan box and the banners read this; the socket's event updates it as well.
      void queryClient.invalidateQueries({ queryKey: videoCountQueryKey });
      setPhase({ name: 'succeeded', orderId });
    },
    [queryClient],
  );

  // Back from the provider's approval page: finish that order, once.
  const handledOrder = useRef<string | null>(null);
  useEffect(() => {
    if (cancelled || !returnedOrderId || !paidPlanId || handledOrder.current === returnedOrderId) return;
    handledOrder.current = returnedOrderId;
    void finish(paidPlanId, returnedOrderId);
  }, [cancelled, returnedOrderId, paidPlanId, finish]);

  useEffect(() => {
    if (phase.name !== 'succeeded') return;
    const timer = window.setTimeout(
      () => void navigate(paymentSuccessPath(phase.orderId), { replace: true }),
      PAYMENT_ACTIVATION_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [phase, navigate]);

  if (!planParam) {
    return (
      <Frame>
        <FormMessage tone="error">No plan was chosen. Pick a plan to continue.</FormMessage>
        <BackToPlans label="See the plans" />
      </Frame>
    );
  }
  if (plan.isPending) {
    return (
      <Frame>
        <p role="status" className="flex items-center gap-2 text-zinc-500 dark:text-zinc-400">
          <Spinner /> Loading your order…
        </p>
      </Frame>
    );
  }
  if (plan.isError) {
    return (
      <Frame>
        <FormMessage tone="error">
          {isPlanNotFound(plan.error) ? planMessages.notFound : 'The plan could not be loaded.'}
        </FormMessage>
        {isPlanNotFound(plan.error) ? (
          <BackToPlans />
        ) : (
          <button
            type="button"
            onClick={() => void plan.refetch()}
            className={buttonClasses({ variant: 'secondary', className: 'mt-4' })}
          >
            Try again
          </button>
        )}
      </Frame>
    );
  }
  if (!paidPlanId || plan.data.price <= 0) {
    return (
      <Frame>
        <FormMessage tone="error">The {plan.data.name} plan needs no payment.</FormMessage>
        <BackToPlans />
      </Frame>
    );
  }

  const order = plan.data;
  const shownAmount = search.get('amount');
  const provider = config.data?.order_provider ?? null;

  const startRedirectCheckout = async () => {
    setPhase({ name: 'starting' });
    try {
      const created = await createOrder(paidPlanId);
      if (!created.approve_url) throw new Error('No approval page');
      leaveApp(created.approve_url);
    } catch {
      setPhase({ name: 'failed' });
    }
  };

  let body: ReactNode;
  switch (phase.name) {
    case 'finishing':
      body = (
        <p role="status" className="flex items-center gap-2 text-zinc-600 dark:text-zinc-300">
          <Spinner /> Confirming your payment…
        </p>
      );
      break;
    case 'succeeded':
      body = (
        <div
          role="status"
          className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-900 dark:border-emerald-500/25 dark:bg-emerald-500/10 dark:text-emerald-100"
        >
          <p className="flex items-start gap-2 font-semibold">
            <CircleCheckIcon className="mt-0.5 size-5 shrink-0" />
            {paymentMessages.succeeded}
          </p>
          <p className="mt-1 flex items-center gap-2 pl-7 text-sm opacity-80">
            <Spinner className="size-3.5" /> Taking you to your subscription…
          </p>
        </div>
      );
      break;
    case 'activation-failed':
      body = (
        <>
          <FormMessage tone="error">
            <p>{paymentMessages.activationFailed}</p>
            <p className="mt-1">
              Write to{' '}
              <a className="font-semibold underline" href={`mailto:${supportEmail()}`}>
                {supportEmail()}
              </a>{' '}
              and quote your payment reference{' '}
              <code className="font-mono text-xs break-all">{returnedOrderId ?? ''}</code>.
            </p>
          </FormMessage>
          <BackToPlans />
        </>
      );
      break;
    case 'failed':
    case 'cancelled':
    case 'choosing':
    case 'starting':
      body = (
        <>
          {phase.name === 'failed' && (
            <FormMessage tone="error" className="mb-6">
              {paymentMessages.notCompleted}
            </FormMessage>
          )}
          {phase.name === 'cancelled' && (
            <FormMessage tone="error" className="mb-6">
              Checkout cancelled. You have not been charged.
            </FormMessage>
          )}
          <OrderSummary plan={order} shownAmount={shownAmount} />
          <div className="mt-6 space-y-4">
            {config.isPending ? (
              <p role="status" className="flex items-center gap-2 text-sm text-zinc-500">
                <Spinner /> Loading payment options…
              </p>
            ) : config.isError ? (
              <FormMessage tone="error">The payment options could not be loaded.</FormMessage>
            ) : provider === 'paypal' && config.data.paypal_client_id ? (
              <PayPalCheckoutButtons
                clientId={config.data.paypal_client_id}
                currency={order.currency}
                createOrder={async () => (await createOrder(paidPlanId)).order_id}
                onApprove={(orderId) => void finish(paidPlanId, orderId)}
                onCancel={() => setPhase({ name: 'cancelled' })}
                onError={() => setPhase({ name: 'failed' })}
              />
            ) : provider ? (
              <>
                {config.data.test_mode && <TestModeBadge />}
                <button
                  type="button"
                  disabled={phase.name === 'starting'}
                  onClick={() => void startRedirectCheckout()}
                  className={buttonClasses({ size: 'lg', className: 'w-full' })}
                >
                  {phase.name === 'starting' ? <Spinner /> : <CreditCardIcon className="size-5" />}
                  {config.data.test_mode
                    ? `Continue to test checkout`
                    : `Pay ${formatPrice(order.price, order.currency)}`}
                </button>
                {config.data.test_mode && (
                  <p className="text-xs text-zinc-500 dark:text-zinc-400">
                    This server runs the built-in test checkout: the plan is activated without any payment.
                  </p>
                )}
              </>
            ) : (
              <FormMessage tone="error">
                Online checkout is not available on this server.
                {config.data.stripe ? ' Subscribe by card from the plans page.' : ''}
              </FormMessage>
            )}
          </div>
        </>
      );
      break;
  }

  return <Frame>{body}</Frame>;
}
