import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedInAccount, type SignedInAccount } from './support/accounts';

// The accessibility defects of issue 36 item 15, checked in real Chromium in both themes: text
// contrast of at least 4.5:1 (WCAG 1.4.3), headings that skip no level, accessible names that start
// with the words a control shows (WCAG 2.5.3), the focus coming back to the account menu when the
// feedback dialog closes, and a visible focus ring on the menu's items.

const MIN_CONTRAST = 4.5;

/**
 * The contrast ratio of an element's text against what is painted behind it: its own background and
 * its ancestors', composited (translucent layers over the first opaque one), as axe-core computes it.
 * Colours are read through a canvas, which turns any CSS colour (Tailwind's oklch) into sRGB.
 */
async function contrastOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no canvas');
    const rgba = (color: string): [number, number, number, number] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (top: number[], bottom: number[]) =>
      [0, 1, 2].map(
        (index) => (top[index] ?? 0) * (top[3] ?? 1) + (bottom[index] ?? 0) * (1 - (top[3] ?? 1)),
      );

    const layers: [number, number, number, number][] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const layer = rgba(getComputedStyle(node).backgroundColor);
      if (layer[3] > 0) layers.push(layer);
      if (layer[3] >= 1) break;
    }
    let background = [255, 255, 255];
    for (const layer of layers.reverse()) background = over(layer, background);
    const text = over(rgba(getComputedStyle(element).color), background);

    const luminance = (rgb: number[]) => {
      const [r = 0, g = 0, b = 0] = rgb.map((value) => {
        const channel = value / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [light, dark] = [luminance(text), luminance(background)].sort((a, b) => b - a);
    return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
  });
}

async function expectReadable(locator: Locator, what: string) {
  await expect(locator.first(), `${what} is on the page`).toBeVisible();
  const count = await locator.count();
  for (let index = 0; index < count; index += 1) {
    expect(await contrastOf(locator.nth(index)), `${what} contrast`).toBeGreaterThanOrEqual(MIN_CONTRAST);
  }
}

/**
 * The words a control shows, as axe-core's label-content-name-mismatch rule reads them: the text
 * painted on screen (visually hidden text left out, aria-hidden text kept, adjacent elements' text run
 * together), in letters and digits.
 */
async function shownWords(locator: Locator): Promise<string[]> {
  const text = await locator.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let shown = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const box = parent?.getBoundingClientRect();
      if (
        parent &&
        box &&
        box.width > 1 &&
        box.height > 1 &&
        getComputedStyle(parent).visibility !== 'hidden'
      ) {
        shown += node.nodeValue ?? '';
      }
    }
    return shown;
  });
  return words(text);
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The accessible name Chromium's accessibility tree gives the element. */
async function accessibleName(locator: Locator): Promise<string> {
  const snapshot = await locator.ariaSnapshot();
  return /"(.*)"/.exec(snapshot.split('\n')[0] ?? '')?.[1] ?? '';
}

async function startVideo(page: Page, account: SignedInAccount): Promise<void> {
  const started = await page.request.post('/api/v1/text-to-video/sessions', {
    headers: { Authorization: `Bearer ${account.token}` },
    multipart: { prompt: 'A lighthouse on a cliff at dusk, waves breaking below', duration: '15' },
  });
  expect(started.ok()).toBe(true);
}

async function notify(page: Page, account: SignedInAccount): Promise<void> {
  const created = await page.request.post('/api/v1/notifications/', {
    headers: { Authorization: `Bearer ${account.token}` },
    data: {
      title: 'Your video is ready',
      message: 'A lighthouse at dusk is ready to watch.',
      status: 'completed',
      link: '/projects',
      video_id: null,
    },
  });
  expect(created.ok()).toBe(true);
}

for (const theme of ['dark', 'light'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ viewport: { width: 1440, height: 900 }, colorScheme: theme });

    test('text is readable: sidebar labels, timestamps, the current plan badge, image to video', async ({
      page,
    }) => {
      const account = await signedInAccount(page, 'Cora Contrast');
      await notify(page, account);
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);

      const nav = page.getByRole('navigation', { name: 'Main' });
      await expectReadable(nav.getByRole('heading', { level: 2 }), 'A sidebar group label');

      await page.goto('/notifications');
      await expectReadable(page.getByRole('main').locator('time'), 'A notification time');

      await page.goto('/subscription-plans');
      await expectReadable(page.getByText('Current plan', { exact: true }), 'The current plan badge');

      await page.goto('/image-to-video?tab=create');
      await expectReadable(page.getByRole('tab', { name: 'Image Enhancement' }), 'An inactive tab');
      await expectReadable(
        page.getByRole('listitem', { name: 'Empty slot 1' }).getByRole('button'),
        'An empty slot',
      );
      await expectReadable(page.getByText('smooth transitions'), 'An option description (selected)');
      await expectReadable(page.getByText('energetic effects'), 'An option description');
    });

    test('headings skip no level and names start with the words shown', async ({ page }) => {
      const account = await signedInAccount(page, 'Hugo Headings');
      await startVideo(page, account);
      await notify(page, account);

      await page.goto('/projects');
      await expect(page.getByRole('article').first()).toBeVisible();
      const levels = await page
        .getByRole('heading')
        .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))));
      levels.forEach((level, index) => {
        expect(level, `heading ${index + 1} of ${levels.join(', ')}`).toBeLessThanOrEqual(
          (levels[index - 1] ?? 1) + 1,
        );
      });

      // A control named by an aria-label must say the words it shows, first (axe-core's
      // label-content-name-mismatch asks only that they appear; the start is where speech input looks).
      const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
      const labelled = sidebar.locator('a[aria-label], button[aria-label]');
      await expect(sidebar.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
      for (const control of await labelled.all()) {
        const shown = await shownWords(control);
        if (shown.length === 0) continue;
        const name = await accessibleName(control);
        expect(words(name).slice(0, shown.length), `the name "${name}" starts with what it shows`).toEqual(
          shown,
        );
      }
      // The account menu button is named by what it shows, its user's name first.
      const accountButton = sidebar.getByRole('button', { name: /account menu$/ });
      await expect(accountButton).not.toHaveAttribute('aria-label');
      await expect(accountButton).toHaveAccessibleName(/^Hugo Headings\b/);
    });

    test('the account menu shows a focus ring, and gets the focus back from the feedback dialog', async ({
      page,
    }) => {
      await signedInAccount(page, 'Fern Focus');
      const button = page.getByRole('button', { name: /account menu/i });
      await button.focus();
      await page.keyboard.press('ArrowDown');
      const first = page.getByRole('menuitem', { name: 'My Details' });
      await expect(first).toBeFocused();
      const ring = await first.evaluate((element) => {
        const style = getComputedStyle(element);
        return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
      });
      expect(ring.style).not.toBe('none');
      expect(ring.width).toBeGreaterThanOrEqual(2);

      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('menuitem', { name: 'Share Feedback' })).toBeFocused();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Share feedback' });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(button).toBeFocused();

      // Closed with its button, too.
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      await dialog.getByRole('button', { name: 'Close dialog' }).click();
      await expect(button).toBeFocused();
    });
  });
}
