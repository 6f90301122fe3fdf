import { loginMessages, sessionMessages, STORAGE_KEYS } from '@reelcraft/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readStoredSession } from '../lib/auth-storage';
import { fakeApi, testUser, tokenAnswer } from '../test/fake-api';
import { currentUrl, renderApp as renderWithRoutes, storeSignedIn } from '../test/render-app';
import { routes } from './routes';

/** Renders the real route table, with its lazy screens, as the built app loads them. */
function renderApp(path: string, options: Omit<Parameters<typeof renderWithRoutes>[1], 'routes'> = {}) {
  return renderWithRoutes(path, { ...options, routes });
}

const providers = { 'GET /auth/providers': { body: { google: false } } };

describe('routes', () => {
  it('shows the landing page at / at once: it is in the main bundle', () => {
    fakeApi(providers);
    renderApp('/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/finished video/i);
  });

  it('shows a not-found page with a way home for unknown paths, once its route has loaded', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});

describe('route guard', () => {
  it.each(['/dashboard', '/my-details', '/onboarding'])(
    'sends a signed-out visitor of %s to /login and remembers the path',
    async (path) => {
      fakeApi(providers);
      const { router } = renderApp(`${path}?from=mail#top`);

      await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
      expect(currentUrl(router)).toBe('/login');
      expect(window.localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBe(`${path}?from=mail#top`);
    },
  );

  it('brings the visitor back to the remembered page after signing in', async () => {
    fakeApi({
      ...providers,
      'POST /auth/login': { body: tokenAnswer },
      'GET /auth/me': { body: testUser() },
    });
    const { router, user } = renderApp('/my-details');
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await screen.findByRole('heading', { level: 1, name: 'My Details' });
    expect(currentUrl(router)).toBe('/my-details');
    expect(window.localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBeNull();
  });

  it.each(['/', '/login'])('sends a signed-in user from %s to /dashboard', async (path) => {
    const user = storeSignedIn(testUser({ is_onboarded: false }));
    fakeApi({ ...providers, 'GET /auth/me': { body: user } });
    const { router } = renderApp(path);

    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(currentUrl(router)).toBe('/dashboard');
  });

  it('stays signed in on a reload: the stored session opens protected pages', async () => {
    storeSignedIn();
    const api = fakeApi({ 'GET /auth/me': { body: testUser() } });
    renderApp('/my-details');

    expect(await screen.findByRole('heading', { level: 1, name: 'My Details' })).toBeInTheDocument();
    await waitFor(() => expect(api.sent('GET /auth/me')).toHaveLength(1));
    expect(api.sent('GET /auth/me')[0]?.headers.get('Authorization')).toBe('Bearer stored-token');
  });

  it('logs out when the stored token is refused at start-up, and the login screen says the session expired', async () => {
    storeSignedIn();
    fakeApi({
      ...providers,
      'GET /auth/me': { status: 401, body: { detail: 'Invalid or missing JWT token' } },
    });
    const { router } = renderApp('/dashboard');

    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    expect(currentUrl(router)).toBe('/login');
    expect(readStoredSession().token).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent(sessionMessages.sessionExpired);
  });

  it('says on the login screen that a stored session expired, until the user signs in again', async () => {
    storeSignedIn(testUser(), 30); // within the 60 s buffer: counts as expired
    fakeApi({
      ...providers,
      'POST /auth/login': { status: 401, body: { detail: 'Incorrect email or password' } },
    });
    const { router, user } = renderApp('/projects?open=p1');

    expect(await screen.findByRole('alert')).toHaveTextContent(sessionMessages.sessionExpired);
    expect(currentUrl(router)).toBe('/login');
    expect(window.localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBe('/projects?open=p1');

    // A new attempt replaces it with what that attempt answered.
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(loginMessages.invalidCredentials),
    );
    expect(screen.queryByText(sessionMessages.sessionExpired)).not.toBeInTheDocument();
  });

  it('says nothing about an expired session after the user logged out', async () => {
    const signedIn = storeSignedIn();
    fakeApi({ ...providers, 'GET /auth/me': { body: signedIn } });
    const { store, router } = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    act(() => store.logout());

    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    expect(currentUrl(router)).toBe('/login');
    expect(screen.queryByText(sessionMessages.sessionExpired)).not.toBeInTheDocument();
  });
});

describe('token-in-URL sign-in', () => {
  it('fetches the user with the token from the URL, stores the session and cleans the URL', async () => {
    const api = fakeApi({ ...providers, 'GET /auth/me': { body: testUser() } });
    const { router } = renderApp(
      '/my-details?access_token=url-token&token_type=bearer&expires_in=3600&tab=1',
    );

    await screen.findByRole('heading', { level: 1, name: 'My Details' });
    expect(currentUrl(router)).toBe('/my-details?tab=1');
    expect(api.sent('GET /auth/me')[0]?.headers.get('Authorization')).toBe('Bearer url-token');
    expect(readStoredSession()).toMatchObject({ token: 'url-token', tokenType: 'bearer', user: testUser() });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('asks once for the user even when React mounts the app twice', async () => {
    const api = fakeApi({ ...providers, 'GET /auth/me': { body: testUser() } });
    const { router } = renderApp('/dashboard?access_token=url-token&token_type=bearer', { strict: true });

    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(currentUrl(router)).toBe('/dashboard');
    expect(api.sent('GET /auth/me')).toHaveLength(1);
  });

  it('after a Google sign-in on /login, goes on to onboarding for a new user', async () => {
    fakeApi({ ...providers, 'GET /auth/me': { body: testUser({ is_onboarded: false }) } });
    const { router } = renderApp('/login?access_token=url-token&token_type=bearer&expires_in=3600');

    await screen.findByRole('heading', { level: 1, name: 'Tell us about your business' });
    expect(currentUrl(router)).toBe('/onboarding');
  });

  it('shows the Google failure when the token from the URL is refused', async () => {
    fakeApi({
      ...providers,
      'GET /auth/me': { status: 401, body: { detail: 'Invalid or missing JWT token' } },
    });
    const { router } = renderApp('/login?access_token=forged&token_type=bearer');

    expect(await screen.findByRole('alert')).toHaveTextContent(loginMessages.googleFailed);
    expect(currentUrl(router)).toBe('/login?error=google');
    expect(readStoredSession().token).toBeNull();
  });
});

describe('signed-in shell and logout', () => {
  it('shows the account and logs out from its menu: storage cleared, back to /login, nothing remembered', async () => {
    storeSignedIn();
    fakeApi({ ...providers, 'GET /auth/me': { body: testUser() } });
    const { router, user, store, sockets } = renderApp('/my-details');
    const onLogout = vi.fn();
    store.onLogout(onLogout);
    const socket = sockets.latest();

    const sidebar = within(await screen.findByRole('complementary', { name: 'Sidebar' }));
    expect(sidebar.getByRole('link', { name: 'ReelCraft dashboard' })).toHaveAttribute('href', '/dashboard');
    await user.click(sidebar.getByRole('button', { name: 'Ana Lima, account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    expect(currentUrl(router)).toBe('/login');
    expect(onLogout).toHaveBeenCalledExactlyOnceWith('user');
    expect(socket.closedWith).not.toBeNull();
    for (const key of [
      STORAGE_KEYS.authToken,
      STORAGE_KEYS.tokenType,
      STORAGE_KEYS.userData,
      STORAGE_KEYS.tokenExpiresAt,
    ]) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    expect(window.localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBeNull();
  });

  it('connects the socket with the session token once signed in', () => {
    storeSignedIn();
    fakeApi({ 'GET /auth/me': { body: testUser() } });
    const { sockets } = renderApp('/dashboard');
    expect(sockets.sockets).toHaveLength(1);
    act(() => sockets.latest().open());
    expect(sockets.latest().token).toBe('stored-token');
  });

  it('shows an unknown path as the not-found page inside the shell', async () => {
    storeSignedIn();
    fakeApi({ 'GET /auth/me': { body: testUser() } });
    renderApp('/no-such-screen');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('opens Slides to Video at /ppt-to-video, in the shell, with its drop zone', async () => {
    storeSignedIn();
    fakeApi({
      'GET /auth/me': { body: testUser() },
      'GET /ppt-to-video/capabilities': { body: { pdf: true, pptx: true, missing: [], message: null } },
    });
    renderApp('/ppt-to-video');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create Video from Slides' }),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('Choose a deck')).toBeInTheDocument();
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('logs out when the token expires and remembers where the user was', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSignedIn(testUser(), 600);
    fakeApi({ ...providers, 'GET /auth/me': { body: testUser() } });
    const { router } = renderApp('/my-details');
    await screen.findByRole('heading', { level: 1, name: 'My Details' });

    await act(() => vi.advanceTimersByTimeAsync(540_000));

    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    expect(currentUrl(router)).toBe('/login');
    expect(readStoredSession().token).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBe('/my-details');
  });
});
