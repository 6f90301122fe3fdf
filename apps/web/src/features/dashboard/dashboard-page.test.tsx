import { generationGateMessages, projectsMessages } from '@reelcraft/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, storeSignedIn } from '../../test/render-app';
import { shellApi, testProject, testVideoCount } from '../../test/test-data';

const generationActions = ['Create from text', 'Create from images', 'Open AI Studio'];

function renderDashboard(api: Parameters<typeof shellApi>[0] = {}) {
  storeSignedIn();
  shellApi(api);
  return renderApp('/dashboard');
}

function expectGeneration(enabled: boolean) {
  for (const name of generationActions) {
    const action = screen.getByRole('link', { name });
    if (enabled) expect(action).not.toHaveAttribute('aria-disabled');
    else expect(action).toHaveAttribute('aria-disabled', 'true');
  }
}

describe('dashboard', () => {
  it('shows the feature cards, AI Studio marked BETA, leading to their screens when generation is allowed', async () => {
    renderDashboard();

    const credits = within(await screen.findByRole('region', { name: 'Video credits' }));
    expect(credits.getByText('3')).toBeInTheDocument();
    expect(credits.getByText('of 5 this period')).toBeInTheDocument();

    const cards = within(screen.getByRole('region', { name: 'Create a video' }));
    for (const title of ['Text to Video', 'Image to Video', 'AI Studio']) {
      expect(cards.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    expect(cards.getByText('BETA')).toBeInTheDocument();
    expectGeneration(true);
    expect(screen.getByRole('link', { name: 'Create from text' })).toHaveAttribute('href', '/text-to-video');
    expect(screen.getByRole('link', { name: 'Create from images' })).toHaveAttribute(
      'href',
      '/image-to-video',
    );
    expect(screen.getByRole('link', { name: 'Open AI Studio' })).toHaveAttribute('href', '/studio?reset=1');
    expect(screen.queryByRole('region', { name: 'Generation blocked' })).not.toBeInTheDocument();
  });

  it('keeps the generation buttons disabled while the video count loads', () => {
    renderDashboard({ 'GET /user/video-count': 'hang' });
    expect(screen.getByText('Loading your credits…')).toBeInTheDocument();
    expectGeneration(false);
    expect(screen.getByRole('link', { name: 'Create from text' })).not.toHaveAttribute('href');
  });

  it('blocks generation with no videos left: Upgrade Now banner, disabled buttons', async () => {
    renderDashboard({ 'GET /user/video-count': { body: testVideoCount({ remaining_videos: 0 }) } });

    const banner = within(await screen.findByRole('region', { name: 'Generation blocked' }));
    expect(banner.getByText(generationGateMessages.noVideosRemaining)).toBeInTheDocument();
    expect(banner.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/subscription-plans');
    expectGeneration(false);
    // The banner says it already: the shell's slimmer upsell stays out of the way.
    expect(screen.queryByRole('region', { name: 'Upgrade your plan' })).not.toBeInTheDocument();
  });

  it('blocks generation when can_generate is false (also as the string "f"), with its own reason', async () => {
    renderDashboard({
      'GET /user/video-count': {
        body: { ...testVideoCount({ remaining_videos: 4 }), can_generate: 'f' },
        offContract: "the spec's server may send booleans as text",
      },
    });

    const banner = await screen.findByRole('region', { name: 'Generation blocked' });
    expect(banner).toHaveTextContent(generationGateMessages.generationDisabled);
    expectGeneration(false);
  });

  it('allows generation when the booleans arrive as "true"/"t", and names the plan', async () => {
    renderDashboard({
      'GET /user/video-count': {
        body: {
          ...testVideoCount({ plan: { id: 'business', name: 'Business' } }),
          can_generate: 't',
          has_subscription: 'true',
        },
        offContract: "the spec's server may send booleans as text",
      },
    });
    const credits = await screen.findByRole('region', { name: 'Video credits' });
    expectGeneration(true);
    expect(credits).toHaveTextContent('Business');
    expect(credits).not.toHaveTextContent('Premium');
  });

  it('says when the count could not be checked, keeps generation off, and tries again', async () => {
    let fail = true;
    const { user } = renderDashboard({
      'GET /user/video-count': () =>
        fail ? { status: 404, body: { detail: 'Not found' } } : { body: testVideoCount() },
    });

    const alert = await screen.findByText(generationGateMessages.checkFailed);
    expectGeneration(false);
    fail = false;
    await user.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }),
    );

    await screen.findByRole('region', { name: 'Video credits' });
    expectGeneration(true);
  });

  it('shows the empty text when there are no recent projects', async () => {
    renderDashboard();
    expect(await screen.findByText(projectsMessages.noRecentProjects)).toBeInTheDocument();
  });

  it('shows recent projects 3 per page with previous and next', async () => {
    const projects = Array.from({ length: 7 }, (_, index) =>
      testProject({ id: `p${index + 1}`, title: `Clip ${index + 1}` }),
    );
    const { user } = renderDashboard({ 'GET /videos/recent-projects': { body: projects } });

    const section = within(screen.getByRole('region', { name: 'Recent projects' }));
    const page = async () =>
      within(await section.findByRole('list', { name: /^Recent projects, page/ }))
        .getAllByRole('link')
        .map((link) => link.textContent?.match(/Clip \d/)?.[0]);

    expect(await page()).toEqual(['Clip 1', 'Clip 2', 'Clip 3']);
    expect(section.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(section.getByRole('link', { name: /Clip 1/ })).toHaveAttribute('href', '/projects?open=p1');

    await user.click(section.getByRole('button', { name: 'Next page' }));
    expect(await page()).toEqual(['Clip 4', 'Clip 5', 'Clip 6']);
    await user.click(section.getByRole('button', { name: 'Next page' }));
    expect(await page()).toEqual(['Clip 7']);
    expect(section.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(section.getByRole('button', { name: 'Previous page' }));
    expect(section.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('shows a project still processing as such', async () => {
    renderDashboard({
      'GET /videos/recent-projects': {
        body: [testProject({ title: 'Rendering now', status: 'processing', video_url: null })],
      },
    });
    const card = await screen.findByRole('link', { name: /Rendering now/ });
    expect(within(card).getByText('Processing')).toBeInTheDocument();
  });

  it('says when the recent projects failed to load', async () => {
    renderDashboard({ 'GET /videos/recent-projects': { status: 403, body: { detail: 'Forbidden' } } });
    const section = within(screen.getByRole('region', { name: 'Recent projects' }));
    expect(await section.findByRole('alert')).toHaveTextContent('Failed to load recent projects');
  });
});
