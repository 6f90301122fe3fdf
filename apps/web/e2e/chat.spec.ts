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

  // A change to the video just made goes to its storyboard editor, said honestly, never a project list.
  await message.fill('Make the last video longer and add my logo');
  await message.press('Enter');
  await expect(conversation).toContainText('there is no logo overlay');
  await expect(conversation).not.toContainText('latest project');
  await conversation.getByRole('link', { name: 'Open the storyboard editor' }).click();
  await expect(page).toHaveURL(/\/storyboards\/[^/]+$/);
  await expect(page.getByText('Rendered', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add scene' })).toBeVisible();
});

test('the sidebar opens Chat; diagnostics wait behind a disclosure; follow-ups, questions and billing read right', async ({
  page,
}) => {
  await signedInAccount(page, 'Chat Reader');
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chat' }).click();
  await expect(page).toHaveURL(/\/chat\?session=/);
  await expect(page.getByRole('heading', { level: 1, name: 'ReelCraft Assistant' })).toBeVisible();

  // The session id, the provider and Test Connection are not on show, but one click away and working.
  const sessionId = new URL(page.url()).searchParams.get('session')!;
  const header = page
    .locator('header')
    .filter({ has: page.getByRole('heading', { name: 'ReelCraft Assistant' }) });
  await expect(header.getByText(sessionId)).toBeHidden();
  await expect(header.getByRole('button', { name: 'Test Connection' })).toBeHidden();
  await expect(header.getByText(/offline assistant/)).toBeHidden();
  await header.getByText('Diagnostics').click();
  await expect(header.getByText(sessionId)).toBeVisible();
  await expect(header.getByRole('status')).toHaveText(/Connected/);
  await expect(header.getByText('The assistant is connected (built-in offline assistant).')).toBeVisible();
  const tested = page.waitForResponse((response) => response.url().endsWith('/api/v1/chat/test'));
  await header.getByRole('button', { name: 'Test Connection' }).click();
  expect((await tested).status()).toBe(200);
  await header.getByText('Diagnostics').click();
  await expect(header.getByText(sessionId)).toBeHidden();

  const conversation = page.getByRole('log', { name: 'Conversation' });
  const message = page.getByRole('textbox', { name: 'Message' });
  const say = async (text: string, answered: RegExp | string) => {
    await message.fill(text);
    await message.press('Enter');
    await expect(conversation.getByRole('listitem').last()).toContainText(answered);
  };

  // A follow-up changes only what it names and keeps the subject.
  await say('a 30 second video of a cozy coffee shop on a rainy morning', 'Shall I create it?');
  await say(
    'Actually make it vertical for Reels, 15 seconds, and moodier with rain running down the windows',
    'a 15 s, 9:16 vertical video of a cozy coffee shop on a rainy morning, moodier with rain running down the windows',
  );
  const proposal = conversation.getByRole('region', { name: 'Video proposal' }).last();
  await expect(proposal).toContainText('15 seconds · Vertical 9:16');
  await expect(proposal).toContainText(
    /^Video proposal.*A cozy coffee shop on a rainy morning, moodier with rain/,
  );
  await expect(proposal).not.toContainText(/Reels|,,/);

  // A question is answered, not turned into a proposal.
  await say('How do I make a video from my product photos?', /Open Create Video from Images/);
  await expect(conversation.getByRole('region', { name: 'Video proposal' })).toHaveCount(2);

  // Cancelling and refunds: the billing help, with the way to the plans.
  await say('How do I cancel my subscription or get a refund?', /refund/);
  const billing = conversation.getByRole('listitem').last();
  await expect(billing).not.toContainText('videos left');
  await billing.getByRole('link', { name: '/subscription-plans' }).click();
  await expect(page).toHaveURL(/\/subscription-plans$/);
});
