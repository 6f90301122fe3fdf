import { useSyncExternalStore } from 'react';
import { DEFAULT_THEME, STORAGE_KEYS, THEMES } from '@reelcraft/contract';

// The colour theme (spec 000 section 1): dark by default, the choice persisted as `theme` = dark|light,
// the system preference followed while nothing is stored. The `dark` class on <html> drives Tailwind's
// dark variant; an inline script in index.html sets it before first paint, and this module keeps it and
// React in step afterwards. It is a tiny external store, so any component can read
// the theme without a context provider.

export type Theme = (typeof THEMES)[number];

export const THEME_STORAGE_KEY = STORAGE_KEYS.theme;
/** The media queries of the system preference, by the theme each one asks for. */
export const SYSTEM_THEME_QUERIES: Readonly<Record<Theme, string>> = {
  dark: '(prefers-color-scheme: dark)',
  light: '(prefers-color-scheme: light)',
};

export function isTheme(value: unknown): value is Theme {
  return (THEMES as readonly unknown[]).includes(value);
}

/** The persisted choice, or null when the user never chose (or storage is unavailable). */
export function readStoredTheme(): Theme | null {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : null;
  } catch {
    return null;
  }
}

/** The theme the system asks for, or null when it states no preference. */
export function systemTheme(): Theme | null {
  if (typeof window.matchMedia !== 'function') return null;
  return THEMES.find((theme) => window.matchMedia(SYSTEM_THEME_QUERIES[theme]).matches) ?? null;
}

/** The theme in force: the stored choice, else the system preference, else dark. */
export function resolveTheme(): Theme {
  return readStoredTheme() ?? systemTheme() ?? DEFAULT_THEME;
}

/** Puts the theme on the document: the `dark` class and the native `color-scheme`. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Persists and applies a theme choice, and re-renders every component reading it. */
export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage can be full or blocked; the choice then lasts for this page only.
  }
  applyTheme(theme);
  notify();
}

/** Switches between dark and light. */
export function toggleTheme(): void {
  setTheme(resolveTheme() === 'dark' ? 'light' : 'dark');
}

/**
 * Follows changes made elsewhere: another tab storing a choice, or the system preference changing
 * while nothing is stored. Returns the unsubscribe function.
 */
export function subscribeToTheme(listener: () => void): () => void {
  listeners.add(listener);
  const sync = () => {
    applyTheme(resolveTheme());
    notify();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) sync();
  };
  const queries =
    typeof window.matchMedia === 'function'
      ? THEMES.map((theme) => window.matchMedia(SYSTEM_THEME_QUERIES[theme]))
      : [];
  window.addEventListener('storage', onStorage);
  for (const query of queries) query.addEventListener('change', sync);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    for (const query of queries) query.removeEventListener('change', sync);
  };
}

const serverSnapshot = (): Theme => DEFAULT_THEME;

/** The current theme and the ways to change it, kept in sync with storage and the system. */
export function useTheme(): { theme: Theme; setTheme: (theme: Theme) => void; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribeToTheme, resolveTheme, serverSnapshot);
  return { theme, setTheme, toggleTheme };
}
