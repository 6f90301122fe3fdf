import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts';

// Storyboards (issue 31) against the real server and its offline renderer: plan a video's scenes from
// Text to Video, fix a subject through the illustration search, render; open the editor again from
// My Projects, change one scene's narration and render only that scene again; turn the captions track
// on; download the captions as SRT. Then the same editor reached from a Generate result.

const PROMPT =
  'A red fox wakes up in a snowy forest, runs across the hills and rests by a frozen lake at sunset';

async function waitUntilPlayable(video: Locator) {
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(2);
}

/** The editor has saved every edit (autosave runs a moment after the last one). */
async function waitForSave(page: Page) {
  await expect(page.getByTestId('save-state')).toHaveText(/^Saved · version \d+$/, { timeout: 20_000 });
}

const scene = (page: Page, number: number) =>
  page.getByRole('listitem', { name: `Scene ${number}`, exact: true });

test('plan scenes, fix a subject, render; edit one scene and render only it; captions in the picture; SRT', async ({
  page,
}) => {
  test.setTimeout(480_000);
  await signedInAccount(page, 'Story Planner');

  // (a) Plan from Text to Video: nothing renders yet.
  await page.goto('/text-to-video');
  await page.getByLabel('Video Description').fill(PROMPT);
  await page.getByLabel('Duration').selectOption('15');
  await page.getByRole('button', { name: 'Plan scenes' }).click();
  await expect(page).toHaveURL(/\/storyboards\/[^/]+$/);
  const storyboardUrl = new URL(page.url()).pathname;
  const title = page.getByRole('textbox', { name: 'Title' });
  await expect(title).not.toHaveValue('');
  await expect(page.getByTestId('save-state')).toHaveText(/^Saved · version 1$/);
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  const sceneCount = await page
    .getByRole('list', { name: 'Scenes in video order' })
    .getByRole('listitem', { name: /^Scene \d+$/ })
    .count();
  expect(sceneCount).toBeGreaterThanOrEqual(2);

  // Fix scene 1's subjects: whatever the planner chose goes, a fox from the illustration search comes.
  const first = scene(page, 1);
  const subjects = first.getByRole('list', { name: 'Subjects of scene 1' });
  while ((await subjects.getByRole('button', { name: /^Remove / }).count()) > 0) {
    await subjects
      .getByRole('button', { name: /^Remove / })
      .first()
      .click();
  }
  await first.getByRole('button', { name: 'Add subject to scene 1' }).click();
  const picker = page.getByRole('dialog', { name: 'Add a subject to scene 1' });
  await picker.getByRole('searchbox', { name: 'Search illustrations' }).fill('fox');
  const fox = picker.getByRole('button', { name: /^Add fox$/i });
  await expect(fox).toBeVisible();
  await expect(fox.locator('img')).toHaveJSProperty('complete', true);
  await fox.click();
  await expect(picker).toBeHidden();
  await expect(subjects.getByRole('button', { name: /^Remove fox$/i })).toBeVisible();
  await waitForSave(page);
  // The still of scene 1 is drawn again from the saved version.
  await expect(first.getByRole('img', { name: 'Still of scene 1' })).toBeVisible({ timeout: 30_000 });

  const render = page.getByRole('button', { name: /^Render · \d+ scenes? · uses 1 video$/ });
  await expect(render).toBeEnabled();
  await render.click();
  await expect(page.getByRole('region', { name: 'Rendering your video' })).toBeVisible();
  const result = page.getByRole('region', { name: 'Your video' });
  await expect(result).toBeVisible({ timeout: 240_000 });
  const video = result.locator('video');
  await waitUntilPlayable(video);
  const firstVideoUrl = await video.getAttribute('src');
  await expect(page.getByText('Rendered', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Nothing to render' })).toBeDisabled();

  // (b) Open the editor again from the video in My Projects, and change what scene 2 says.
  const videoTitle = await title.inputValue();
  await page.goto('/projects');
  await page
    .getByRole('button', { name: `Edit ${videoTitle}` })
    .first()
    .click();
  await expect(page).toHaveURL(storyboardUrl);
  const second = scene(page, 2);
  const narration = second.getByRole('textbox', { name: 'Narration of scene 2' });
  await narration.fill('The fox stops on the hill and looks at the orange sky.');
  await expect(page.getByTestId('save-state')).toHaveText('Unsaved changes');
  await waitForSave(page);
  const renderChanges = page.getByRole('button', {
    name: `Render changes · 1 of ${sceneCount} scenes · free`,
  });
  await expect(renderChanges).toBeEnabled();
  await expect(page.getByTestId('render-detail')).toHaveText('1 scene renders again');
  await renderChanges.click();
  await expect(page.getByRole('region', { name: 'Rendering your video' })).toBeVisible();
  await expect(result).toBeVisible({ timeout: 240_000 });
  await expect(video).not.toHaveAttribute('src', firstVideoUrl ?? '');
  await waitUntilPlayable(video);

  // (c) The draft shows its captions in the picture: the player offers no track that would repeat
  // them (a video without them plays with its track: layout-overlaps.spec.ts).
  await expect(result.getByRole('button', { name: 'Download VTT' })).toBeVisible();
  await expect(result.getByRole('button', { name: 'Captions' })).toHaveCount(0);
  expect(await video.evaluate((element: HTMLVideoElement) => element.textTracks.length)).toBe(0);

  // (d) The captions as SubRip, with the new narration in them.
  const downloading = page.waitForEvent('download');
  await result.getByRole('button', { name: 'Download SRT' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.srt$/);
  const srt = fs.readFileSync(await download.path(), 'utf8');
  expect(srt).toMatch(/^1\r?\n\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}/);
  expect(srt).toContain('orange sky');
});

test('a video generated at once opens in the storyboard editor from its result', async ({ page }) => {
  test.setTimeout(300_000);
  await signedInAccount(page, 'Story Generator');
  await page.goto('/text-to-video');
  await page.getByLabel('Video Description').fill('A paper boat drifts down a rainy city street');
  await page.getByRole('button', { name: 'Generate Video' }).click();
  const result = page.getByRole('region', { name: 'Your video' });
  await expect(result).toBeVisible({ timeout: 240_000 });
  await result.getByRole('link', { name: 'Edit storyboard' }).click();
  await expect(page).toHaveURL(/\/storyboards\/[^/]+$/);
  await expect(page.getByText('Rendered', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nothing to render' })).toBeDisabled();
  await expect(page.getByRole('region', { name: 'Your video' }).locator('video')).toBeVisible();
});

test('an unknown storyboard says so, with the way back', async ({ page }) => {
  await signedInAccount(page, 'Story Lost');
  await page.goto('/storyboards/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Storyboard not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to My Projects' }).click();
  await expect(page).toHaveURL('/projects');
});
