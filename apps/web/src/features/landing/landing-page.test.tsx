import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, testUser } from '../../test/fake-api';
import { renderUnderRootLayout, storeSignedIn } from '../../test/render-app';
import { LandingPage } from './landing-page';

/** The landing page alone, under the root layout that provides the toasts and the feedback dialog. */
function renderLanding() {
  return renderUnderRootLayout(<LandingPage />);
}

describe('landing page', () => {
  it('shows the product heading inside the main landmark', () => {
    renderLanding();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1 })).toHaveTextContent(/finished video/i);
  });

  it('has a header with the logo, View Plans, Feedback, Sign In, Get Started and the theme toggle', () => {
    renderLanding();
    const header = within(screen.getByRole('banner'));

    expect(header.getByRole('link', { name: 'ReelCraft home' })).toHaveAttribute('href', '/');
    expect(header.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/subscription-plans');
    expect(header.getByRole('button', { name: 'Feedback' })).toBeInTheDocument();
    expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login?mode=create');
    expect(header.getByRole('button', { name: /switch to (light|dark) theme/i })).toBeInTheDocument();
  });

  it('opens the feedback dialog, which asks a visitor for an email or user ID', async () => {
    fakeApi({ 'GET /feedback/questions': { body: { questions: [] } } });
    const { user } = renderLanding();

    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Feedback' }));

    const dialog = within(screen.getByRole('dialog', { name: 'Share feedback' }));
    expect(await dialog.findByRole('textbox', { name: 'Email or user ID' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Submit feedback' })).toBeDisabled();

    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a chat preview whose input is disabled and which asks the visitor to sign in', () => {
    renderLanding();
    const chat = within(screen.getByRole('region', { name: 'ReelCraft Assistant' }));

    expect(chat.getByRole('list', { name: 'Example conversation' })).toBeInTheDocument();
    expect(chat.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    expect(chat.getByRole('button', { name: 'Send message' })).toBeDisabled();
    expect(chat.getByRole('link', { name: /sign in to start chatting/i })).toHaveAttribute('href', '/login');
  });

  it('offers the four ways to create, each leading a visitor to sign in', () => {
    renderLanding();
    const section = within(screen.getByRole('region', { name: 'Start from whatever you have' }));

    for (const title of ['Text to Video', 'Image to Video', 'AI Studio', 'Chat to Video']) {
      expect(section.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    for (const action of ['Create from text', 'Create from images', 'Open AI Studio', 'Chat to create']) {
      expect(section.getByRole('link', { name: action })).toHaveAttribute('href', '/login');
    }
    expect(section.getByText('BETA')).toBeInTheDocument();
  });

  it('opens a menu with the header links on small screens', async () => {
    const { user } = renderLanding();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    const menu = within(screen.getByRole('navigation', { name: 'Menu' }));
    expect(menu.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/subscription-plans');
    expect(menu.getByRole('button', { name: 'Feedback' })).toBeInTheDocument();
    expect(menu.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login?mode=create');
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows Dashboard instead of Sign In and Get Started to a signed-in user', async () => {
    const user = storeSignedIn();
    fakeApi({ 'GET /auth/me': { body: testUser(user) } });
    renderLanding();

    const header = within(screen.getByRole('banner'));
    expect(header.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(header.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(header.queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
  });
});
