import { STORAGE_KEYS } from '@reelcraft/contract';
import { expect, test, type Page } from '@playwright/test';

// The public landing page in real Chromium: what a visitor sees, the theme switch surviving a reload,
// and a phone-sized screen that does not scroll sideways.

async function themeState(page: Page) {
  return page.evaluate(
    (key) => ({
      dark: document.documentElement.classList.contains('dark'),
      stored: window.localStorage.getItem(key),
    }),
    STORAGE_KEYS.theme,
  );
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('landing page on a desktop screen', () => {
  // Browsers always report a light or a dark preference; with a dark one nothing stored means dark.
  test.use({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });

  test('shows the heading and the header links', async ({ page }) => {
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1 })).toContainText('finished video');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'ReelCraft home' })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: 'View Plans' })).toHaveAttribute(
      'href',
      '/subscription-plans',
    );
    await expect(header.getByRole('button', { name: 'Feedback' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/login?mode=create',
    );
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    await expectNoHorizontalScroll(page);
  });

  test('starts dark and keeps the chosen theme after a reload', async ({ page }) => {
    await page.goto('/');
    expect(await themeState(page)).toEqual({ dark: true, stored: null });

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await themeState(page)).toEqual({ dark: false, stored: 'light' });

    await page.reload();
    expect(await themeState(page)).toEqual({ dark: false, stored: 'light' });
    await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.reload();
    expect(await themeState(page)).toEqual({ dark: true, stored: 'dark' });
  });

  test('opens the feedback dialog from the header', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Feedback' }).click();

    const dialog = page.getByRole('dialog', { name: 'Share feedback' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test.describe('landing page with a light system preference', () => {
  test.use({ colorScheme: 'light' });

  test('follows the system while nothing is stored', async ({ page }) => {
    await page.goto('/');
    expect(await themeState(page)).toEqual({ dark: false, stored: null });
  });
});

test.describe('landing page on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, colorScheme: 'dark', hasTouch: true });

  test('fits the screen, keeps the theme after a reload and has the header links in a menu', async ({
    page,
  }) => {
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.reload();
    expect(await themeState(page)).toEqual({ dark: false, stored: 'light' });
    await expectNoHorizontalScroll(page);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'View Plans' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Feedback' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Get Started' })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
