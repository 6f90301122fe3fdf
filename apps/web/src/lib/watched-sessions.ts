// The generations this tab is showing live (issue 36): a job the user watched finish on screen needs
// no unread notification, since its screen already says so. Screens register the session they
// follow; the notifications feature asks when an outcome arrives.

const watched = new Map<string, number>();

/** Registers `sessionId` as shown on screen until the returned function is called. */
export function watchSession(sessionId: string): () => void {
  watched.set(sessionId, (watched.get(sessionId) ?? 0) + 1);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    const count = (watched.get(sessionId) ?? 1) - 1;
    if (count > 0) watched.set(sessionId, count);
    else watched.delete(sessionId);
  };
}

/** Whether the user is looking at `sessionId`'s progress now: a screen shows it and the tab is visible. */
export function isSessionWatched(sessionId: string | null): boolean {
  if (sessionId === null || !watched.has(sessionId)) return false;
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}
