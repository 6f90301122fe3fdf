import { projectsMessages, sessionMessages } from '@reelcraft/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp, storeSignedIn } from '../../test/render-app';
import { shellApi, testProject } from '../../test/test-data';

const videos = [
  testProject({ id: 'a', title: 'Done', status: 'completed', video_url: '/media/a.mp4' }),
  testProject({ id: 'b', title: 'Cooking', status: 'processing', video_url: null }),
  testProject({ id: 'c', title: 'Waiting', status: 'pending', video_url: null }),
  testProject({ id: 'd', title: 'Broken', status: 'failed', video_url: null }),
];

function renderMyVideos(handlers: Parameters<typeof shellApi>[0] = {}) {
  storeSignedIn();
  shellApi({ 'GET /videos': { body: { videos, total: videos.length } }, ...handlers });
  return renderApp('/my-videos');
}

describe('my videos', () => {
  it('shows each video with its status badge and Create New Video to the dashboard', async () => {
    renderMyVideos();
    const list = await screen.findByRole('list', { name: 'Videos' });
    const badge = (title: string) => within(within(list).getByRole('article', { name: title }));
    expect(badge('Done').getByText('Completed')).toBeInTheDocument();
    expect(badge('Cooking').getByText('Processing')).toBeInTheDocument();
    expect(badge('Waiting').getByText('Pending')).toBeInTheDocument();
    expect(badge('Broken').getByText('Failed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Video' })).toHaveAttribute('href', '/dashboard');
  });

  it('plays and downloads only completed videos with a URL; says why not for the others', async () => {
    const { user } = renderMyVideos();
    await user.click(await screen.findByRole('button', { name: 'Open Done' }));
    const viewer = screen.getByRole('dialog', { name: 'Done' });
    expect(within(viewer).getByRole('region', { name: 'Video player: Done' })).toBeInTheDocument();
    expect(within(viewer).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    await user.click(within(viewer).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Open Cooking' }));
    const processing = screen.getByRole('dialog', { name: 'Cooking' });
    expect(within(processing).getAllByText(projectsMessages.stillProcessing).length).toBeGreaterThan(0);
    expect(within(processing).queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
    await user.click(within(processing).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Download Broken' }));
    expect(await screen.findAllByText(projectsMessages.notAvailable)).not.toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Download Cooking' }));
    expect(
      within(screen.getByRole('list', { name: 'Updates' })).getByText(projectsMessages.stillProcessing),
    ).toBeInTheDocument();
  });

  it('says the session has expired and goes to the sign-in screen', async () => {
    const { router } = renderMyVideos({
      'GET /videos': { status: 401, body: { detail: 'Not authenticated' } },
    });
    expect(await screen.findByText(sessionMessages.sessionExpired)).toBeInTheDocument();
    await waitFor(() => expect(currentUrl(router)).toMatch(/^\/login/), { timeout: 4_000 });
  });
});
