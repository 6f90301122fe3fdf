import type { Storyboard, Video } from '@reelcraft/contract';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedInAccount, type SignedInAccount } from './support/accounts';

// What covered what (issue 36 item 16), at a phone's 390 px and a laptop's 1440 px: the Recommended
// badges of Image to Video crossed their cards' borders, a background render's toast covered the
// dashboard's "View all", and on a phone the player's controls covered the captions.

// A phone, and a laptop browser's page area (1440 wide, 800 high under the browser's own bars).
const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 800 },
] as const;

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * A storyboard video whose captions are not drawn into the picture, so the player offers them as
 * its captions track.
 */
async function startVideoWithCaptionsTrack(page: Page, account: SignedInAccount): Promise<void> {
  const headers = { Authorization: `Bearer ${account.token}` };
  const drafted = await page.request.post('/api/v1/storyboards', {
    headers,
    data: { prompt: 'A cozy coffee shop on a rainy morning, rain running down the windows', duration: 15 },
  });
  expect(drafted.status()).toBe(201);
  const board = (await drafted.json()) as Storyboard;
  const saved = await page.request.put(`/api/v1/storyboards/${board.id}`, {
    headers,
    data: {
      version: board.version,
      title: board.title,
      aspect_ratio: board.aspect_ratio,
      voice_id: board.voice_id,
      music: board.music,
      captions: { ...board.captions, enabled: false },
      language: board.language,
      scenes: board.scenes,
    },
  });
  expect(saved.status()).toBe(200);
  const { version } = (await saved.json()) as Storyboard;
  const rendered = await page.request.post(`/api/v1/storyboards/${board.id}/render`, {
    headers,
    data: { version },
  });
  expect(rendered.status()).toBe(202);
}

async function startVideo(page: Page, account: SignedInAccount): Promise<string> {
  const started = await page.request.post('/api/v1/text-to-video/sessions', {
    headers: { Authorization: `Bearer ${account.token}` },
    multipart: {
      prompt: 'A cozy coffee shop on a rainy morning, rain running down the windows',
      duration: '15',
    },
  });
  expect(started.ok()).toBe(true);
  return ((await started.json()) as { session_id: string }).session_id;
}

for (const size of SIZES) {
  test.describe(`${size.width} px`, () => {
    test.use({ viewport: size });

    test('the Recommended badges sit inside their cards', async ({ page }) => {
      await signedInAccount(page, 'Rita Recommended');
      await page.goto('/image-to-video?tab=create');
      const cards = page.locator('label').filter({ hasText: 'Recommended' });
      await expect(cards).toHaveCount(2);
      for (const card of await cards.all()) {
        const outer = await boxOf(card);
        // The pill around the word (which a phone's narrow card hides, showing the star alone).
        const badge = await boxOf(
          card
            .getByText('Recommended', { exact: true })
            .locator('xpath=ancestor-or-self::*[contains(@class, "rounded-full")][1]'),
        );
        // Inside the 1 px border, not on it.
        expect(badge.x).toBeGreaterThanOrEqual(outer.x + 1);
        expect(badge.y).toBeGreaterThanOrEqual(outer.y + 1);
        expect(badge.x + badge.width).toBeLessThanOrEqual(outer.x + outer.width - 1);
        expect(badge.y + badge.height).toBeLessThanOrEqual(outer.y + outer.height - 1);
      }
      // The word stays in the option's name where the card shows only the star.
      await expect(page.getByRole('radio', { name: 'Standard Recommended' })).toBeChecked();
    });

    test("a background render's toast leaves the dashboard's View all clear", async ({ page }) => {
      const account = await signedInAccount(page, 'Toby Toast');
      const sessionId = await startVideo(page, account);
      await page.goto('/dashboard');
      const viewAll = page.getByRole('link', { name: 'View all' });
      await expect(viewAll).toBeVisible();

      const sent = await page.request.post(`/api/v1/generations/${sessionId}/background`, {
        headers: { Authorization: `Bearer ${account.token}` },
      });
      expect(sent.ok()).toBe(true);
      const toast = page.getByRole('list', { name: 'Updates' }).getByRole('listitem');
      await expect(toast).toBeVisible();
      // The toast waits while pointed at: it stays for the measurement.
      await toast.hover();
      expect(intersects(await boxOf(toast), await boxOf(viewAll))).toBe(false);
    });
  });
}

test.describe('captions at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('shown captions sit above the player controls while they show, at the bottom once they hide', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const account = await signedInAccount(page, 'Cleo Captions');
    await startVideoWithCaptionsTrack(page, account);
    const headers = { Authorization: `Bearer ${account.token}` };
    let video: Video | undefined;
    await expect(async () => {
      const answer = (await (await page.request.get('/api/v1/videos', { headers })).json()) as {
        videos: Video[];
      };
      video = answer.videos[0];
      expect(video?.status).toBe('completed');
    }).toPass({ timeout: 240_000, intervals: [3_000] });
    expect(video).toMatchObject({ has_captions: true, captions_in_picture: false });

    await page.goto(`/projects?open=${video!.id}`);
    const viewer = page.getByRole('dialog');
    const player = viewer.getByRole('region', { name: /^Video player/ });
    const captions = viewer.getByRole('button', { name: 'Captions' });
    await expect(captions).toBeVisible();
    if ((await captions.getAttribute('aria-pressed')) !== 'true') await captions.click();
    await expect(captions).toHaveAttribute('aria-pressed', 'true');
    // Paused while a caption is said, the controls stay.
    await expect
      .poll(() =>
        player
          .locator('video')
          .evaluate((element: HTMLVideoElement) => element.textTracks[0]?.cues?.length ?? 0),
      )
      .toBeGreaterThan(0);
    await player.locator('video').evaluate((element: HTMLVideoElement) => {
      element.pause();
      element.currentTime = (element.textTracks[0]?.cues?.[0]?.startTime ?? 0) + 0.2;
    });
    const controls = viewer.getByTestId('player-controls');
    await expect(controls).toHaveAttribute('data-visible', 'true');

    /** Where the track's cues end, in page pixels; null while they are at the bottom (the default). */
    const cueBottom = () =>
      player.locator('video').evaluate((element: HTMLVideoElement) => {
        const cues = Array.from((element.textTracks[0]?.cues ?? []) as ArrayLike<VTTCue>);
        const lifted = cues.filter((cue) => !cue.snapToLines && typeof cue.line === 'number');
        if (cues.length === 0 || lifted.length === 0) return null;
        const box = element.getBoundingClientRect();
        return Math.max(...lifted.map((cue) => box.top + (box.height * Number(cue.line)) / 100));
      });
    await expect.poll(cueBottom).not.toBeNull();
    const buttonsTop = (await boxOf(controls.getByRole('button').first())).y;
    expect((await cueBottom())!).toBeLessThanOrEqual(buttonsTop);

    // Playing with no touch or pointer for 3 s, the controls hide and the captions go back down.
    await player.locator('video').evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      void element.play();
    });
    await expect(controls).toHaveAttribute('data-visible', 'false', { timeout: 10_000 });
    await expect.poll(cueBottom).toBeNull();
  });
});
