import type { SocketServerMessage } from '@reelcraft/contract';
import {
  createContext,
  useContext,
  useEffect,
  useEffectEvent,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { RealtimeClient, RealtimeReady, RealtimeState } from './realtime-client';

const RealtimeContext = createContext<RealtimeClient | null>(null);

/** Provides the socket client to the tree and keeps it following the session while mounted. */
export function RealtimeProvider({ client, children }: { client: RealtimeClient; children: ReactNode }) {
  useEffect(() => client.start(), [client]);
  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

export function useRealtimeClient(): RealtimeClient {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error('useRealtimeClient must be used inside <RealtimeProvider>');
  return client;
}

/** The connection state of /ws; re-renders when it changes. */
export function useRealtimeState(): RealtimeState {
  const client = useRealtimeClient();
  return useSyncExternalStore(client.subscribeState, client.getState, client.getState);
}

/**
 * Runs `handler` for every socket message of the given type(s) while the calling component is
 * mounted. The handler may change between renders; the subscription does not.
 */
export function useRealtimeEvent(
  types: string | readonly string[],
  handler: (message: SocketServerMessage) => void,
): void {
  const client = useRealtimeClient();
  const onMessage = useEffectEvent(handler);
  const key = typeof types === 'string' ? types : types.join('\n');
  useEffect(() => client.subscribe(key.split('\n'), (message) => onMessage(message)), [client, key]);
}

/** Runs `handler` each time the server confirms the socket (after sign-in and after every reconnect). */
export function useRealtimeReady(handler: (ready: RealtimeReady) => void): void {
  const client = useRealtimeClient();
  const onReady = useEffectEvent(handler);
  useEffect(() => client.onReady((ready) => onReady(ready)), [client]);
}
