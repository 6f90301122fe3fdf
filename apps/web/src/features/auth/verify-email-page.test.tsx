import { verificationMessages } from '@reelcraft/contract';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, testUser, type FakeHandler } from '../../test/fake-api';
import { currentUrl, renderApp, storeSignedIn } from '../../test/render-app';

type Answer = Parameters<typeof fakeApi>[0][string];

function renderVerify(path: string, answer?: Answer, strict = false) {
  const api = fakeApi({
    'GET /auth/providers': { body: { google: false } },
    'GET /auth/me': { body: testUser() },
    ...(answer === undefined ? {} : { 'GET /verify/good-token': answer }),
  });
  return { ...renderApp(path, { strict }), api };
}

describe('verify email screen', () => {
  it('without a token explains what to do, with ways back to sign in and to a new link', async () => {
    const { user } = renderVerify('/verify-email');

    expect(screen.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Login' })).toHaveAttribute('href', '/login');
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(screen.getByRole('dialog', { name: 'Resend Verification Email' })).toBeInTheDocument();
  });

  it('verifies the token of /verify/:token, shows success and moves to sign in after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: (response: Response) => void = () => undefined;
    const { api, router } = renderVerify(
      '/verify/good-token',
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );

    expect(await screen.findByRole('heading', { name: 'Verifying your email' })).toBeInTheDocument();
    answer(
      new Response(JSON.stringify({ message: 'Email verified.', already_verified: false }), { status: 200 }),
    );

    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to Sign In' })).toHaveAttribute('href', '/login');
    expect(api.sent('GET /verify/good-token')).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(currentUrl(router)).toBe('/verify/good-token');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(currentUrl(router)).toBe('/login');
    expect(api.sent('GET /verify/good-token')).toHaveLength(1);
    // A brand-new account signing in for the first time is not welcomed "back".
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to ReelCraft' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Welcome back')).not.toBeInTheDocument();
  });

  it('reads the token from the query of /verify-email', async () => {
    const { api } = renderVerify('/verify-email?token=good-token', {
      body: { message: 'ok', already_verified: false },
    });
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(api.sent('GET /verify/good-token')).toHaveLength(1);
  });

  it.each<[string, Answer, string]>([
    [
      'a malformed link',
      { status: 400, body: { detail: verificationMessages.invalidLinkFormat } },
      verificationMessages.invalidLinkFormat,
    ],
    [
      'an unknown link',
      { status: 400, body: { detail: verificationMessages.invalidLink } },
      verificationMessages.invalidLink,
    ],
    ['a 400 without detail', { status: 400, body: {} }, verificationMessages.invalidLink],
    [
      'a deleted account',
      { status: 404, body: { detail: verificationMessages.userNotFound } },
      verificationMessages.userNotFound,
    ],
    [
      'a missing endpoint',
      { status: 404, body: { detail: 'Not Found' } },
      verificationMessages.endpointNotFound,
    ],
  ])(
    'shows the catalogue text for %s with Return to Login, and no Try Again: the same link fails the same way',
    async (_case, answer, text) => {
      renderVerify('/verify/good-token', answer);

      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(screen.getByRole('link', { name: 'Return to Login' })).toHaveAttribute('href', '/login');
      expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    },
  );

  it.each<[string, Answer, string]>([
    [
      'a used link',
      { status: 409, body: { detail: verificationMessages.linkExpiredOrInvalid } },
      verificationMessages.linkExpiredOrInvalid,
    ],
    [
      'an expired link',
      { status: 410, body: { detail: verificationMessages.linkExpired } },
      verificationMessages.linkExpired,
    ],
  ])(
    'shows the catalogue text for %s and offers a new link instead of Try Again',
    async (_case, answer, text) => {
      const { user } = renderVerify('/verify/good-token', answer);

      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
      expect(screen.getByRole('dialog', { name: 'Resend Verification Email' })).toBeInTheDocument();
    },
  );

  it.each<[string, Answer, string]>([
    ['a server error', { status: 500, body: { detail: 'boom' } }, verificationMessages.serverError],
    ['no answer', 'network-error', verificationMessages.networkError],
  ])('shows the catalogue text for %s, with Try Again and Return to Login', async (_case, answer, text) => {
    renderVerify('/verify/good-token', answer);

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Login' })).toHaveAttribute('href', '/login');
  });

  it('says an account verified already is verified, and moves on to sign in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderVerify('/verify/good-token', {
      body: { message: 'This email address is already verified. You can sign in.', already_verified: true },
    });

    expect(await screen.findByRole('heading', { name: 'Email already verified' })).toBeInTheDocument();
    expect(screen.queryByText(verificationMessages.linkExpiredOrInvalid)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to Sign In' })).toHaveAttribute('href', '/login');

    await act(() => vi.advanceTimersByTimeAsync(3100));
    expect(currentUrl(router)).toBe('/login');
    // Not a first sign-in: this account was verified before.
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
  });

  it.each(['/verify', '/verify-email'])(
    'shows a signed-in user on %s that their email is verified, not "Check your inbox"',
    async (path) => {
      storeSignedIn(testUser({ email: 'ana@example.com' }));
      renderVerify(path);

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Your email is verified' }),
      ).toBeInTheDocument();
      expect(screen.getByText('ana@example.com')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Check your inbox' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
    },
  );

  it('takes a signed-in user who opens a link on to the dashboard, not to sign in', async () => {
    storeSignedIn();
    renderVerify('/verify/good-token', { body: { message: 'ok', already_verified: false } });
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('gives up after 10 s without an answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderVerify('/verify/good-token', 'hang');
    await screen.findByRole('heading', { name: 'Verifying your email' });

    await act(() => vi.advanceTimersByTimeAsync(10_000));

    expect(await screen.findByRole('alert')).toHaveTextContent(verificationMessages.networkError);
  });

  it('tries again on Try Again', async () => {
    let calls = 0;
    const answer: FakeHandler = () =>
      ++calls === 1
        ? { status: 500, body: {} }
        : { status: 200, body: { message: 'ok', already_verified: false } };
    const { user, api } = renderVerify('/verify/good-token', answer);

    await user.click(await screen.findByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(api.sent('GET /verify/good-token')).toHaveLength(2);
  });

  it('spends the single-use token once, even when React mounts the screen twice', async () => {
    const { api } = renderVerify(
      '/verify/good-token',
      { body: { message: 'ok', already_verified: false } },
      true,
    );
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(api.sent('GET /verify/good-token')).toHaveLength(1);
  });
});
