import { paymentMessages, planMessages } from '@reelcraft/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUrl, renderApp, storeSignedIn } from '../../test/render-app';
import { testModeConfig, testPlans } from '../../test/subscription-data';
import { shellApi, testVideoCount } from '../../test/test-data';
import { leaveApp } from './leave-app';

vi.mock('./leave-app', () => ({ leaveApp: vi.fn() }));

const starter = testPlans().find((plan) => plan.id === 'starter');
const order = {
  order_id: 'ORDER-1',
  provider: 'test',
  plan_id: 'starter',
  amount: 19,
  currency: 'USD',
  description: 'Subscription plan: Starter',
  approve_url: 'http://localhost/api/v1/payments/test-checkout/ORDER-1',
  test_mode: true,
  status: 'created',
};
const activation = { subscription_status: 'active', subscription_expiry: '2030-01-31T00:00:00.000Z' };

function renderPayment(path: string, api: Parameters<typeof shellApi>[0] = {}) {
  storeSignedIn();
  const server = shellApi({
    'GET /subscriptions/plans/starter': { body: starter },
    'GET /payments/config': { body: testModeConfig },
    ...api,
  });
  return { ...renderApp(path), server };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('payment', () => {
  it('creates the order for the plan only (never the amount) and sends the browser to the test checkout', async () => {
    const { user, server } = renderPayment('/payment?plan=starter&amount=0.01', {
      'POST /payments/orders': { status: 201, body: order },
    });

    expect(await screen.findByText('Subscription plan: Starter')).toBeInTheDocument();
    expect(screen.getByText('$19.00')).toBeInTheDocument();
    expect(screen.getByText('Test mode: no money moves')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to test checkout' }));

    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith(order.approve_url));
    expect(server.sent('POST /payments/orders').map((request) => request.body)).toEqual([
      { plan_id: 'starter' },
    ]);
  });

  it('back from the checkout: captures, activates, says so, refreshes the plan box and moves on after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let activated = false;
    const { router, server } = renderPayment(
      '/payment?plan=starter&amount=19.00&token=ORDER-1&PayerID=TESTPAYER',
      {
        'POST /payments/orders/ORDER-1/capture': { body: { ...order, status: 'captured' } },
        'POST /subscriptions/payment-success': () => {
          activated = true;
          return { body: activation };
        },
        'GET /user/video-count': () => ({
          body: activated
            ? testVideoCount({
                has_subscription: true,
                remaining_videos: 28,
                max_videos: 28,
                subscription_status: 'active',
                plan: { id: 'starter', name: 'Starter' },
              })
            : testVideoCount(),
        }),
        'GET /subscriptions/status/ORDER-1': 'hang',
      },
    );

    expect(await screen.findByText(paymentMessages.succeeded)).toBeInTheDocument();
    expect(server.sent('POST /subscriptions/payment-success').map((request) => request.body)).toEqual([
      { plan_id: 'starter', payment_data: { provider: 'paypal', payment_id: 'ORDER-1', auto_renew: true } },
    ]);
    const planBox = screen.getByRole('region', { name: 'Your plan' });
    await waitFor(() => expect(planBox).toHaveTextContent('Starter'));
    expect(planBox).toHaveTextContent('28 videos remaining');

    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(router.state.location.pathname).toBe('/payment');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(currentUrl(router)).toBe('/payment-success?subscription_id=ORDER-1');
  });

  it('asks to contact support when the payment was captured but the activation failed', async () => {
    renderPayment('/payment?plan=starter&amount=19.00&token=ORDER-1&PayerID=TESTPAYER', {
      'POST /payments/orders/ORDER-1/capture': { body: { ...order, status: 'captured' } },
      'POST /subscriptions/payment-success': { status: 500, body: { detail: 'Internal error' } },
    });

    expect(await screen.findByText(paymentMessages.activationFailed)).toBeInTheDocument();
    expect(screen.getByText('ORDER-1')).toBeInTheDocument();
    expect(screen.queryByText(paymentMessages.succeeded)).not.toBeInTheDocument();
  });

  it('says the payment could not be completed when neither capture nor activation went through', async () => {
    renderPayment('/payment?plan=starter&amount=19.00&token=ORDER-1&PayerID=TESTPAYER', {
      'POST /payments/orders/ORDER-1/capture': { status: 400, body: { detail: 'Order not approved' } },
      'POST /subscriptions/payment-success': { status: 400, body: { detail: paymentMessages.notCompleted } },
    });

    expect(await screen.findByText(paymentMessages.notCompleted)).toBeInTheDocument();
    // The buyer can try again from the same screen.
    expect(screen.getByRole('button', { name: 'Continue to test checkout' })).toBeEnabled();
  });

  it('shows a cancelled checkout without capturing or activating anything', async () => {
    const { server } = renderPayment('/payment?plan=starter&amount=19.00&cancelled=true&token=ORDER-1');

    expect(await screen.findByText('Checkout cancelled. You have not been charged.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to test checkout' })).toBeInTheDocument();
    expect(server.sent('POST /payments/orders/ORDER-1/capture')).toHaveLength(0);
    expect(server.sent('POST /subscriptions/payment-success')).toHaveLength(0);
  });

  it('takes amount=19 in the link for the $19.00 plan: no price warning after a cancelled checkout', async () => {
    renderPayment('/payment?plan=starter&amount=19&cancelled=true');
    expect(await screen.findByText('Checkout cancelled. You have not been charged.')).toBeInTheDocument();
    expect(screen.queryByText(/not the amount in the link/)).not.toBeInTheDocument();
  });

  it('warns when the link carries another amount than the plan costs', async () => {
    renderPayment('/payment?plan=starter&amount=0.01');
    expect(
      await screen.findByText("The price is the plan's current price ($19.00), not the amount in the link."),
    ).toBeInTheDocument();
  });

  it('says the payment is one-time for one month, not a monthly price', async () => {
    renderPayment('/payment?plan=starter&amount=19');
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(summary).toHaveTextContent('$19.00one-time');
    expect(summary).not.toHaveTextContent('/ month');
    expect(summary).toHaveTextContent(
      `One payment of $19.00 for one month's access (30 days from today) with ${starter?.max_videos} videos. It does not renew`,
    );
  });

  it('answers an unknown plan with the catalogue text, and a missing plan with a way to the plans', async () => {
    renderPayment('/payment?plan=platinum&amount=5', {
      'GET /subscriptions/plans/platinum': { status: 404, body: { detail: 'Subscription plan not found' } },
    });
    expect(await screen.findByText(planMessages.notFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to plans' })).toHaveAttribute(
      'href',
      '/subscription-plans',
    );
  });

  it('asks for a plan when none is in the address', async () => {
    renderPayment('/payment');
    expect(await screen.findByText('No plan was chosen. Pick a plan to continue.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute(
      'href',
      '/subscription-plans',
    );
  });
});
