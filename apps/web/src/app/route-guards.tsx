import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { LoadingScreen } from '../components/spinner';
import { saveRedirectAfterLogin } from '../lib/auth-storage';
import { paths } from '../lib/paths';
import { useSession, useSessionStore } from '../lib/session';

/**
 * The guard of the signed-in routes (spec 000 section 2.2): a signed-out user goes to /login and the
 * path they asked for is kept as the redirect-after-login path, except right after they logged out
 * themselves.
 */
export function RequireAuth() {
  const session = useSession();
  const store = useSessionStore();
  const signedIn = session.status === 'signed-in';

  useEffect(() => {
    if (signedIn) store.markArrived();
  }, [signedIn, store]);

  if (session.status === 'signed-in') return <Outlet />;
  if (session.status === 'checking') return <LoadingScreen label="Checking your session…" />;
  return <RedirectToLogin remember={session.endedBy !== 'user'} />;
}

/**
 * Sends the visitor to /login. The sign-in screen's chunk may still be on its way: meanwhile the app's
 * loading screen shows, not a blank page (issue 36). A signed-out visit that opens here is sent to
 * /login before the router starts (app.tsx, signed-out-start.ts); this covers a session that ends on a
 * signed-in screen.
 */
function RedirectToLogin({ remember }: { remember: boolean }) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (remember) saveRedirectAfterLogin(`${pathname}${search}${hash}`);
    void navigate(paths.login, { replace: true });
  }, [remember, navigate, pathname, search, hash]);
  return <LoadingScreen label="Taking you to sign in…" />;
}

/** For `/`: a signed-in user is sent on (spec 000 section 2.1), to /dashboard unless a sign-in just chose. */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status === 'signed-in') return <Navigate to={session.destination} replace />;
  return children;
}
