import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { avatarMessages, voiceMessages } from '@reelcraft/contract';
import { signedInAccount } from './support/accounts';

// Voices and avatars against the real server and its offline providers: a voice cloned from an
// uploaded sample and heard saying a typed sentence; an avatar made in the studio's avatar mode and
// found on /avatars; a presenter video of it rendered, played and kept in My Projects.

function scratchDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'reelcraft-voices-avatars-'));
}

/** A spoken sample: the server's own speech (the adam voice saying a few sentences), as a WAV file. */
async function speechSample(page: Page, token: string): Promise<string> {
  const headers = { Authorization: `Bearer ${token}` };
  const spoken = await page.request.post('/api/v1/elevenlabs/voices/adam/preview', {
    headers,
    data: {
      text:
        'Hello and welcome to our studio. Today I will show you how our new product works, ' +
        'step by step, so that you can start using it right away.',
    },
  });
  expect(spoken.status()).toBe(200);
  const { audio_url } = (await spoken.json()) as { audio_url: string };
  const audio = await page.request.get(audio_url);
  expect(audio.ok()).toBe(true);
  const downloaded = path.join(scratchDir(), 'downloaded');
  fs.writeFileSync(downloaded, await audio.body());
  // Whatever the engine's container, the sample is sent as the WAV a user would record.
  const wav = path.join(scratchDir(), 'my-voice.wav');
  execFileSync('ffmpeg', ['-v', 'error', '-i', downloaded, '-ar', '22050', '-ac', '1', wav]);
  return wav;
}

/** A reference photo: a face-like drawing on a plain backdrop (a real photo is not needed offline). */
function referencePhoto(): string {
  const file = path.join(scratchDir(), 'founder.png');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'color=c=0x3b82f6:s=480x480',
    '-vf',
    'drawbox=x=150:y=110:w=180:h=230:color=0xf2c9a0:t=fill,drawbox=x=190:y=190:w=30:h=20:color=black:t=fill,drawbox=x=260:y=190:w=30:h=20:color=black:t=fill,drawbox=x=205:y=270:w=70:h=15:color=0x9f1239:t=fill',
    '-frames:v',
    '1',
    file,
  ]);
  return file;
}

async function mediaReadyState(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((media: HTMLMediaElement) => media.readyState);
}

