import { expect, test } from '@playwright/test';
import { signedInAccount } from './support/accounts';

// The chat assistant against the real server and its offline renderer: ask for a video, change it,
// confirm with the Create video button, watch it render in the conversation and play it there.

test('a user asks the assistant for a video, confirms it, watches it render in the chat and plays it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { token } = await signedInAccount(page, 'Chat Creator');

  // The dashboard's Chat to Video card opens the assistant.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: /Chat to Video/ }).click();
  await expect(page).toHaveURL(/\/chat-to-video\?session=/);
  await expect(page.getByRole('heading', { level: 1, name: 'ReelCraft Assistant' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible();

  const conversation = page.getByRole('log', { name: 'Conversation' });
  const message = page.getByRole('textbox', { name: 'Message' });
  await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();

  // An account question, answered with the account's own numbers.
  await page
    .getByRole('list', { name: 'Suggestions' })
    .getByRole('button', { name: 'How many videos do I have left?' })
    .click();
  const count = await (
    await page.request.get('/api/v1/user/video-count', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  await expect(conversation).toContainText(`${count.remaining_videos} of ${count.max_videos} videos left`);

  // A request becomes a proposal; a follow-up changes it.
  await message.fill('make me a 15 second video of a lighthouse in a storm');
  await message.press('Enter');
  await expect(conversation.getByRole('region', { name: 'Video proposal' })).toContainText(
    /15 seconds · Landscape 16:9/,
  );
  await message.fill('make it vertical instead');
  await page.getByRole('button', { name: 'Send message' }).click();
  const proposal = conversation.getByRole('region', { name: 'Video proposal' }).last();
  await expect(proposal).toContainText('Vertical 9:16');
  await expect(proposal).toContainText(/A lighthouse in a storm/);

  await proposal.getByRole('button', { name: 'Create video' }).click();
  await expect(conversation).toContainText('Yes, create it');
  const video = conversation.getByRole('region', { name: 'Your video' });
  await expect(video).toBeVisible();
  await expect(video.getByRole('progressbar', { name: 'Video progress' })).toBeVisible();
  await expect(conversation.getByRole('button', { name: 'Create video' })).toHaveCount(0);

  // The render finishes and the video plays in the conversation.
  const player = video.locator('video');
  await expect(player).toBeVisible({ timeout: 200_000 });
  await expect
    .poll(() => player.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);
  await player.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect
    .poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0);
  const size = await player.evaluate((element: HTMLVideoElement) => [
    element.videoWidth,
    element.videoHeight,
  ]);
  expect(size[1]).toBeGreaterThan(size[0]!);

  // Asked later, the assistant reports the result link; a repeated yes starts nothing more.
  await message.fill('is my video ready?');
  await message.press('Enter');
  await expect(conversation).toContainText('is ready. Watch or download it in My Projects');
  await expect(conversation.getByRole('link', { name: 'Open in My Projects' })).toHaveCount(2);
  await message.fill('yes');
  await message.press('Enter');
  await expect(conversation).toContainText('That video is already done');
  const after = await (
    await page.request.get('/api/v1/user/video-count', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(after.remaining_videos).toBe(count.remaining_videos - 1);

  // The conversation is kept: a reload shows it again, with the video.
  await page.reload();
  await expect(conversation).toContainText('make it vertical instead');
  await expect(conversation.getByRole('region', { name: 'Your video' }).locator('video')).toBeVisible();
});
