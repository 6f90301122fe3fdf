import { expect, test, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts';

// Every signed-in screen at phone widths, with a project in the lists (a long title, still rendering):
// nothing may make the page wider than the screen, so no screen scrolls sideways.

const LONG_PROMPT =
  'A sleek matte black wireless headphone slowly rotating on a polished marble pedestal under soft ' +
  'studio lighting with gentle reflections and a shallow depth of field, premium commercial look';

async function startVideo(page: Page, token: string): Promise<string> {
  const started = await page.request.post('/api/v1/text-to-video/sessions', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { prompt: LONG_PROMPT, duration: '15' },
  });
  expect(started.ok()).toBe(true);
  return ((await started.json()) as { session_id: string }).session_id;
}

const SCREENS = [
  '/dashboard',
  '/projects',
  '/my-videos',
  '/image-library',
  '/text-to-video',
  '/image-to-video?tab=create',
  '/image-to-video?tab=enhance',
  '/ppt-to-video',
  '/studio',
  '/avatars',
  '/notifications',
  '/subscription-plans',
  '/my-details',
];

async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
}

for (const width of [320, 390]) {
  test(`no signed-in screen scrolls sideways at ${width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 844 });
    const account = await signedInAccount(page, 'Phone Viewer');
    await startVideo(page, account.token);

    for (const screen of SCREENS) {
      await page.goto(screen);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      if (screen === '/dashboard' || screen === '/projects' || screen === '/my-videos') {
        // The project's card is part of what must fit.
        await expect(page.getByText(/sleek matte black/i).first()).toBeVisible();
      }
      await page.waitForLoadState('networkidle');
      if (screen.startsWith('/image-to-video')) {
        // The title fits in two lines (squeezed between its buttons it took four).
        const lines = await page
          .getByRole('heading', { level: 1, name: 'Create Video from Images' })
          .evaluate((heading) => heading.clientHeight / parseFloat(getComputedStyle(heading).lineHeight));
        expect.soft(lines, `the image-to-video title at ${width} px`).toBeLessThanOrEqual(2);
      }
      if (screen === '/text-to-video') {
        // The title has a line of its own under Back and Tips (between them it was squeezed into
        // two short lines at 390 px), and fits on one line from 390 px.
        const heading = page.getByRole('heading', { level: 1, name: 'Create Video from Text' });
        const title = await heading.boundingBox();
        const back = await page.getByRole('link', { name: '← Back' }).boundingBox();
        expect
          .soft(title && back && title.y >= back.y + back.height, `the title below Back at ${width} px`)
          .toBe(true);
        const lines = await heading.evaluate(
          (element) => element.clientHeight / parseFloat(getComputedStyle(element).lineHeight),
        );
        expect
          .soft(lines, `the text-to-video title at ${width} px`)
          .toBeLessThanOrEqual(width >= 390 ? 1 : 2);
      }
      const { scrollWidth, innerWidth } = await horizontalOverflow(page);
      expect
        .soft(scrollWidth, `${screen} at ${width} px is ${scrollWidth} px wide`)
        .toBeLessThanOrEqual(innerWidth);
    }
  });
}

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the first tap on a project card, thumbnail or title, opens its viewer', async ({ page }) => {
    test.setTimeout(240_000);
    const account = await signedInAccount(page, 'Phone Tapper');
    const session = await startVideo(page, account.token);
    await expect
      .poll(
        async () => {
          const state = await page.request.get(`/api/v1/text-to-video/sessions/${session}`, {
            headers: { Authorization: `Bearer ${account.token}` },
          });
          return ((await state.json()) as { status: string }).status;
        },
        { timeout: 200_000, intervals: [2_000] },
      )
      .toBe('completed');

    await page.goto('/projects');
    const card = page.getByRole('list', { name: 'Projects' }).getByRole('article').first();
    const viewer = page.getByRole('dialog');
    // On the thumbnail, off its play button.
    await card.tap({ position: { x: 40, y: 60 } });
    await expect(viewer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    await page.reload();
    await card.getByText(/sleek matte black/i).tap();
    await expect(viewer).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/my-videos');
    await page
      .getByRole('list', { name: 'Videos' })
      .getByText(/sleek matte black/i)
      .tap();
    await expect(viewer).toBeVisible();
  });
});
