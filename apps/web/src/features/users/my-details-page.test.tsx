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
    expect(dialog.queryByLabelText('User ID')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
