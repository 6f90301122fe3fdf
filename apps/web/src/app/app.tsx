import { createBrowserRouter, RouterProvider } from 'react-router';
import { saveRedirectAfterLogin } from '../lib/auth-storage';
import { paths } from '../lib/paths';
import { createSessionStore } from '../lib/session';
import { AppProviders } from './providers';
import { routes } from './routes';
import { signedOutStart } from './signed-out-start';

const sessionStore = createSessionStore();

// A signed-out visit of a signed-in screen starts on the sign-in screen, before the router would load
// that screen's and the shell's chunks only to leave them (issue 36).
const start = signedOutStart(routes, sessionStore.getSession(), window.location);
if (start) {
  saveRedirectAfterLogin(start.redirectAfterLogin);
  window.history.replaceState(null, '', paths.login);
}

const router = createBrowserRouter(routes);

export function App() {
  return (
    <AppProviders sessionStore={sessionStore}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
