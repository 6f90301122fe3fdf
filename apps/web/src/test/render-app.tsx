import { render } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import type { User } from '@reelcraft/contract';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { RootLayout } from '../app/root-layout';
import { routes as lazyAppRoutes } from '../app/routes';
import { saveSession } from '../lib/auth-storage';
import { createSessionStore, type SessionStore } from '../lib/session';
import { testUser } from './fake-api';
import { fakeSockets, type FakeSockets } from './fake-socket';

/**
 * The app's route table with every lazy screen already loaded, so the first screen renders in the same
 * tick as in a test written before the split. routes.test.tsx passes the real, lazy table to check the
 * loading itself.
 */
const appRoutes = await withLazyRoutesLoaded(lazyAppRoutes);

async function withLazyRoutesLoaded(routes: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(
    routes.map(async ({ lazy, children, ...route }) => {
      const loaded = typeof lazy === 'function' ? await lazy() : { lazy };
      return {
        ...route,
        ...loaded,
        ...(children && { children: await withLazyRoutesLoaded(children) }),
      } as RouteObject;
    }),
  );
}

/** Stores a signed-in session as a previous visit would have left it. */
export function storeSignedIn(user: User = testUser(), expiresIn = 3600, token = 'stored-token'): User {
  saveSession({ accessToken: token, tokenType: 'bearer', expiresIn, user });
  return user;
}

/**
 * Renders routes (the app's by default) at `path` inside the app's providers, with a session store
 * read from what localStorage holds now.
 */
export function renderApp(
  path = '/',
  {
    routes = appRoutes,
    store,
    strict = false,
    sockets = fakeSockets(),
  }: {
    routes?: RouteObject[];
    store?: SessionStore;
    /** Plays the /ws server; a fresh fake by default, so no test opens a real socket. */
    sockets?: FakeSockets;
    /** Under React's StrictMode, which mounts every effect twice as the development build does. */
    strict?: boolean;
  } = {},
) {
  const sessionStore = store ?? createSessionStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const app = (
    <AppProviders sessionStore={sessionStore} createSocket={sockets.createSocket}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, router, user, store: sessionStore, sockets };
}

/** The current path, query and hash of a rendered memory router. */
export function currentUrl(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search, hash } = router.state.location;
  return `${pathname}${search}${hash}`;
}

/** One page under the root layout that provides the toasts and the feedback dialog, at `path`. */
export function renderUnderRootLayout(element: ReactElement, path = '/') {
  return renderApp(path, { routes: [{ element: <RootLayout />, children: [{ path, element }] }] });
}
