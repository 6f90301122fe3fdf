import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, testUser } from '../../test/fake-api';
import { renderApp, storeSignedIn } from '../../test/render-app';

describe('my details', () => {
  it('shows the initials, full name and email read-only, with Back to the dashboard', () => {
    const user = storeSignedIn(testUser({ full_name: 'Ana Maria Lima', email: 'ana@example.com' }));
    fakeApi({ 'GET /auth/me': { body: user } });
    renderApp('/my-details');

    const details = within(screen.getByRole('region', { name: 'Account details' }));
    expect(details.getByText('AL')).toBeInTheDocument();
    expect(details.getByText('Full name').nextElementSibling).toHaveTextContent('Ana Maria Lima');
    expect(details.getByText('Email').nextElementSibling).toHaveTextContent('ana@example.com');
    expect(details.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/dashboard');
  });

  it('opens the feedback dialog from Give Feedback', async () => {
    storeSignedIn();
    fakeApi({
      'GET /auth/me': { body: testUser() },
      'GET /feedback/questions': { body: { questions: [] } },
    });
    const { user } = renderApp('/my-details');

    await user.click(screen.getByRole('button', { name: 'Give Feedback' }));

    const dialog = within(screen.getByRole('dialog', { name: 'Share feedback' }));
    expect(await dialog.findByText('Ana Lima')).toBeInTheDocument();
    expect(dialog.queryByRole('textbox', { name: 'Email or user ID' })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  const MB = 1024 * 1024;
  const dashboard = (used: number, limit = 500 * MB) => ({
    body: {
      remaining_videos: 3,
      can_generate_videos: true,
      storage_used_bytes: used,
      storage_limit_bytes: limit,
    },
  });

  it('shows the storage used of the plan allowance as a labelled bar', async () => {
    storeSignedIn();
    fakeApi({
      'GET /auth/me': { body: testUser() },
      'GET /subscriptions/dashboard': dashboard(120 * MB),
    });
    renderApp('/my-details');

    const storage = within(await screen.findByRole('region', { name: 'Storage' }));
    const bar = await storage.findByRole('progressbar', { name: 'Storage used' });
    expect(bar).toHaveAttribute('aria-valuenow', '24');
    expect(bar).toHaveAttribute('aria-valuetext', '120 MB of 500 MB used (24%)');
    expect(storage.getByText('120 MB of 500 MB used')).toBeInTheDocument();
    expect(storage.queryByText(/almost full/)).not.toBeInTheDocument();
  });

  it('says what to do when the storage is nearly full', async () => {
    storeSignedIn();
    fakeApi({
      'GET /auth/me': { body: testUser() },
      'GET /subscriptions/dashboard': dashboard(480 * MB),
    });
    renderApp('/my-details');

    const storage = within(await screen.findByRole('region', { name: 'Storage' }));
    expect(await storage.findByText(/Your storage is almost full\./)).toBeInTheDocument();
    expect(storage.getByRole('link', { name: 'upgrade your plan' })).toHaveAttribute(
      'href',
      '/subscription-plans',
    );
  });

  it('offers to reload the storage when it could not be read', async () => {
    storeSignedIn();
    let failing = true;
    fakeApi({
      'GET /auth/me': { body: testUser() },
      'GET /subscriptions/dashboard': () =>
        failing ? { status: 404, body: { detail: 'Not Found' } } : dashboard(MB),
    });
    const { user } = renderApp('/my-details');

    const storage = within(await screen.findByRole('region', { name: 'Storage' }));
    const reload = await storage.findByRole('button', { name: 'Reload storage details' });
    expect(storage.getByText('Storage details unavailable')).toBeInTheDocument();
    failing = false;
    await user.click(reload);
    expect(await storage.findByText('1 MB of 500 MB used')).toBeInTheDocument();
  });
});
