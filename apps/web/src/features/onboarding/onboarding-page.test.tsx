import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readStoredSession } from '../../lib/auth-storage';
import { fakeApi, testUser } from '../../test/fake-api';
import { currentUrl, renderApp, storeSignedIn } from '../../test/render-app';

function renderOnboarding(
  answer: Parameters<typeof fakeApi>[0][string] = { body: testUser({ is_onboarded: true }) },
) {
  storeSignedIn(testUser({ is_onboarded: false }));
  const api = fakeApi({
    'GET /auth/me': { body: testUser({ is_onboarded: false }) },
    'POST /onboarding': answer,
  });
  return { ...renderApp('/onboarding'), api };
}

describe('onboarding', () => {
  it('can be finished with the keyboard alone and saves the answers', async () => {
    const { user, api, router } = renderOnboarding();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Tell us about your business' }),
    ).toBeInTheDocument();

    await user.tab(); // the skip link
    await user.keyboard('{Enter}'); // past the sidebar, to the page
    await user.tab();
    expect(screen.getByRole('button', { name: 'Skip for now' })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Business name')).toHaveFocus();
    await user.keyboard('Lima Studio');
    await user.tab(); // first category
    await user.keyboard('{ArrowDown}'); // second category: Marketing agency
    await user.tab(); // team size
    await user.keyboard('{ArrowRight}{ArrowRight}'); // 11–50
    await user.keyboard('{Enter}');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'How will you use ReelCraft?' }),
    ).toHaveFocus();
    await user.tab();
    await user.keyboard(' '); // Founder or owner
    await user.tab();
    await user.keyboard(' '); // Ads & marketing
    await user.keyboard('{Enter}');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'What will your videos be about?' }),
    ).toHaveFocus();
    await user.tab();
    await user.keyboard(' '); // Products
    await user.tab();
    await user.keyboard(' '); // Fashion & beauty
    await user.keyboard('{Enter}');

    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(currentUrl(router)).toBe('/dashboard');
    expect(api.sent('POST /onboarding')[0]?.body).toEqual({
      business_name: 'Lima Studio',
      business_category: 'agency',
      business_size: '11-50',
      preferences: { purpose: 'marketing', role: 'founder', domains: ['products', 'fashion'] },
    });
    expect(readStoredSession().user).toMatchObject({ is_onboarded: true });
  });

  it('asks for the missing answers before moving on', async () => {
    const { user, api } = renderOnboarding();

    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByLabelText('Business name')).toHaveAccessibleDescription(
      'Enter the name of your business.',
    );
    expect(screen.getByRole('group', { name: 'Category' })).toHaveAccessibleDescription('Choose a category.');
    expect(screen.getByRole('group', { name: 'Team size' })).toHaveAccessibleDescription(
      'Choose a team size.',
    );
    expect(screen.getByLabelText('Business name')).toHaveFocus();

    await user.type(screen.getByLabelText('Business name'), 'Lima Studio');
    await user.click(screen.getByLabelText('Real estate'));
    await user.click(screen.getByLabelText('Just me'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByRole('group', { name: 'Your role' })).toHaveAccessibleDescription('Choose your role.');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Business name')).toHaveValue('Lima Studio');
    expect(screen.getByLabelText('Real estate')).toBeChecked();
    expect(api.sent('POST /onboarding')).toHaveLength(0);
  });

  it("takes the user back to the question the server's 422 names", async () => {
    const { user } = renderOnboarding({
      status: 422,
      body: { detail: [{ loc: ['body', 'business_name'], msg: 'Name taken', type: 'value_error' }] },
    });
    await user.type(screen.getByLabelText('Business name'), 'Lima Studio');
    await user.click(screen.getByLabelText('Real estate'));
    await user.click(screen.getByLabelText('Just me'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByLabelText('Marketer'));
    await user.click(screen.getByLabelText(/Social media/));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tell us about your business' }),
    ).toHaveFocus();
    expect(screen.getByLabelText('Business name')).toHaveAccessibleDescription('Name taken');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a failure to save and keeps the answers', async () => {
    const { user } = renderOnboarding({ status: 500, body: {} });
    await user.type(screen.getByLabelText('Business name'), 'Lima Studio');
    await user.click(screen.getByLabelText('Real estate'));
    await user.click(screen.getByLabelText('Just me'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByLabelText('Marketer'));
    await user.click(screen.getByLabelText(/Social media/));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save your answers');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Finish' })).toBeEnabled());
  });

  it('can be skipped for now: the dashboard, with nothing saved and a way back', async () => {
    const { user, api, router } = renderOnboarding();
    await user.type(screen.getByLabelText('Business name'), 'Lima Studio');

    await user.click(screen.getByRole('button', { name: 'Skip for now' }));

    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(currentUrl(router)).toBe('/dashboard');
    expect(api.sent('POST /onboarding')).toHaveLength(0);
    expect(screen.getByRole('link', { name: /Continue setup/ })).toHaveAttribute('href', '/onboarding');
  });

  it('reopens where the user left it, answers and step, for that user only', async () => {
    const first = renderOnboarding();
    await first.user.type(screen.getByLabelText('Business name'), 'Lima Studio');
    await first.user.click(screen.getByLabelText('Real estate'));
    await first.user.click(screen.getByLabelText('Just me'));
    await first.user.click(screen.getByRole('button', { name: 'Continue' }));
    await first.user.click(await screen.findByLabelText('Marketer'));
    first.unmount();

    const again = renderOnboarding();
    expect(
      screen.getByRole('heading', { level: 1, name: 'How will you use ReelCraft?' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Marketer')).toBeChecked();
    await again.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Business name')).toHaveValue('Lima Studio');
    expect(screen.getByLabelText('Real estate')).toBeChecked();
    expect(screen.getByLabelText('Just me')).toBeChecked();
    again.unmount();

    // Someone else on this browser starts afresh.
    const other = testUser({
      id: 'user-2',
      email: 'bo@example.com',
      full_name: 'Bo Berg',
      is_onboarded: false,
    });
    storeSignedIn(other);
    fakeApi({ 'GET /auth/me': { body: other } });
    renderApp('/onboarding');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Tell us about your business' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Business name')).toHaveValue('');
  });
});
