import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts';

// Image to Video's form in real Chromium, at desktop and phone width (issue 17): the settings are the
// app's option cards (real radios, keyboard and focus ring included), the files are picked with the
// app's buttons, the suggested prompts look and act like buttons, and a prompt past 200 words warns.

const LONG_PROMPT = Array.from({ length: 260 }, (_, index) => `word${index}`).join(' ');

async function borderWidth(locator: Locator): Promise<number> {
  return locator.evaluate((element) => parseFloat(getComputedStyle(element).borderTopWidth));
}

/** Width and height the element takes on the page: a drawn control has some, a hidden one almost none. */
async function drawnSize(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return style.opacity === '0' || style.clipPath !== 'none' || style.clip !== 'auto'
      ? 0
      : Math.min(box.width, box.height);
  });
}

/** A mouse click in the middle of what the user sees. */
async function clickAt(page: Page, locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error('Not on the page');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

async function openCreateTab(page: Page) {
  await page.goto('/image-to-video?tab=create');
  await expect(page.getByRole('tab', { name: 'Create Video', selected: true })).toBeVisible();
  await expect(page.getByLabel('Upload images')).toBeAttached();
}

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('the settings are option cards: real radios, chosen by click or arrow keys, with a focus ring', async ({
      page,
    }) => {
      await signedInAccount(page, 'Option Picker');
      await openCreateTab(page);
      const settings = page.getByRole('region', { name: 'Settings' });
      await expect(settings.getByRole('combobox')).toHaveCount(0);

      for (const legend of ['Quality', 'Mode', 'Aspect ratio', 'Duration']) {
        const group = settings.getByRole('radiogroup', { name: legend });
        await expect(group).toBeVisible();
        for (const radio of await group.getByRole('radio').all()) {
          // No browser radio circle: the card around it is what shows.
          await expect.poll(() => drawnSize(radio), `a ${legend} radio is drawn by the browser`).toBe(0);
          const card = radio.locator('xpath=ancestor::label[1]');
          await expect(card).toBeVisible();
          await expect.poll(() => borderWidth(card)).toBeGreaterThan(0);
        }
      }

      // A click anywhere on a card chooses it (the mouse, not Playwright's click: that one refuses
      // because the card's invisible radio, over the text, takes the click, which is the point).
      await clickAt(page, settings.getByText('30 seconds'));
      await expect(settings.getByRole('radio', { name: '30 seconds' })).toBeChecked();
      await clickAt(page, settings.getByText('energetic effects'));
      await expect(settings.getByRole('radio', { name: 'Dynamic — energetic effects' })).toBeChecked();

      // The keyboard moves through a group, and the focused card shows a ring.
      await settings.getByRole('radio', { name: 'HD' }).click();
      await page.keyboard.press('ArrowRight');
      const fourK = settings.getByRole('radio', { name: '4K' });
      await expect(fourK).toBeChecked();
      await expect(fourK).toBeFocused();
      await expect(fourK.locator('xpath=ancestor::label[1]')).toHaveCSS('outline-style', 'solid');
    });

    test('files are picked with the app’s buttons, and shown with a remove button', async ({ page }) => {
      await signedInAccount(page, 'File Picker');
      await openCreateTab(page);
      const settings = page.getByRole('region', { name: 'Settings' });

      const lastFrame = settings.getByLabel('Last frame image (optional)');
      // The browser's "Choose File" is not drawn; the app's button is.
      await expect.poll(() => drawnSize(lastFrame)).toBe(0);
      const chooseImage = lastFrame.locator('xpath=ancestor::label[1]');
      await expect(chooseImage).toBeVisible();
      await expect(chooseImage).toHaveText('Choose image');
      await expect.poll(() => borderWidth(chooseImage)).toBeGreaterThan(0);
      await expect(settings.getByText('No file chosen')).toHaveCount(0);

      const voice = settings.getByLabel('Voice sample (optional)');
      await expect.poll(() => drawnSize(voice)).toBe(0);
      await expect(voice.locator('xpath=ancestor::label[1]')).toHaveText('Choose audio');

      await lastFrame.setInputFiles({
        name: 'last-frame.png',
        mimeType: 'image/png',
        buffer: Buffer.from('89504e470d0a1a0a', 'hex'),
      });
      await expect(settings.getByText('last-frame.png')).toBeVisible();
      await settings.getByRole('button', { name: 'Remove last frame' }).click();
      await expect(settings.getByText('last-frame.png')).toHaveCount(0);
      await expect(chooseImage).toHaveText('Choose image');
    });

    test('the Image Enhancement tab picks its product image with the app’s button too', async ({ page }) => {
      await signedInAccount(page, 'Enhancer Picker');
      await page.goto('/image-to-video?tab=enhance');
      const product = page.getByLabel('Product image', { exact: true });
      await expect(product).toBeAttached();
      await expect.poll(() => drawnSize(product)).toBe(0);
      const chooseImage = product.locator('xpath=ancestor::label[1]');
      await expect(chooseImage).toHaveText('Choose image');
      await expect.poll(() => borderWidth(chooseImage)).toBeGreaterThan(0);
      await product.setInputFiles({
        name: 'shoe.png',
        mimeType: 'image/png',
        buffer: Buffer.from('89504e470d0a1a0a', 'hex'),
      });
      await expect(page.getByText('shoe.png')).toBeVisible();
      await page.getByRole('button', { name: 'Remove product image' }).click();
      await expect(page.getByText('shoe.png')).toHaveCount(0);
    });

    test('suggested prompts look like buttons and fill the prompt; past 200 words the meter warns', async ({
      page,
    }) => {
      await signedInAccount(page, 'Prompt Writer');
      await openCreateTab(page);

      await page.getByRole('button', { name: 'Suggested prompts' }).click();
      const suggestions = page.getByRole('list', { name: 'Suggested prompts' }).getByRole('button');
      await expect(suggestions).toHaveCount(5);
      for (const suggestion of await suggestions.all()) {
        await expect(suggestion).toHaveCSS('cursor', 'pointer');
        await expect.poll(() => borderWidth(suggestion)).toBeGreaterThan(0);
      }
      const first = await suggestions.first().innerText();
      await suggestions.first().click();
      await expect(page.getByLabel('Text Prompt')).toHaveValue(first.trim());

      await page.getByLabel('Text Prompt').fill(LONG_PROMPT);
      const prompt = page.getByRole('region', { name: 'Prompt' });
      await expect(prompt.getByTestId('word-counter')).toHaveText('260/200 words');
      await expect(prompt.getByTestId('prompt-strength')).toHaveText('Too long');
      await expect(prompt.getByText('Excellent')).toHaveCount(0);
      await expect(prompt.getByRole('status')).toContainText('Over 200 words.');

      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    });
  });
}
