import {
  loginMessages,
  passwordMessages,
  registerMessages,
  STORAGE_KEYS,
  verificationMessages,
} from '@reelcraft/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveRedirectAfterLogin } from '../../lib/auth-storage';
import { fakeApi, testUser, tokenAnswer, type FakeHandler } from '../../test/fake-api';
import { currentUrl, renderApp, storeSignedIn } from '../../test/render-app';

type Handlers = Parameters<typeof fakeApi>[0];

function renderLogin(path = '/login', handlers: Handlers = {}) {
  const api = fakeApi({ 'GET /auth/providers': { body: { google: false } }, ...handlers });
  return { ...renderApp(path), api };
}

async function fillSignIn(
  user: ReturnType<typeof renderLogin>['user'],
  email = 'ana@example.com',
  password = 'secret-pass',
) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
}

describe('login screen', () => {
  it("opens on Create Account from the landing's Get Started (?mode=create)", () => {
    renderLogin('/login?mode=create');
    expect(screen.getByRole('tab', { name: 'Create Account' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toBeInTheDocument();
  });

  it('has Sign In and Create Account, an email input and a password, all required', async () => {
    const { user } = renderLogin();

    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Create Account' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
  });

  it('checks the fields before sending anything', async () => {
    const { user, api } = renderLogin();

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter your email address.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
    expect(screen.getByLabelText('Email')).toHaveFocus();

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address.');
    expect(api.sent('POST /auth/login')).toHaveLength(0);
  });

  it('marks the invalid fields and clears an error once the field is fixed', async () => {
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.type(email, 'ana@example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Enter your email address.')).not.toBeInTheDocument();
  });

  it("puts the server's field issues next to the field the OAuth2 form calls username", async () => {
    const { user } = renderLogin('/login', {
      'POST /auth/login': {
        status: 422,
        body: { detail: [{ loc: ['body', 'username'], msg: 'Too long', type: 'too_big' }] },
      },
    });
    await fillSignIn(user);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Too long'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('signs in with the OAuth2 password form, stores the session and opens the dashboard', async () => {
    const { user, api, router } = renderLogin('/login', {
      'POST /auth/login': { body: tokenAnswer },
      'GET /auth/me': { body: testUser() },
    });
    await fillSignIn(user);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(currentUrl(router)).toBe('/dashboard');
    expect(api.sent('POST /auth/login')[0]?.body).toEqual({
      username: 'ana@example.com',
      password: 'secret-pass',
      grant_type: 'password',
      scope: '',
      client_id: '',
      client_secret: '',
    });
    expect(api.sent('GET /auth/me')[0]?.headers.get('Authorization')).toBe('Bearer token-abc');
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('token-abc');
  });

  it('sends a user who is not onboarded to /onboarding', async () => {
    const { user, router } = renderLogin('/login', {
      'POST /auth/login': { body: tokenAnswer },
      'GET /auth/me': { body: testUser({ is_onboarded: false }) },
    });
    await fillSignIn(user);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(currentUrl(router)).toBe('/onboarding'));
  });

  it('goes to the remembered redirect-after-login path first, and forgets it', async () => {
    saveRedirectAfterLogin('/my-details');
    const { user, router } = renderLogin('/login', {
      'POST /auth/login': { body: tokenAnswer },
      'GET /auth/me': { body: testUser({ is_onboarded: false }) },
    });
    await fillSignIn(user);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await screen.findByRole('heading', { level: 1, name: 'My Details' });
    expect(currentUrl(router)).toBe('/my-details');
    expect(window.localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBeNull();
  });

  it.each<[string, FakeHandler | 'network-error', string]>([
    [
      '401',
      () => ({ status: 401, body: { detail: 'Incorrect email or password' } }),
      loginMessages.invalidCredentials,
    ],
    ['403', () => ({ status: 403, body: { detail: 'Account disabled' } }), loginMessages.accessDenied],
    ['429', () => ({ status: 429, body: { detail: 'Slow down' } }), loginMessages.tooManyAttempts],
    [
      'another status with a detail',
      () => ({ status: 500, body: { detail: 'Database is down' } }),
      'Database is down',
    ],
    ['another status without a detail', () => new Response('<html>', { status: 502 }), loginMessages.failed],
    ['no answer', 'network-error', loginMessages.networkError],
  ])('shows the catalogue text for %s', async (_case, answer, text) => {
    const { user } = renderLogin('/login', { 'POST /auth/login': answer });
    await fillSignIn(user);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).not.toBeInTheDocument();
  });

  it('asks an unverified user to verify and offers to resend the link', async () => {
    const { user, api } = renderLogin('/login', {
      'POST /auth/login': { status: 403, body: { detail: 'Email not verified' } },
      'POST /auth/resend-verification': { body: { message: 'ok' } },
    });
    await fillSignIn(user);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(loginMessages.emailNotVerified);
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));

    const dialog = screen.getByRole('dialog', { name: 'Resend Verification Email' });
    expect(within(dialog).getByLabelText('Email')).toHaveValue('ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send verification email' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(verificationMessages.resendSucceeded);
    expect(api.sent('POST /auth/resend-verification')[0]?.body).toEqual({ email: 'ana@example.com' });
  });

  it('shows the Google button only when the server offers Google sign-in', async () => {
    renderLogin('/login', { 'GET /auth/providers': { body: { google: true } } });
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/api/v1/auth/google/initiate',
    );
  });

  it('has no Google button when it is not configured', async () => {
    const { api } = renderLogin();
    await waitFor(() => expect(api.sent('GET /auth/providers')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });

  it('says that a Google sign-in failed when the server sends the user back with error=google', () => {
    renderLogin('/login?error=google');
    expect(screen.getByRole('alert')).toHaveTextContent(loginMessages.googleFailed);
  });
});

describe('sign-in refusals: tries left and a pause after too many wrong passwords', () => {
  const MINUTE = 60_000;
  const clockTime = (at: number) =>
    new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(at);

  async function refusedWith(status: 401 | 429, body: object) {
    const view = renderLogin('/login', { 'POST /auth/login': { status, body } });
    await fillSignIn(view.user);
    await view.user.click(screen.getByRole('button', { name: 'Sign In' }));
    return { ...view, alert: await screen.findByRole('alert') };
  }

  it('keeps the spec text of a 429 and adds when the pause ends and the reset that lifts it', async () => {
    // A few seconds under 15 minutes: "in 15 minutes", rounded up.
    const endsAt = Date.now() + 15 * MINUTE - 5_000;
    const { alert, user } = await refusedWith(429, {
      detail: loginMessages.tooManyAttempts,
      lockout: { ends_at: new Date(endsAt).toISOString(), password_reset_unlocks: true },
    });

    expect(alert).toHaveTextContent(loginMessages.tooManyAttempts);
    expect(alert).toHaveTextContent(loginMessages.pausedUntil(clockTime(endsAt), 'in 15 minutes'));
    expect(alert).toHaveTextContent(loginMessages.resetUnlocks);

    await user.click(within(alert).getByRole('button', { name: loginMessages.resetPasswordAction }));
    const forgot = screen.getByRole('dialog', { name: 'Forgot Password' });
    expect(within(forgot).getByLabelText('Email')).toHaveValue('ana@example.com');
  });

  it('offers no reset when the pause is of the network, which a reset does not lift', async () => {
    const endsAt = Date.now() + 3 * MINUTE;
    const { alert } = await refusedWith(429, {
      detail: loginMessages.tooManyAttempts,
      lockout: { ends_at: new Date(endsAt).toISOString(), password_reset_unlocks: false },
    });

    expect(alert).toHaveTextContent(loginMessages.tooManyAttempts);
    expect(alert).toHaveTextContent(loginMessages.pausedUntil(clockTime(endsAt), 'in 3 minutes'));
    expect(alert).toHaveTextContent(loginMessages.addressPaused);
    expect(within(alert).queryByRole('button', { name: loginMessages.resetPasswordAction })).toBeNull();
  });

  it('warns when few tries are left, and says so on the wrong password that starts the pause', async () => {
    const warned = await refusedWith(401, {
      detail: 'Incorrect email or password',
      attempts_left: 1,
    });
    expect(warned.alert).toHaveTextContent(loginMessages.invalidCredentials);
    expect(warned.alert).toHaveTextContent(loginMessages.attemptsLeft(1));
    expect(
      within(warned.alert).getByRole('button', { name: loginMessages.resetPasswordAction }),
    ).toBeInTheDocument();
    warned.unmount();

    const endsAt = Date.now() + 15 * MINUTE;
    const paused = await refusedWith(401, {
      detail: 'Incorrect email or password',
      attempts_left: 0,
      lockout: { ends_at: new Date(endsAt).toISOString(), password_reset_unlocks: true },
    });
    expect(paused.alert).toHaveTextContent(loginMessages.invalidCredentials);
    expect(paused.alert).toHaveTextContent(loginMessages.pausedUntil(clockTime(endsAt), 'in 15 minutes'));
  });

  it('says nothing more while many tries are left', async () => {
    const { alert } = await refusedWith(401, { detail: 'Incorrect email or password', attempts_left: 4 });
    expect(alert).toHaveTextContent(new RegExp(`^${loginMessages.invalidCredentials}$`));
  });
});

describe('creating an account', () => {
  async function register(path: string, handlers: Handlers) {
    const view = renderLogin(path, handlers);
    await view.user.click(screen.getByRole('tab', { name: 'Create Account' }));
    await view.user.type(screen.getByLabelText('Full Name'), 'Ana Lima');
    await fillSignIn(view.user, 'ana@example.com', 'long-enough');
    await view.user.click(screen.getByRole('button', { name: 'Create Account' }));
    return view;
  }

  it('registers with phone, company and role empty and shows where the link went', async () => {
    const { api, router } = await register('/login', {
      'POST /auth/register': {
        status: 201,
        body: { message: 'ok', user: testUser({ is_onboarded: false }) },
      },
    });

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/verify-email');
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    expect(api.sent('POST /auth/register')[0]?.body).toEqual({
      email: 'ana@example.com',
      password: 'long-enough',
      full_name: 'Ana Lima',
      phone_number: '',
      company_name: '',
      role: '',
    });
  });

  it('asks for a password of at least 8 characters before sending', async () => {
    const { user, api } = renderLogin();
    await user.click(screen.getByRole('tab', { name: 'Create Account' }));
    await user.type(screen.getByLabelText('Full Name'), 'Ana');
    await fillSignIn(user, 'ana@example.com', 'short');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Use at least 8 characters.');
    expect(api.sent('POST /auth/register')).toHaveLength(0);
  });

  it('shows every missing field under it and focuses the first', async () => {
    const { user, api } = renderLogin();
    await user.click(screen.getByRole('tab', { name: 'Create Account' }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByLabelText('Full Name')).toHaveAccessibleDescription('Enter your full name.');
    expect(screen.getByLabelText('Full Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Full Name')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter your email address.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter a password.');
    expect(api.sent('POST /auth/register')).toHaveLength(0);
  });

  it("puts the server's 422 issues next to their fields instead of a banner", async () => {
    await register('/login', {
      'POST /auth/register': {
        status: 422,
        body: {
          detail: [
            { loc: ['body', 'full_name'], msg: 'Name refused', type: 'value_error' },
            { loc: ['body', 'password'], msg: 'Password refused', type: 'value_error' },
          ],
        },
      },
    });

    const fullName = screen.getByLabelText('Full Name');
    await waitFor(() => expect(fullName).toHaveAccessibleDescription('Name refused'));
    expect(fullName).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password refused');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('forgets the field errors of one tab when switching to the other', async () => {
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('tab', { name: 'Create Account' }));
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  });

  it.each<[number, unknown, string]>([
    [409, { detail: 'Email already registered' }, registerMessages.emailAlreadyRegistered],
    [400, { detail: 'Email domain not allowed' }, 'Email domain not allowed'],
    [400, {}, registerMessages.invalidData],
    [500, {}, registerMessages.failed],
  ])('shows the catalogue text for a %i answer', async (status, body, text) => {
    await register('/login', { 'POST /auth/register': { status, body } });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});

describe('password help', () => {
  it('gives a signed-in user holding a reset link the reset form, not the sign-in form', async () => {
    storeSignedIn();
    const { user, api } = renderLogin('/reset-password?token=reset-123', {
      'GET /auth/me': { body: testUser() },
      'POST /auth/reset-password': { body: { message: passwordMessages.resetSucceeded } },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Reset token')).toHaveValue('reset-123');
    await user.type(screen.getByLabelText('New password'), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('status')).toHaveTextContent(passwordMessages.resetSucceeded);
    expect(api.sent('POST /auth/reset-password')[0]?.body).toEqual({
      token: 'reset-123',
      new_password: 'brand-new-pass',
    });
    expect(screen.getByRole('button', { name: 'Back to the dashboard' })).toBeInTheDocument();
  });

  it('opens the reset dialog with the token of a reset link filled in', async () => {
    const { user, api, router } = renderLogin('/reset-password?token=reset-123', {
      'POST /auth/reset-password': { body: { message: passwordMessages.resetSucceeded } },
    });

    const dialog = screen.getByRole('dialog', { name: 'Reset Password' });
    expect(within(dialog).getByLabelText('Reset token')).toHaveValue('reset-123');
    expect(within(dialog).getByLabelText('New password')).toHaveFocus();

    await user.type(within(dialog).getByLabelText('New password'), 'brand-new-pass');
    await user.type(within(dialog).getByLabelText('Confirm password'), 'brand-new-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(passwordMessages.resetSucceeded);
    expect(api.sent('POST /auth/reset-password')[0]?.body).toEqual({
      token: 'reset-123',
      new_password: 'brand-new-pass',
    });
    expect(currentUrl(router)).toBe('/reset-password');
  });

  it('opens the reset dialog for reset_token on /login too', () => {
    renderLogin('/login?reset_token=old-style');
    expect(screen.getByLabelText('Reset token')).toHaveValue('old-style');
  });

  it('says the passwords do not match and disables the submit while they differ', async () => {
    const { user } = renderLogin('/reset-password?token=t');
    const dialog = within(screen.getByRole('dialog', { name: 'Reset Password' }));

    await user.type(dialog.getByLabelText('New password'), 'first-password');
    await user.type(dialog.getByLabelText('Confirm password'), 'other-password');

    expect(dialog.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      passwordMessages.passwordsDoNotMatch,
    );
    expect(dialog.getByRole('button', { name: 'Reset password' })).toBeDisabled();

    await user.clear(dialog.getByLabelText('Confirm password'));
    await user.type(dialog.getByLabelText('Confirm password'), 'first-password');
    expect(dialog.queryByText(passwordMessages.passwordsDoNotMatch)).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Reset password' })).toBeEnabled();
  });

  it('disables the submit while the reset is being sent', async () => {
    const { user } = renderLogin('/reset-password?token=t', { 'POST /auth/reset-password': 'hang' });
    const dialog = within(screen.getByRole('dialog', { name: 'Reset Password' }));
    await user.type(dialog.getByLabelText('New password'), 'brand-new-pass');
    await user.type(dialog.getByLabelText('Confirm password'), 'brand-new-pass');
    await user.click(dialog.getByRole('button', { name: 'Reset password' }));

    expect(await dialog.findByRole('button', { name: 'Resetting…' })).toBeDisabled();
  });

  it.each<[number, unknown, string]>([
    [404, {}, passwordMessages.featureUnavailable],
    [400, { detail: 'Reset link is invalid or has expired' }, 'Reset link is invalid or has expired'],
    [500, {}, passwordMessages.resetFailed],
  ])('shows the catalogue text when a reset answers %i', async (status, body, text) => {
    const { user } = renderLogin('/reset-password?token=t', {
      'POST /auth/reset-password': { status, body },
    });
    const dialog = within(screen.getByRole('dialog', { name: 'Reset Password' }));
    await user.type(dialog.getByLabelText('New password'), 'brand-new-pass');
    await user.type(dialog.getByLabelText('Confirm password'), 'brand-new-pass');
    await user.click(dialog.getByRole('button', { name: 'Reset password' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(text);
  });

  it('sends a reset link from Need help? → Forgot Password', async () => {
    const { user, api } = renderLogin('/login', {
      'POST /auth/forgot-password': { body: { message: 'ok' } },
    });
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Need help?' }));
    await user.click(screen.getByRole('button', { name: 'Forgot Password' }));

    const dialog = within(screen.getByRole('dialog', { name: 'Forgot Password' }));
    expect(dialog.getByLabelText('Email')).toHaveValue('ana@example.com');
    expect(dialog.getByLabelText('Email')).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Send reset link' }));

    expect(await dialog.findByRole('status')).toHaveTextContent(passwordMessages.resetEmailSent);
    expect(api.sent('POST /auth/forgot-password')[0]?.body).toEqual({ email: 'ana@example.com' });
  });

  it.each<[number, string]>([
    [404, passwordMessages.featureUnavailable],
    [500, passwordMessages.forgotFailed],
  ])('shows the catalogue text when the reset request answers %i', async (status, text) => {
    const { user } = renderLogin('/login', { 'POST /auth/forgot-password': { status, body: {} } });
    await user.click(screen.getByRole('button', { name: 'Need help?' }));
    await user.click(screen.getByRole('button', { name: 'Forgot Password' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Forgot Password' }));
    await user.type(dialog.getByLabelText('Email'), 'ana@example.com');
    await user.click(dialog.getByRole('button', { name: 'Send reset link' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(text);
  });

  it.each<[number, string]>([
    [404, verificationMessages.resendFeatureUnavailable],
    [500, verificationMessages.resendFailed],
  ])('shows the catalogue text when resending the verification answers %i', async (status, text) => {
    const { user } = renderLogin('/login', { 'POST /auth/resend-verification': { status, body: {} } });
    await user.click(screen.getByRole('button', { name: 'Need help?' }));
    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Resend Verification Email' }));
    await user.type(dialog.getByLabelText('Email'), 'ana@example.com');
    await user.click(dialog.getByRole('button', { name: 'Send verification email' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(text);
  });
});
