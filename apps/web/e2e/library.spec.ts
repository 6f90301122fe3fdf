import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '@reelcraft/contract';
import { signedInAccount } from './support/accounts';
import { e2eDatabaseUrl, NEEDS_POSTGRES, withDatabase } from './support/database';

// My Projects and the Image Library against the real server. No public API makes videos yet, so the
// projects test seeds video rows straight into the app server's PostgreSQL database and stores a real
// MP4 where the local storage driver keeps objects: DATA_DIR/objects/<key>, with the content type in
// DATA_DIR/objects/.meta/<key>.json.

const SEEDED_VIDEOS = 30;
const COMPLETED_VIDEOS = 20;

function objectsRoot(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is set by playwright.config.ts');
  return path.join(dataDir, 'objects');
}

/** Puts a file into the server's local storage under `key`, as its storage driver would. */
function storeObject(key: string, source: string, contentType: string): string {
  const root = objectsRoot();
  const file = path.join(root, key);
  const meta = path.join(root, '.meta', `${key}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.mkdirSync(path.dirname(meta), { recursive: true });
  fs.copyFileSync(source, file);
  fs.writeFileSync(meta, JSON.stringify({ contentType }));
  return `local://${key}`;
}

let workDir: string;
let mp4: string;
let png: string;

test.beforeAll(() => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcraft-library-'));
  mp4 = path.join(workDir, 'clip.mp4');
  png = path.join(workDir, 'product.png');
  const quiet = ['-hide_banner', '-loglevel', 'error', '-y'];
  execFileSync('ffmpeg', [
    ...quiet,
    ...['-f', 'lavfi', '-i', 'testsrc2=duration=3:size=640x360:rate=24'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', mp4],
  ]);
  execFileSync('ffmpeg', [...quiet, '-f', 'lavfi', '-i', 'testsrc2=size=320x240', '-frames:v', '1', png]);
});

test.afterAll(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
});

const cards = (page: Page) => page.getByRole('list', { name: 'Projects' }).getByRole('article');
const title = (index: number) => `Seeded clip ${String(index).padStart(2, '0')}`;

test('a user with 30 videos pages, filters and searches the projects, opens one with ?open=, plays and downloads it', async ({
  page,
}) => {
  test.skip(!e2eDatabaseUrl, NEEDS_POSTGRES);
  const ids: string[] = [];
  await signedInAccount(page, 'Projects Owner', async ({ user }) => {
    const videoUri = storeObject(`videos/${user.id}/seeded-${crypto.randomUUID()}.mp4`, mp4, 'video/mp4');
    await withDatabase(async (client) => {
      for (let index = 1; index <= SEEDED_VIDEOS; index += 1) {
        const completed = index <= COMPLETED_VIDEOS;
        const { rows } = await client.query<{ id: string }>(
          `insert into videos (user_id, title, project_type, status, video_uri, created_at)
           values ($1, $2, $3, $4, $5, now() - ($6 || ' minutes')::interval) returning id`,
          [
            user.id,
            title(index),
            index % 2 === 0 ? 'image-to-video' : 'text-to-video',
            completed ? 'completed' : 'processing',
            completed ? videoUri : null,
            String(index),
          ],
        );
        ids.push(rows[0]!.id);
      }
    });
  });

  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'My Projects' })).toBeVisible();
  // The first 5 come at once, the background load fills the page of 12 a second later.
  await expect(cards(page)).toHaveCount(12);
  await expect(cards(page).first()).toHaveAttribute('aria-label', title(1));
  const pages = page.getByRole('navigation', { name: 'Projects pages' });
  await expect(pages.getByRole('button', { name: /^Page / })).toHaveCount(3);
  await pages.getByRole('button', { name: 'Page 3' }).click();
  await expect(cards(page)).toHaveCount(6);
  await expect(cards(page).first()).toHaveAttribute('aria-label', title(25));
  await pages.getByRole('button', { name: 'Previous page' }).click();
  await expect(cards(page).first()).toHaveAttribute('aria-label', title(13));

  await page.getByRole('button', { name: 'Completed' }).click();
  await expect(cards(page)).toHaveCount(12);
  await expect(pages.getByRole('button', { name: /^Page / })).toHaveCount(2);
  await page.getByRole('button', { name: 'Load More Projects' }).click();
  await expect(cards(page)).toHaveCount(COMPLETED_VIDEOS);

  await page.getByRole('searchbox', { name: 'Search projects' }).fill('clip 07');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toHaveAttribute('aria-label', title(7));
  await page.getByRole('searchbox', { name: 'Search projects' }).fill('no such project');
  await expect(page.getByText('No projects match your search')).toBeVisible();

  // Clip 18 is past the first load: ?open= finds it all the same.
  await page.goto(`/projects?open=${ids[17]}`);
  const viewer = page.getByRole('dialog', { name: title(18) });
  await expect(viewer).toBeVisible();
  const video = viewer.locator('video');
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
    .toBeGreaterThanOrEqual(2);
  const startedAt = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(startedAt + 0.3);

  const downloading = page.waitForEvent('download');
  await viewer.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Seeded_clip_18.mp4');
  const saved = path.join(workDir, 'downloaded.mp4');
  await download.saveAs(saved);
  const head = fs.readFileSync(saved).subarray(4, 8).toString('latin1');
  expect(head).toBe('ftyp');
  expect(fs.statSync(saved).size).toBe(fs.statSync(mp4).size);
  await expect(page.getByText('Download completed successfully!')).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(page).toHaveURL('/projects');
});

