import { STORAGE_KEYS } from '@reelcraft/contract';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';

// Who dismissed the subscription upsell on this browser: the users' ids, as a JSON list under the
// contract's STORAGE_KEYS.upsellDismissedBy. Per user, so a shared computer still shows it to the
// next person; kept across logouts (logout clears only the session's keys). A tiny external store
// like the collapsed sidebar, so every tab follows a dismissal made in another.

/** Enough for every account a browser sees; the oldest ids go first. */
const MAX_USERS = 20;

const listeners = new Set<() => void>();
/** Used only when storage refuses the write. */
let memory: readonly string[] | null = null;

function readDismissedBy(): readonly string[] {
  try {
    const parsed = z
      .array(z.string())
      .safeParse(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.upsellDismissedBy) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Hides the upsell for this user on this browser from now on. */
export function dismissUpsell(userId: string): void {
  const next = [...readDismissedBy().filter((id) => id !== userId), userId].slice(-MAX_USERS);
  try {
    window.localStorage.setItem(STORAGE_KEYS.upsellDismissedBy, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the dismissal lasts for this page only.
    memory = next;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.upsellDismissedBy || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether this user dismissed the upsell on this browser. */
export function useUpsellDismissed(userId: string | undefined): boolean {
  return useSyncExternalStore(
    subscribe,
    () => userId !== undefined && (memory ?? readDismissedBy()).includes(userId),
    () => false,
  );
}
