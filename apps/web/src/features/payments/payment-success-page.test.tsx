import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, storeSignedIn } from '../../test/render-app';
import { shellApi } from '../../test/test-data';

const status = {
  id: 'sub-1',
  plan_id: 'starter',
  plan_name: 'Starter',
  subscription_status: 'active',
  subscription_expiry: '2030-01-31T12:00:00.000Z',
  provider: 'test',
  auto_renew: false,
  max_videos: 28,
  remaining_videos: 28,
};

afterEach(() => {
  vi.useRealTimers();
});

describe('payment success', () => {
  it('shows the subscription and counts down 10 s to the dashboard', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSignedIn();
    shellApi({ 'GET /subscriptions/status/ORDER-1': { body: status } });
    const { router } = renderApp('/payment-success?subscription_id=ORDER-1');

    const region = await screen.findByRole('region', { name: 'Subscription status' });
    expect(await screen.findByText('Starter')).toBeInTheDocument();
    expect(region).toHaveTextContent('Active');
    expect(region).toHaveTextContent('28 of 28');
    expect(region).toHaveTextContent('January 31, 2030');
    expect(screen.getByText(/Redirecting to your dashboard in/)).toHaveTextContent(
      /Redirecting to your dashboard in 1[0-9] seconds/,
    );

    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.getByText(/Redirecting to your dashboard in/)).toHaveTextContent('in 7 seconds');
    expect(router.state.location.pathname).toBe('/payment-success');
    await act(() => vi.advanceTimersByTimeAsync(7_000));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('has a link to go to the dashboard now', async () => {
    storeSignedIn();
    shellApi({ 'GET /subscriptions/status/ORDER-1': { body: status } });
    const { router, user } = renderApp('/payment-success?subscription_id=ORDER-1');

    await user.click(await screen.findByRole('link', { name: 'Go to dashboard now' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('asks again for a card checkout session until its webhook has activated the plan', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSignedIn();
    let asked = 0;
    shellApi({
      'GET /subscriptions/status/cs_test_1': () => {
        asked += 1;
        return asked < 3
          ? { status: 404, body: { detail: 'Subscription not found' } }
          : { body: { ...status, provider: 'stripe', plan_name: 'Business' } };
      },
    });
    renderApp('/payment-success?session_id=cs_test_1');

    expect(await screen.findByText('Confirming your subscription…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(4_500));
    expect(await screen.findByText('Business')).toBeInTheDocument();
    expect(asked).toBe(3);
  });

  it('falls back to the Pro plan assumption when no subscription can be named', async () => {
    storeSignedIn();
    shellApi();
    renderApp('/payment-success');

    const region = await screen.findByRole('region', { name: 'Subscription status' });
    expect(region).toHaveTextContent('Pro Plan');
    expect(region).toHaveTextContent('30 days');
    expect(region).toHaveTextContent('200 videos');
  });
});
