import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LoadingScreen } from '../components/spinner';
import { paths } from '../lib/paths';
import { readUrlToken, useSession, useSessionStore, withoutUrlToken } from '../lib/session';

/**
 * Startup (spec 000 section 2.2), inside the router: holds the screens back while the session is
 * being established, signs in with a token in the URL (`access_token` and `token_type`: the user is
 * fetched with it, stored, and the URL cleaned by a replace), and goes to /login after any logout.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const store = useSessionStore();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const urlToken = readUrlToken(search);

  useEffect(() => {
    const token = readUrlToken(search);
    if (!token) return;
    let current = true;
    store.signInWithUrlToken(token).then(
      () => {
        if (current) void navigate({ pathname, search: withoutUrlToken(search), hash }, { replace: true });
      },
      () => {
        if (current) void navigate(`${paths.login}?error=google`, { replace: true });
      },
    );
    return () => {
      current = false;
    };
  }, [store, navigate, pathname, search, hash]);

  useEffect(() => store.onLogout(() => void navigate(paths.login, { replace: true })), [store, navigate]);

  if (urlToken || session.status === 'checking') return <LoadingScreen label="Signing you in…" />;
  return children;
}
