import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makePptx, FIXTURE_SLIDES as SLIDES } from '../../server/test/fixtures/decks';
import { signedInAccount } from './support/accounts';

// Slides to video against the real server: a PowerPoint deck with speaker notes, written here by
// pptxgenjs, is imported by the server's real tools (LibreOffice for the pictures, the PPTX itself for
// the text and notes); the user edits a narration, reorders, picks a square video, renders it and
// plays it.

/** The server tests' deck (three slides, notes on the first and the last), written to a file. */
async function writeDeck(): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'reelcraft-deck-')), 'Quarterly review.pptx');
  fs.writeFileSync(file, await makePptx());
  return file;
}

test('a user imports a PowerPoint deck, edits a narration, renders a square video and plays it', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signedInAccount(page, 'Slides Creator');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Slides to Video' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Video from Slides' })).toBeVisible();

  // A file that is not a deck is refused before it is sent.
  const notADeck = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'reelcraft-notes-')), 'notes.txt');
  fs.writeFileSync(notADeck, 'just some notes');
  await page.getByLabel('Choose a deck').setInputFiles(notADeck);
  await expect(page.getByRole('alert')).toHaveText(
    '“notes.txt” is not a presentation. Choose a PDF or PowerPoint (.pptx) file.',
  );

  await page.getByLabel('Choose a deck').setInputFiles(await writeDeck());
  await expect(page).toHaveURL(/\/ppt-to-video\?deck=/);
  const list = page.getByRole('list', { name: 'Slides in video order' });
  await expect(list).toBeVisible({ timeout: 120_000 });
  await expect(list.getByRole('heading', { level: 3 })).toHaveText(['Slide 1', 'Slide 2', 'Slide 3']);

  // The speaker notes are the proposed narration; a slide without notes gets one from its text.
  await expect(page.getByLabel('Narration for slide 1')).toHaveValue(SLIDES[0]!.notes!);
  await expect(page.getByLabel('Narration for slide 2')).not.toHaveValue('');
  // The slide pictures are served and load.
  const thumbnails = list.locator('img');
  await expect(thumbnails).toHaveCount(3);
  await expect
    .poll(() =>
      thumbnails.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth)),
    )
    .toEqual([1920, 1920, 1920]);
  // The review fits a phone: nothing makes the page scroll sideways.
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  if (desktop) await page.setViewportSize(desktop);
  await list.getByText('Slide text').first().click();
  await expect(list.getByText('Revenue grew 24 percent')).toBeVisible();

  await page
    .getByLabel('Narration for slide 2')
    .fill('Meet our lighter running shoe, made from recycled plastic.');
  await page.getByRole('button', { name: 'Move slide 3 up' }).click();
  await expect(list.getByRole('heading', { level: 3 })).toHaveText(['Slide 1', 'Slide 3', 'Slide 2']);
  await page.getByRole('radio', { name: /^1:1/ }).check();
  await expect(page.getByTestId('slides-estimate')).toContainText('3 of 3 slides kept · 3 narrated');

  await page.getByRole('button', { name: 'Generate Video' }).click();
  const overlay = page.getByRole('dialog', { name: 'Creating your video' });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole('progressbar', { name: 'Video progress' })).toBeVisible();

  const result = page.getByRole('region', { name: 'Your video' });
  await expect(result).toBeVisible({ timeout: 240_000 });
  const video = result.locator('video');
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);
  const media = await video.evaluate((element: HTMLVideoElement) => ({
    duration: element.duration,
    width: element.videoWidth,
    height: element.videoHeight,
  }));
  expect(media.duration).toBeGreaterThan(5);
  expect(media.width).toBeGreaterThan(0);
  expect(media.width).toBe(media.height);
  // It plays: time moves on.
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0);

  // Back to the same slides, edits kept, to render again.
  await result.getByRole('button', { name: 'Edit and render again' }).click();
  await expect(page.getByLabel('Narration for slide 2')).toHaveValue(
    'Meet our lighter running shoe, made from recycled plastic.',
  );
});
