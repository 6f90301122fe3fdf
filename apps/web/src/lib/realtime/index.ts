export {
  createRealtimeClient,
  defaultSocketUrl,
  reconnectDelay,
  REALTIME_DEFAULTS,
  type RealtimeClient,
  type RealtimeClientOptions,
  type RealtimeReady,
  type RealtimeState,
  type SocketLike,
} from './realtime-client';
export {
  RealtimeProvider,
  useRealtimeClient,
  useRealtimeEvent,
  useRealtimeReady,
  useRealtimeState,
} from './realtime-context';