test('image library: a saved image is selected, used in Create Video from Images, and deleted after confirmation', async ({
  page,
}) => {
  const account = await signedInAccount(page, 'Library Owner');
  const key = `uploads/${account.user.id}/enhanced/product-${crypto.randomUUID()}.png`;
  const gcsUri = storeObject(key, png, 'image/png');
  const saved = await page.request.post('/api/v1/user/library/images/save', {
    headers: { Authorization: `Bearer ${account.token}` },
    data: {
      images: [
        {
          gcs_uri: gcsUri,
          public_url: '/image-library',
          original_filename: 'product.png',
          content_type: 'image/png',
          size_bytes: fs.statSync(png).size,
          width: 320,
          height: 240,
          source: 'image-enhancement',
          metadata: { added_from: 'e2e' },
        },
      ],
    },
  });
  expect(saved.status()).toBe(201);
  const [record] = (await saved.json()) as { gcs_uri: string }[];
  expect(record?.gcs_uri).toBe(gcsUri);

  // The Create Video screen takes the images out of storage as it reads them: keep a copy of the write.
  await page.addInitScript((name) => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function record(this: Storage, key: string, value: string) {
      if (key === name) window.sessionStorage.setItem('e2e_library_selected', value);
      setItem.call(this, key, value);
    };
  }, STORAGE_KEYS.librarySelectedImages);
  await page.goto('/image-library?returnTo=image-to-video&tab=create');
  await expect(page.getByText('1 image', { exact: true })).toBeVisible();
  const thumbnail = page.getByRole('img', { name: 'product.png' });
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute(
    'href',
    '/image-to-video?tab=create',
  );

  await page.getByRole('button', { name: 'Select product.png' }).click();
  const bar = page.getByRole('region', { name: 'Selection' });
  await expect(bar.getByText('1 selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Use in Create Video from Images' }).click();
  await expect(page).toHaveURL('/image-to-video?tab=create');
  // The chosen image is in the first slot of Create Video from Images, and it loads.
  const slots = page.getByRole('list', { name: 'Image slots' });
  await expect(slots.getByRole('listitem', { name: 'Image 1: product.png' })).toBeVisible();
  await expect
    .poll(() =>
      slots.getByRole('img', { name: 'product.png' }).evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(320);
  const stored = await page.evaluate(() => window.sessionStorage.getItem('e2e_library_selected'));
  const selected = JSON.parse(stored ?? '[]') as {
    filename: string;
    gcs_uri: string;
    url: string;
    public_url: string;
  }[];
  expect(selected).toHaveLength(1);
  expect(selected[0]).toMatchObject({
    filename: 'product.png',
    gcs_uri: gcsUri,
  });
  expect(selected[0]?.public_url).toContain('/api/v1/storage/');
  expect(selected[0]?.url).toContain('/api/v1/storage/');

  await page.goto('/image-library');
  await page.getByRole('button', { name: 'Delete product.png' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this image?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(thumbnail).toBeVisible();
  await page.getByRole('button', { name: 'Delete product.png' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(thumbnail).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No images yet' })).toBeVisible();
  expect(fs.existsSync(path.join(objectsRoot(), key))).toBe(false);
});

test('image library: a photo uploaded in Create Video from Images is kept under its own name, readable on a phone, and removed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInAccount(page, 'Upload Keeper');
  const name = 'Summer launch – été 2025 (final cut).png';
  const photo = path.join(workDir, name);
  fs.copyFileSync(png, photo);

  await page.goto('/image-to-video?tab=create');
  await page.getByLabel('Upload images').setInputFiles(photo);
  const slot = page.getByRole('listitem', { name: `Image 1: ${name}` });
  await expect(slot).toBeVisible();
  // Stored: the slot shows the stored image (no spinner over it), which the library will keep.
  await expect(slot.getByRole('img')).toHaveAttribute('src', /\/api\/v1\/storage\//);
  await page.getByLabel('Text Prompt').fill('A product turning slowly under soft studio light');
  await page.getByRole('button', { name: 'Create Video' }).click();
  await expect(page.getByRole('region', { name: 'Generating your video' })).toBeVisible();

  await expect(async () => {
    await page.goto('/image-library');
    await expect(page.getByText('1 image', { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000, intervals: [1_000] });
  const card = page.getByRole('listitem').filter({ has: page.getByRole('img', { name }) });
  const label = card.getByTestId('image-name');
  await expect(label).toHaveText(name);
  // The whole name shows on a 390 px phone: nothing of it is cut off or hidden by an ellipsis.
  expect(
    await label.evaluate(
      (element) => element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight,
    ),
  ).toBe(true);
  await expect
    .poll(() => card.getByRole('img', { name }).evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(320);

  await card.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this image?' });
  await expect(confirm).toContainText(`${name} will be removed from your library.`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No images yet' })).toBeVisible();
});
