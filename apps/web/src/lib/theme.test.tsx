import { DEFAULT_THEME, STORAGE_KEYS } from '@reelcraft/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeToggle } from '../components/theme-toggle';
import { applyTheme, resolveTheme, type Theme } from './theme';
import indexHtml from '../../index.html?raw';

/** The inline script of index.html that sets the theme before first paint. */
function bootScript(): string {
  const match = /<script>([\s\S]*?)<\/script>/.exec(indexHtml);
  if (!match?.[1]) throw new Error('index.html has no inline theme script');
  return match[1];
}

/** Stands in for the system colour-scheme preference (jsdom has no matchMedia). */
function stubSystemPreference(preference: Theme | null) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: preference !== null && query === `(prefers-color-scheme: ${preference})`,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

const html = document.documentElement;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('theme', () => {
  it('is dark by default', async () => {
    stubSystemPreference(null);
    expect(DEFAULT_THEME).toBe('dark');
    expect(resolveTheme()).toBe('dark');

    render(<ThemeToggle />);

    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
  });

  it('follows the system preference while nothing is stored', () => {
    stubSystemPreference('light');
    expect(resolveTheme()).toBe('light');
    render(<ThemeToggle />);
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();

    stubSystemPreference('dark');
    expect(resolveTheme()).toBe('dark');
  });

  it('persists the choice, applies it to <html> and keeps it over the system preference', async () => {
    stubSystemPreference('dark');
    applyTheme(resolveTheme());
    const user = userEvent.setup();
    render(<ThemeToggle />);
    expect(html).toHaveClass('dark');

    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));

    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
    expect(html).not.toHaveClass('dark');
    expect(html.style.colorScheme).toBe('light');
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
    expect(resolveTheme()).toBe('light');

    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));

    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    expect(html).toHaveClass('dark');
  });

  it('ignores a stored value that is not a theme', () => {
    stubSystemPreference(null);
    window.localStorage.setItem(STORAGE_KEYS.theme, 'sepia');
    expect(resolveTheme()).toBe('dark');
  });

  describe('boot script in index.html', () => {
    const stored = [null, 'dark', 'light', 'sepia'] as const;
    const system = [null, 'dark', 'light'] as const;
    const cases = stored.flatMap((s) => system.map((p) => [s, p] as const));

    it.each(cases)('with stored %s and system %s it sets what theme.ts would', (storedValue, preference) => {
      stubSystemPreference(preference);
      if (storedValue) window.localStorage.setItem(STORAGE_KEYS.theme, storedValue);
      html.className = '';

      new Function(bootScript())();

      const expected = resolveTheme();
      expect(html.classList.contains('dark')).toBe(expected === 'dark');
      expect(html.style.colorScheme).toBe(expected);
    });
  });
});
