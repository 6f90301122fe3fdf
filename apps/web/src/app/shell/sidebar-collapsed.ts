import { STORAGE_KEYS } from '@reelcraft/contract';
import { useSyncExternalStore } from 'react';

// Whether the desktop sidebar is collapsed (spec 000 section 2.5: remembered locally), under the
// contract's STORAGE_KEYS.sidebarCollapsed as "true" or "false". A tiny external store like the theme,
// so every tab follows a change made in another.

const listeners = new Set<() => void>();
/** Used only when storage refuses the write. */
let memory: boolean | null = null;

export function readSidebarCollapsed(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.sidebarCollapsed) === 'true';
  } catch {
    return false;
  }
}

export function setSidebarCollapsed(collapsed: boolean): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.sidebarCollapsed, String(collapsed));
  } catch {
    // Storage full or blocked: the choice lasts for this page only.
    memory = collapsed;
  }
  for (const listener of listeners) listener();
}

function snapshot(): boolean {
  return memory ?? readSidebarCollapsed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.sidebarCollapsed || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSidebarCollapsed(): [boolean, (collapsed: boolean) => void] {
  const collapsed = useSyncExternalStore(subscribe, snapshot, () => false);
  return [collapsed, setSidebarCollapsed];
}
