export {
  createSessionStore,
  type LogoutReason,
  type Session,
  type SessionStore,
  type SignedInSession,
  type SignInInput,
} from './session-store';
export { SessionProvider, useCurrentUser, useOnLogout, useSession, useSessionStore } from './session-context';
export { readUrlToken, withoutUrlToken, type UrlToken } from './token-in-url';
