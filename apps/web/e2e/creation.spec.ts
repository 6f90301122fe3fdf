import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { STORAGE_KEYS } from '@reelcraft/contract';
import { signedInAccount } from './support/accounts';

// The creation screens against the real server and its offline renderer. Text: write a prompt,
// generate a 15 s video, watch the progress overlay, then play the result and download it through the
// proxy. Images: upload three photos, create a 9:16 dynamic video, send it to the background and get
// the outcome notification.

function photos(): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcraft-photos-'));
  return ['red', 'green', 'blue'].map((colour) => {
    const file = path.join(dir, `${colour}.png`);
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `color=c=${colour}:s=320x240`,
      '-frames:v',
      '1',
      file,
    ]);
    return file;
  });
}

test('a new user writes a prompt, generates a 15 s video, watches progress, plays and downloads it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signedInAccount(page, 'Text Creator');

  await page.goto('/text-to-video');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Video from Text' })).toBeVisible();
  await page
    .getByLabel('Video Description')
    .fill('A misty mountain lake at sunrise, golden light over pine forests, slow aerial drone shot');
  await expect(page.getByText('15/200 words')).toBeVisible();
  await expect(page.getByText('Good', { exact: true })).toBeVisible();
  await page.getByLabel('Duration').selectOption('15');

  // A negative seed is explained under the field; the form and its text stay.
  const seed = page.getByLabel('Seed (optional)');
  await seed.fill('-5');
  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect(seed).toHaveAccessibleDescription(
    'The seed is a whole number from 0 to 2147483647. Leave it empty for a random one.',
  );
  await expect(page.getByText(/Too small|Video creation failed/)).toHaveCount(0);
  await expect(page.getByLabel('Video Description')).toHaveValue(/^A misty mountain lake/);
  await seed.fill('');
  await page.getByRole('button', { name: 'Generate Video' }).click();

  const overlay = page.getByRole('dialog', { name: 'Creating your video' });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole('progressbar', { name: 'Video progress' })).toBeVisible();
  await expect(overlay.getByRole('button', { name: 'Send to background and notify me' })).toBeVisible();

  // A reload mid-render finds the running job: its progress shows again, not an empty form that
  // would spend another video.
  await page.reload();
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole('progressbar', { name: 'Video progress' })).toBeVisible();
  // ...and the description, duration and seed the user wrote are still in the form (issue 36 item 4).
  await expect(page.getByLabel('Video Description')).toHaveValue(/^A misty mountain lake at sunrise/);
  await expect(page.getByLabel('Duration')).toHaveValue('15');

  const result = page.getByRole('region', { name: 'Your video' });
  await expect(result).toBeVisible({ timeout: 200_000 });
  expect(
    await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.lastVideoUrl),
  ).toBeTruthy();

  const video = result.locator('video');
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);

  const downloading = page.waitForEvent('download');
  await result.getByRole('button', { name: 'Download Video' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^text-to-video-\d+\.mp4$/);
  const saved = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'reelcraft-creation-')), 'video.mp4');
  await download.saveAs(saved);
  expect(fs.readFileSync(saved).subarray(4, 8).toString('latin1')).toBe('ftyp');
  const duration = Number(
    execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'default=noprint_wrappers=1:nokey=1',
      saved,
    ])
      .toString()
      .trim(),
  );
  expect(duration).toBeGreaterThan(14);
  expect(duration).toBeLessThan(16.5);
  await expect(page.getByText('Download completed successfully!')).toBeVisible();

  // Coming back later, the screen shows that last result until Create Another Video (issue 36 item 4).
  await page.goto('/dashboard');
  await page.goto('/text-to-video');
  await expect(result).toBeVisible();
  await expect(result.getByText(/^A misty mountain lake at sunrise/)).toBeVisible();
  await expect(result.getByRole('button', { name: 'Download Video' })).toBeVisible();
  await expect
    .poll(() => result.locator('video').evaluate((element: HTMLVideoElement) => element.readyState), {
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(2);
  await result.getByRole('button', { name: 'Create Another Video' }).click();
  await expect(page.getByRole('button', { name: 'Generate Video' })).toBeEnabled();
  await expect(page.getByLabel('Video Description')).toHaveValue(/^A misty mountain lake at sunrise/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Generate Video' })).toBeEnabled();
  await expect(result).toHaveCount(0);

  // Watched to its end on screen, the video's notification is kept as read and raises no count.
  await page.goto('/notifications');
  const ready = page.getByRole('listitem').filter({ hasText: 'Your video is ready' });
  await expect(ready).toBeVisible();
  await expect(ready.getByText('Unread:')).toHaveCount(0);
  await expect(
    page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('link', { name: 'Notifications', exact: true }),
  ).toBeVisible();
});

test('a new user uploads three photos, creates a 9:16 dynamic video in the background and is notified', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signedInAccount(page, 'Image Creator');

  await page.goto('/image-to-video?tab=create');
  await expect(page.getByRole('tab', { name: 'Create Video', selected: true })).toBeVisible();
  await page.getByLabel('Upload images').setInputFiles(photos());
  await expect(page.getByRole('listitem', { name: 'Image 3: blue.png' })).toBeVisible();
  await page.getByLabel('Text Prompt').fill('A colourful slideshow with smooth energetic transitions');
  await page.getByRole('radio', { name: '9:16' }).check();
  await page.getByRole('radio', { name: 'Dynamic — energetic effects' }).check();
  await expect(page.getByText('Estimated time: ~75 seconds')).toBeVisible();
  await page.getByRole('button', { name: 'Create Video' }).click();

  const panel = page.getByRole('region', { name: 'Generating your video' });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Send to background and notify me' }).click();
  await expect(page).toHaveURL('/dashboard');

  await expect(async () => {
    await page.goto('/notifications');
    await expect(page.getByText('Your video is ready').first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 200_000, intervals: [5_000] });
  // Sent to the background, it is news: unread, and its title opens that video's viewer.
  await expect(
    page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('link', { name: 'Notifications, 1 unread' }),
  ).toBeVisible();
  await page
    .getByRole('link', { name: /Your video is ready/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/projects\?open=[0-9a-f-]{36}$/);
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a user enhances a product photo and uses it for a video', async ({ page }) => {
  await signedInAccount(page, 'Product Enhancer');
  await page.goto('/image-to-video?tab=enhance');
  await page.getByLabel(/Product image/).setInputFiles(photos()[0]!);
  await page.getByLabel('Enhancement instructions').fill('clean white background, soft shadow');
  await page.getByRole('button', { name: 'Enhance Image' }).click();
  await expect(page.getByRole('img', { name: 'Enhanced image' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: 'Original image' })).toBeVisible();
  // The download is named by what the file is (the offline enhancer answers a JPEG).
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  const saved = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'reelcraft-enhanced-')), 'enhanced');
  await download.saveAs(saved);
  const head = fs.readFileSync(saved).subarray(0, 4);
  const realType =
    head[0] === 0xff && head[1] === 0xd8 ? 'jpg' : head.toString('latin1', 1, 4) === 'PNG' ? 'png' : 'webp';
  expect(download.suggestedFilename()).toMatch(new RegExp(`^enhanced-image-\\d+\\.${realType}$`));
  await page.getByRole('button', { name: 'Use for Video' }).click();
  await expect(page).toHaveURL('/image-to-video?tab=create');
  await expect(page.getByRole('listitem', { name: 'Image 1: Enhanced red.png' })).toBeVisible();
});
