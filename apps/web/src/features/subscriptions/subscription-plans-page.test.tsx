import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, storeSignedIn } from '../../test/render-app';
import { testModeConfig, testPlans } from '../../test/subscription-data';
import { shellApi, testVideoCount } from '../../test/test-data';

function renderPlans(api: Parameters<typeof shellApi>[0] = {}) {
  storeSignedIn();
  const server = shellApi({
    'GET /subscriptions/plans': { body: testPlans() },
    'GET /payments/config': { body: testModeConfig },
    ...api,
  });
  return { ...renderApp('/subscription-plans'), server };
}

function planCard(name: string) {
  return within(screen.getByRole('region', { name }));
}

describe('subscription plans', () => {
  it('shows the plans side by side, cheapest first, with the free plan marked as current', async () => {
    renderPlans();

    expect(await screen.findByRole('region', { name: 'Starter' })).toBeInTheDocument();
    const headings = within(screen.getByRole('main'))
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual(['Free', 'Starter', 'Business', 'Professional']);

    const starter = planCard('Starter');
    expect(starter.getByText('$19.00')).toBeInTheDocument();
    expect(starter.getByText('25 videos every 30 days', { selector: 'p' })).toBeInTheDocument();
    expect(starter.getByText('5 GB of storage')).toBeInTheDocument();
    expect(starter.getByText('Starter feature')).toBeInTheDocument();
    expect(starter.getByRole('link', { name: 'Choose Starter' })).toHaveAttribute(
      'href',
      '/payment?plan=starter&amount=19.00',
    );
    expect(planCard('Professional').getByRole('link', { name: 'Choose Professional' })).toHaveAttribute(
      'href',
      '/payment?plan=professional&amount=99.00',
    );

    const free = planCard('Free');
    expect(free.getByText('Current plan')).toBeInTheDocument();
    expect(free.queryByRole('link')).not.toBeInTheDocument();
    expect(await screen.findByLabelText('Your current plan')).toHaveTextContent(
      'You are on the Free plan. 3 of 5 videos left this period.',
    );
    expect(screen.getByText('Test mode: no money moves')).toBeInTheDocument();
  });

  it('marks the paid plan the user is on; the sidebar names it', async () => {
    renderPlans({
      'GET /user/video-count': {
        body: testVideoCount({
          has_subscription: true,
          max_videos: 80,
          remaining_videos: 70,
          subscription_status: 'active',
          plan: { id: 'business', name: 'Business' },
        }),
      },
    });

    const business = within(await screen.findByRole('region', { name: 'Business' }));
    expect(await business.findByText('Current plan')).toBeInTheDocument();
    expect(business.queryByRole('link', { name: 'Choose Business' })).not.toBeInTheDocument();
    expect(planCard('Free').queryByText('Current plan')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Your current plan')).toHaveTextContent(
      'You are on the Premium plan (Business).',
    );
    expect(
      await within(screen.getByRole('region', { name: 'Your plan' })).findByText('Business'),
    ).toBeInTheDocument();
  });

  it('embeds the card pricing table for this user when the server has one, and no test-mode label', async () => {
    renderPlans({
      'GET /payments/config': {
        body: {
          order_provider: null,
          test_mode: false,
          paypal_client_id: null,
          stripe: { publishable_key: 'pk_test_123', pricing_table_id: 'prctbl_456' },
        },
      },
    });

    const card = await screen.findByRole('region', { name: 'Pay by card' });
    const table = card.querySelector('stripe-pricing-table');
    expect(table).toHaveAttribute('pricing-table-id', 'prctbl_456');
    expect(table).toHaveAttribute('publishable-key', 'pk_test_123');
    expect(table).toHaveAttribute('client-reference-id', 'user-1');
    expect(document.querySelector('script[src="https://js.stripe.com/v3/pricing-table.js"]')).not.toBeNull();
    expect(screen.queryByText('Test mode: no money moves')).not.toBeInTheDocument();
    // No order-based checkout: no Choose buttons.
    expect(screen.queryByRole('link', { name: /^Choose/ })).not.toBeInTheDocument();
  });

  it('says when the plans cannot be loaded and loads them again on Try again', async () => {
    let calls = 0;
    const { user } = renderPlans({
      'GET /subscriptions/plans': () => {
        calls += 1;
        return calls === 1 ? { status: 404, body: { detail: 'Not found' } } : { body: testPlans() };
      },
    });

    expect(await screen.findByText('The plans could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Professional' })).toBeInTheDocument();
  });
});
