import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts';

// Issue 36's walk, repeated on every build: each screen a customer reaches, at a phone and a desktop
// width in both themes, checked by axe-core (WCAG 2.1 A and AA rules) for serious or critical
// violations. AXE_WALK_SHOTS=<folder> also keeps a screenshot of each, for a person to look at.

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const shotsDir = process.env.AXE_WALK_SHOTS;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** The serious and critical violations axe-core finds on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.help}): ${violation.nodes
          .slice(0, 5)
          .map((node) => JSON.stringify(node.target))
          .join(', ')}`,
    );
}

/** Waits for the screen to settle: no loading skeleton or spinner left, fonts laid out. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
}

const signedOutScreens = ['/', '/login', '/login?mode=create', '/reset-password', '/verify-email'];
const signedInScreens = [
  '/dashboard',
  '/projects',
  '/my-videos',
  '/text-to-video',
  '/image-to-video',
  '/ppt-to-video',
  '/studio?reset=1',
  '/avatars',
  '/chat',
  '/image-library',
  '/notifications',
  '/my-details',
  '/subscription-plans',
];

test('the check finds what it looks for: an unnamed image and a button with no name', async ({ page }) => {
  await page.setContent(
    '<!doctype html><html lang="en"><title>Planted</title><main><img src="/favicon.svg"><button></button></main></html>',
  );
  const violations = await seriousViolations(page);
  expect(violations.map((violation) => violation.split(' ')[0])).toEqual(['button-name', 'image-alt']);
});

for (const width of [1440, 390]) {
  for (const theme of ['dark', 'light'] as const) {
    test.describe(`${width} px, ${theme} theme`, () => {
      // The app's Content-Security-Policy allows no injected script; axe-core is the test's, not the app's.
      test.use({ viewport: { width, height: width > 600 ? 900 : 844 }, colorScheme: theme, bypassCSP: true });

      const check = async (page: Page, screen: string) => {
        await settled(page);
        if (shotsDir) {
          fs.mkdirSync(shotsDir, { recursive: true });
          const name = `${screen.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${width}-${theme}.png`;
          await page.screenshot({ path: path.join(shotsDir, name), fullPage: true });
        }
        return seriousViolations(page);
      };

      test('signed-out screens have no serious axe violations', async ({ page }) => {
        const found: Record<string, string[]> = {};
        for (const screen of signedOutScreens) {
          await page.goto(screen);
          const violations = await check(page, screen);
          if (violations.length > 0) found[screen] = violations;
        }
        expect(found).toEqual({});
      });

      test('signed-in screens have no serious axe violations', async ({ page }) => {
        const account = await signedInAccount(page, 'Axe Walker');
        const drafted = await page.request.post('/api/v1/storyboards', {
          headers: { Authorization: `Bearer ${account.token}` },
          data: { prompt: 'A lighthouse on a rocky coast at dusk', duration: 15 },
        });
        expect(drafted.status()).toBe(201);
        const { id } = (await drafted.json()) as { id: string };
        const found: Record<string, string[]> = {};
        for (const screen of [...signedInScreens, `/storyboards/${id}`]) {
          await page.goto(screen);
          const violations = await check(page, screen.startsWith('/storyboards/') ? '/storyboard' : screen);
          if (violations.length > 0) found[screen] = violations;
        }
        expect(found).toEqual({});
      });
    });
  }
}
