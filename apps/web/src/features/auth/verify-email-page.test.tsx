import { verificationMessages } from '@reelcraft/contract';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeHandler } from '../../test/fake-api';
import { currentUrl, renderApp } from '../../test/render-app';

type Answer = Parameters<typeof fakeApi>[0][string];

function renderVerify(path: string, answer?: Answer, strict = false) {
  const api = fakeApi({
    'GET /auth/providers': { body: { google: false } },
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
    answer(new Response(JSON.stringify({ message: 'Email verified.' }), { status: 200 }));

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
    const { api } = renderVerify('/verify-email?token=good-token', { body: { message: 'ok' } });
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
      'a used link',
      { status: 409, body: { detail: verificationMessages.linkExpiredOrInvalid } },
      verificationMessages.linkExpiredOrInvalid,
    ],
    [
      'an expired link',
      { status: 410, body: { detail: verificationMessages.linkExpired } },
      verificationMessages.linkExpired,
    ],
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
    ['a server error', { status: 500, body: { detail: 'boom' } }, verificationMessages.serverError],
    ['no answer', 'network-error', verificationMessages.networkError],
  ])('shows the catalogue text for %s, with Try Again and Return to Login', async (_case, answer, text) => {
    renderVerify('/verify/good-token', answer);

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Login' })).toHaveAttribute('href', '/login');
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
      ++calls === 1 ? { status: 500, body: {} } : { status: 200, body: { message: 'ok' } };
    const { user, api } = renderVerify('/verify/good-token', answer);

    await user.click(await screen.findByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(api.sent('GET /verify/good-token')).toHaveLength(2);
  });

  it('spends the single-use token once, even when React mounts the screen twice', async () => {
    const { api } = renderVerify('/verify/good-token', { body: { message: 'ok' } }, true);
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(api.sent('GET /verify/good-token')).toHaveLength(1);
  });
});