test('a user clones a voice from an uploaded sample and hears it say a typed sentence', async ({ page }) => {
  test.setTimeout(180_000);
  const account = await signedInAccount(page, 'Vera Sample');
  const sample = await speechSample(page, account.token);

  await page.goto('/studio?reset=1');
  // The reset forgets the stored workflow, then drops `reset=1` from the address.
  await expect(page).toHaveURL('/studio');
  await page.getByRole('button', { name: /^Voice Clone/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Voice Clone' })).toBeVisible();
  await expect(page.getByText(voiceMessages.cloneTips[0])).toBeVisible();
  // The offline engine makes the clones here: the screen says they approximate.
  await expect(page.getByText(voiceMessages.localCloneNotice)).toBeVisible();

  await page.getByLabel('Upload a sample').setInputFiles(sample);
  await expect(page.getByText('my-voice.wav')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('My narrator');
  await page.getByLabel('Accent (optional)').fill('British');
  await page.getByRole('button', { name: 'Create clone' }).click();
  await expect(page.getByText('Your voice "My narrator" is ready. Hear it below.')).toBeVisible({
    timeout: 60_000,
  });
  const clones = page.getByRole('list', { name: 'Your voice clones' });
  await expect(clones.getByText('My narrator')).toBeVisible();

  const hear = page.getByRole('form', { name: 'Hear your voice' });
  await hear.getByLabel('Sentence to say').fill('This is my own voice, ready for my next video.');
  await hear.getByRole('button', { name: 'Hear it' }).click();
  const preview = hear.getByLabel('Preview of My narrator');
  await expect(preview).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => mediaReadyState(page, 'audio[aria-label="Preview of My narrator"]'))
    .toBeGreaterThanOrEqual(1);
  expect(await preview.evaluate((audio: HTMLAudioElement) => audio.duration)).toBeGreaterThan(1);

  // The clone is a voice of every voiceover: the studio lists it under "Your voices".
  await page.getByRole('button', { name: 'Back to Options' }).click();
  await page.getByRole('button', { name: /Create Personalized Video/ }).click();
  const voiceSelect = page.getByRole('combobox', { name: 'Voice' });
  await expect(voiceSelect.locator('optgroup[label="Your voices"] option')).toHaveText(['My narrator']);
});

test('a user makes an avatar in the studio, finds it on /avatars and renders a presenter video', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signedInAccount(page, 'Avatar Maker');

  await page.goto('/avatars');
  await expect(page.getByRole('heading', { name: avatarMessages.emptyTitle })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Create an Avatar' }).last().click();
  await expect(page).toHaveURL('/studio');
  await expect(page.getByRole('heading', { level: 2, name: 'Create an Avatar' })).toBeVisible();

  await page.getByLabel('Upload reference photo').setInputFiles(referencePhoto());
  await expect(page.getByRole('listitem', { name: 'Reference photo 1: founder.png' })).toBeVisible();
  await page.getByLabel('Prompt (optional)').fill('A friendly presenter in a bright studio');
  await page.getByRole('button', { name: 'Generate 4 portraits' }).click();

  const pick = page.getByRole('group', { name: 'Pick a portrait' });
  await expect(pick.getByRole('radio')).toHaveCount(4, { timeout: 60_000 });
  // Each portrait is a real image that loaded.
  for (const image of await pick.locator('img').all()) {
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  // The radio itself is visually hidden inside its portrait: a click lands on the portrait.
  await pick.locator('label').nth(1).click();
  await expect(pick.getByRole('radio').nth(1)).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(pick.getByRole('radio').nth(2)).toBeChecked();
  await page.getByLabel('Avatar name').fill('Ana the host');
  await page.getByRole('button', { name: 'Save avatar' }).click();
  const saved = page.getByRole('status', { name: 'Avatar saved' });
  await expect(saved).toContainText('Saved “Ana the host” to your avatars.');
  await saved.getByRole('link', { name: 'Open Avatars' }).click();

  await expect(page).toHaveURL('/avatars');
  const card = page.getByRole('article', { name: 'Ana the host' });
  await expect(card).toBeVisible();
  await expect
    .poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  // At a phone's width the grid of avatars fits: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  await card.getByRole('button', { name: 'Presenter video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Presenter video: Ana the host' });
  await dialog.getByLabel('Narration').fill('Hello! I am Ana. Welcome to our product tour.');
  await dialog.getByLabel('Voice').selectOption('bella');
  await dialog.getByRole('button', { name: 'Create presenter video' }).click();
  // The progress shows while it renders (a short clip may be done before the first look).
  await expect(
    dialog
      .getByRole('progressbar', { name: 'Presenter video progress' })
      .or(dialog.getByText('Your presenter video is ready.')),
  ).toBeVisible();

  await expect(dialog.getByText('Your presenter video is ready.')).toBeVisible({ timeout: 240_000 });
  const video = dialog.locator('video');
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);
  expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(1);
  await expect
    .poll(
      async () => {
        await video.evaluate((element: HTMLVideoElement) => element.play().catch(() => undefined));
        return video.evaluate((element: HTMLVideoElement) => element.currentTime);
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
  await expect(dialog.getByRole('button', { name: 'Download' })).toBeVisible();
  // It was made from a storyboard, which the editor opens.
  const editorPath = await dialog.getByRole('link', { name: 'Edit storyboard' }).getAttribute('href');
  expect(editorPath).toMatch(/^\/storyboards\/[\w-]+$/);

  // The video is a project of its own.
  await dialog.getByRole('link', { name: 'Open in My Projects' }).click();
  await expect(page).toHaveURL('/projects');
  await expect(page.getByText(avatarMessages.presenterTitle('Ana the host')).first()).toBeVisible();

  // "Use in AI Studio" hands the portrait to the studio as a subject reference.
  await page.goto('/avatars');
  await page
    .getByRole('article', { name: 'Ana the host' })
    .getByRole('button', { name: 'Use in AI Studio' })
    .click();
  await expect(page).toHaveURL('/studio');
  await expect(page.getByRole('listitem', { name: 'Subject references 1: Ana the host.png' })).toBeVisible();

  // Its storyboard is the narration as scenes of the portrait speaking to the camera.
  await page.goto(editorPath!);
  const scene = page.getByRole('listitem', { name: 'Scene 1', exact: true });
  await expect(scene.getByRole('textbox', { name: 'Narration of scene 1' })).toHaveValue(
    'Hello! I am Ana. Welcome to our product tour.',
  );
  await expect(scene.getByRole('combobox', { name: 'Action of scene 1' })).toHaveValue('speak');
  await expect(scene.getByRole('option', { name: 'Speak to camera' })).toBeAttached();
});
