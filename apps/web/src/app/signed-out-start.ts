import { matchRoutes, type RouteObject } from 'react-router';
import { readUrlToken, type Session } from '../lib/session';

/** The id of the route that holds every signed-in screen behind the guard (app/routes.tsx). */
export const SIGNED_IN_ROUTE_ID = 'signed-in';

/**
 * How a visit that opens a signed-in screen signed out starts: at /login, at once, with the screen's
 * path kept as the redirect-after-login path; null when the visit opens where it is (a public screen,
 * a session that is signed in or still being checked, a token in the URL to sign in with).
 *
 * Decided before the router starts: the router loads every matched route's lazy chunk before it
 * renders, so a guard inside the routes can only send the visitor on after the shell's and the
 * screen's chunks have arrived, which showed a blank page for seconds on a slow link (issue 36).
 */
export function signedOutStart(
  routes: RouteObject[],
  session: Session,
  location: Pick<URL, 'pathname' | 'search' | 'hash'>,
): { redirectAfterLogin: string } | null {
  if (session.status !== 'signed-out' || readUrlToken(location.search)) return null;
  const matches = matchRoutes(routes, location.pathname);
  if (!matches?.some((match) => match.route.id === SIGNED_IN_ROUTE_ID)) return null;
  return { redirectAfterLogin: `${location.pathname}${location.search}${location.hash}` };
}
