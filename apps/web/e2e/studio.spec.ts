import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { studioJobTexts, studioMessages } from '@reelcraft/contract';
import { signedInAccount, signIn } from './support/accounts';

// AI Studio against the real server and its offline providers: a prompt and an uploaded subject photo
// make four candidates, which arrive one by one on the job's event stream; another browser session
// opens the job from its notification and from My Projects (issue 36); the user picks one, extends it,
// narrates it with a voice, lip-syncs it and plays the exported video.

test.use({ viewport: { width: 1440, height: 900 } });

/** The four candidates of the job, shown and playable. */
async function expectFourCandidates(page: Page) {
  await expect(page.getByRole('button', { name: /Step 2: Candidate Review/ })).toHaveAttribute(
    'aria-current',
    'step',
  );
  const candidates = page.getByRole('list', { name: 'Candidates' });
  await expect(candidates.getByRole('listitem')).toHaveCount(4);
  await expect
    .poll(() =>
      candidates.getByLabel('Candidate 4 preview').evaluate((video: HTMLVideoElement) => video.readyState),
    )
    .toBeGreaterThanOrEqual(1);
}

const VOICEOVER = 'Hello! Welcome to our new studio. We are glad you are here.';

function subjectPhoto(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'reelcraft-studio-')), 'founder.png');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'color=c=orange:s=320x320',
    '-frames:v',
    '1',
    file,
  ]);
  return file;
}

test('a user makes a personalized video: candidates, resume elsewhere, extend, voiceover, lip-sync and export', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const account = await signedInAccount(page, 'Studio Creator');

  await page.goto('/studio?reset=1');
  await expect(page.getByRole('heading', { level: 1, name: 'AI Studio' })).toBeVisible();
  await page.getByRole('button', { name: /Create Personalized Video/ }).click();

  // At 1440 px the active step's title is whole (it was cut to "Prompt & Refere…").
  const activeTitle = page.locator('nav[aria-label="Studio steps"] button[aria-current="step"] span').last();
  await expect(activeTitle).toHaveText('Prompt & References');
  expect(await activeTitle.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

  await page
    .getByRole('textbox', { name: 'Prompt' })
    .fill('A friendly founder waves at the camera in a bright, sunny office');
  await page.getByLabel('Upload subject photos').setInputFiles(subjectPhoto());
  await expect(page.getByRole('listitem', { name: 'Subject references 1: founder.png' })).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Duration (seconds)' }).fill('3');
  await page.getByRole('button', { name: 'Generate 4 Candidates' }).click();

  // The candidates arrive one by one; the modal counts them and closes once all are ready.
  const modal = page.getByRole('dialog', { name: 'Generating candidates' });
  await expect(modal).toBeVisible();
  await expect(modal.getByText(/Candidates ready [0-4]\/4/)).toBeVisible();
  await expect(page.getByRole('button', { name: /Step 2: Candidate Review/ })).toHaveAttribute(
    'aria-current',
    'step',
    { timeout: 200_000 },
  );
  await expect(modal).toBeHidden();
  await expect(page.getByText(studioMessages.candidatesReady(4))).toBeVisible();
  const candidates = page.getByRole('list', { name: 'Candidates' });
  await expect(candidates.getByRole('listitem')).toHaveCount(4);
  const firstPreview = candidates.getByLabel('Candidate 1 preview');
  await expect
    .poll(() => firstPreview.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);

  // A fresh browser session (another device) finds the job: the notification opens it, and My
  // Projects says it waits for a pick and links to it.
  const elsewhere = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const other = await elsewhere.newPage();
  await other.goto('/login');
  await signIn(other, account.email, account.password);
  await expect(other).toHaveURL('/dashboard');
  await other.goto('/notifications');
  await other
    .getByRole('link', { name: /AI Studio Candidates Ready/ })
    .first()
    .click();
  await expectFourCandidates(other);
  await expect(other.getByText(studioJobTexts.policy, { exact: false })).toBeVisible();
  await other.goto('/projects');
  await other.getByRole('link', { name: studioJobTexts.waitingForPick }).click();
  await expectFourCandidates(other);
  await other.goto('/studio?reset=1');
  await expect(other.getByRole('region', { name: 'Continue where you left off' })).toBeVisible();
  await elsewhere.close();

  await candidates.getByRole('button', { name: 'Select Candidate 2' }).click();
  await expect(candidates.getByRole('listitem', { name: 'Candidate 2 (selected)' })).toBeVisible();

  // Extend the chosen clip by 2 s: what it costs, its progress, then the longer clip.
  const extend = page.getByRole('region', { name: 'Extend the chosen clip' });
  await expect(extend.getByText(/uses no extra video from your plan/)).toBeVisible();
  await extend.getByRole('spinbutton', { name: 'Seconds to add' }).fill('2');
  await expect(extend.getByText('The clip becomes about 5 s long.')).toBeVisible();
  await extend.getByRole('button', { name: 'Extend by 2 s' }).click();
  await expect(extend.getByText(/Clip extended\./)).toBeVisible({ timeout: 120_000 });
  const extended = extend.locator('video');
  await expect
    .poll(() => extended.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
  expect(await extended.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(4.5);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Voiceover' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Narration text' }).fill(VOICEOVER);
  await page.getByRole('radio', { name: /Bella/ }).check();
  await page.getByRole('button', { name: 'Generate Voiceover' }).click();
  const narration = page.getByLabel('Voiceover audio');
  await expect(narration).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(() => narration.evaluate((audio: HTMLAudioElement) => audio.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('button', { name: 'Apply Lip-sync' }).click();
  await expect(page.getByText(/Lip-sync applied/)).toBeVisible({ timeout: 200_000 });
  await expect(page.getByRole('button', { name: 'Step 4: Lip-sync (completed)' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  const result = page.getByRole('region', { name: 'Your video is ready!' });
  await expect(result).toBeVisible();
  const video = result.locator('video');
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);
  expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(0);
  await result.getByRole('button', { name: /Play/ }).first().click();
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0);
  await expect(result.getByRole('link', { name: 'Open in My Projects' })).toHaveAttribute(
    'href',
    '/projects',
  );

  // The workflow survives a reload: the job is read back and the export is still there.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your video is ready!' })).toBeVisible();

  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(page).toHaveURL('/dashboard');

  // The export's captions are the voiceover's words (issue 31), not the candidate's: My Projects
  // plays it with that captions track and hands it out as VTT.
  await page.goto('/projects');
  await page
    .getByRole('button', { name: /^Open / })
    .first()
    .click();
  const viewer = page.getByRole('dialog');
  const downloading = page.waitForEvent('download');
  await viewer.getByRole('button', { name: 'Download VTT' }).click();
  const vtt = fs.readFileSync(await (await downloading).path(), 'utf8');
  const words = (text: string) => text.toLowerCase().match(/[a-z']+/g) ?? [];
  const cues = vtt
    .split(/\r?\n\r?\n/)
    .slice(1)
    .map((block) => block.split(/\r?\n/).slice(2).join(' '));
  expect(words(cues.join(' '))).toEqual(words(VOICEOVER));
});
