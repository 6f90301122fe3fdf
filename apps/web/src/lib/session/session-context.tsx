import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { User } from '@reelcraft/contract';
import type { LogoutReason, Session, SessionStore } from './session-store';

const SessionContext = createContext<SessionStore | null>(null);

/** Provides the session store to the tree and runs its startup check, watcher and cross-tab sync. */
export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  useEffect(() => store.start(), [store]);
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSessionStore must be used inside <SessionProvider>');
  return store;
}

/** The current session; re-renders on sign-in, logout and user changes. */
export function useSession(): Session {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getSession, store.getSession);
}

/** The signed-in user, or null. */
export function useCurrentUser(): User | null {
  const session = useSession();
  return session.status === 'signed-in' ? session.user : null;
}

/** Runs `listener` after every logout while the calling component is mounted. */
export function useOnLogout(listener: (reason: LogoutReason) => void): void {
  const store = useSessionStore();
  useEffect(() => store.onLogout(listener), [store, listener]);
}
