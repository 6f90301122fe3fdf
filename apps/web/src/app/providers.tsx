import { QueryClientProvider } from '@tanstack/react-query';
import { LucideProvider } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';
import { createRealtimeClient, RealtimeProvider, type SocketLike } from '../lib/realtime';
import { createSessionStore, SessionProvider, type SessionStore } from '../lib/session';

/**
 * App-wide providers: the session, the query client, the /ws client that follows the session, and the
 * icons' defaults. The theme needs none: it is an external store (lib/theme.ts) read with `useTheme()`,
 * applied to <html> before first paint by the boot script in index.html. Tests pass their own session
 * store and socket.
 */
export function AppProviders({
  children,
  sessionStore,
  createSocket,
}: {
  children: ReactNode;
  sessionStore?: SessionStore;
  /** Opens the /ws socket; the browser's WebSocket by default. */
  createSocket?: (url: string) => SocketLike;
}) {
  const [store] = useState(() => sessionStore ?? createSessionStore());
  const [queryClient] = useState(() =>
    createQueryClient({ onError: (error) => store.handleApiError(error) }),
  );
  const [realtime] = useState(() => createRealtimeClient({ session: store, createSocket }));

  // Whatever was loaded for the account that just left must not be shown to the next one.
  useEffect(() => store.onLogout(() => queryClient.clear()), [store, queryClient]);

  return (
    <SessionProvider store={store}>
      <RealtimeProvider client={realtime}>
        <QueryClientProvider client={queryClient}>
          {/* The interface's icons are 20 px line icons with a lighter stroke than Lucide's 24 px and 2;
              a size class on an icon still wins. */}
          <LucideProvider size={20} strokeWidth={1.75}>
            {children}
          </LucideProvider>
        </QueryClientProvider>
      </RealtimeProvider>
    </SessionProvider>
  );
}
