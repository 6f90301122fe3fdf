/** React Query keys of the chat assistant. */
export const chatKeys = {
  all: ['chat'] as const,
  connection: () => ['chat', 'connection'] as const,
  sessions: () => ['chat', 'sessions'] as const,
  history: (sessionId: string) => ['chat', 'history', sessionId] as const,
};
