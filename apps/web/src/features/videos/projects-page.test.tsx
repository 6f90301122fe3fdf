import {
  PROJECTS_BACKGROUND_FETCH_DELAY_MS,
  PROJECTS_SKELETON_COUNT,
  playerMessages,
  projectsMessages,
  storyboardMessages,
  VIDEO_EVENT_TYPES,
  type Video,
} from '@reelcraft/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SentRequest } from '../../test/fake-api';
import { currentUrl, renderApp, storeSignedIn } from '../../test/render-app';
import { testStoryboard } from '../../test/storyboard-data';
import { shellApi, testProject } from '../../test/test-data';

function seed(count: number, overrides: (index: number) => Partial<Video> = () => ({})): Video[] {
  return Array.from({ length: count }, (_, index) =>
    testProject({ id: `v${index + 1}`, title: `Clip ${index + 1}`, ...overrides(index) }),
  );
}

/** GET /videos as the server answers it: filtered by q and status, then sliced. */
function videosServer(all: Video[]) {
  return (request: SentRequest) => {
    const q = request.query.get('q')?.toLowerCase();
    const status = request.query.get('status');
    const matching = all.filter(
      (video) => (!q || video.title.toLowerCase().includes(q)) && (!status || video.status === status),
    );
    const offset = Number(request.query.get('offset') ?? 0);
    const limit = Number(request.query.get('limit') ?? 12);
    return { body: { videos: matching.slice(offset, offset + limit), total: matching.length } };
  };
}

function renderProjects(path = '/projects', handlers: Parameters<typeof shellApi>[0] = {}) {
  storeSignedIn();
  const api = shellApi(handlers);
  return { ...renderApp(path), api };
}

const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Projects' }))
    .getAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));

describe('projects screen', () => {
  it('shows 8 skeletons, then the first 5, then the background load of 50 merged in after 1 s, 12 a page', async () => {
    const all = seed(30);
    const { api } = renderProjects('/projects', { 'GET /videos': videosServer(all) });
    expect(screen.getByRole('heading', { level: 1, name: 'My Projects' })).toBeInTheDocument();
    const loading = screen.getByText('Loading projects…').closest('[role="status"]') as HTMLElement;
    expect(loading.querySelectorAll('[aria-hidden="true"].animate-pulse')).toHaveLength(
      PROJECTS_SKELETON_COUNT,
    );

    await waitFor(() => expect(cardTitles()).toHaveLength(5));
    expect(api.sent('GET /videos')[0]?.query.get('limit')).toBe('5');

    await waitFor(() => expect(cardTitles()).toHaveLength(12), {
      timeout: PROJECTS_BACKGROUND_FETCH_DELAY_MS + 2_000,
    });
    expect(api.sent('GET /videos').map((request) => request.query.get('limit'))).toEqual(['5', '50']);
    expect(cardTitles()[0]).toBe('Clip 1');

    const pages = screen.getByRole('navigation', { name: 'Projects pages' });
    expect(within(pages).getAllByRole('button', { name: /^Page / })).toHaveLength(3);
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('pages, loads more, filters and searches on the server', async () => {
    const all = seed(80, (index) => ({ status: index % 2 === 0 ? 'completed' : 'processing' }));
    const { user, api } = renderProjects('/projects', { 'GET /videos': videosServer(all) });
    await waitFor(() => expect(cardTitles()).toHaveLength(12), { timeout: 3_000 });

    const pages = screen.getByRole('navigation', { name: 'Projects pages' });
    // 80 projects: 7 pages, a window of 5.
    expect(
      within(pages)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(cardTitles()[0]).toBe('Clip 13');
    await user.click(within(pages).getByRole('button', { name: 'Page 5' }));
    // Page 5 starts at 48: two from the background list, the rest fetched as its own page.
    await waitFor(() => expect(cardTitles()).toHaveLength(12));
    expect(cardTitles()[0]).toBe('Clip 49');
    expect(api.sent('GET /videos').some((request) => request.query.get('offset') === '48')).toBe(true);
    expect(
      within(pages)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['3', '4', '5', '6', '7']);

    await user.click(screen.getByRole('button', { name: projectsMessages.loadMore }));
    await waitFor(() => expect(cardTitles()).toHaveLength(24));

    await user.click(screen.getByRole('button', { name: 'Completed' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(5));
    expect(api.sent('GET /videos').at(-1)?.query.get('status')).toBe('completed');

    await user.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'Clip 7');
    await waitFor(() => expect(cardTitles()).toEqual(['Clip 7', 'Clip 71', 'Clip 73', 'Clip 75', 'Clip 77']));
    expect(api.sent('GET /videos').at(-1)?.query.get('q')).toBe('Clip 7');
  });

  it('shows the two empty states and the Create New Project button', async () => {
    const { user } = renderProjects('/projects', { 'GET /videos': videosServer([]) });
    expect(await screen.findByText(projectsMessages.noProjects)).toBeInTheDocument();
    expect(screen.getByText(projectsMessages.startFirstProject)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Project' })).toHaveAttribute('href', '/dashboard');

    await user.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'nothing');
    expect(await screen.findByText(projectsMessages.noSearchMatch)).toBeInTheDocument();
  });

  it('says why loading failed and tries again', async () => {
    let fail = true;
    const all = seed(2);
    const { user } = renderProjects('/projects', {
      'GET /videos': (request) =>
        fail ? { status: 403, body: { detail: 'Forbidden' } } : videosServer(all)(request),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(projectsMessages.fetchVideosFailed(403));
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Clip 1', 'Clip 2']));
  });

  it('opens the viewer with ?open=, fetching a project not in the list; Escape/Close close it', async () => {
    const all = seed(8);
    const { router, user } = renderProjects('/projects?open=v8', { 'GET /videos': videosServer(all) });
    const viewer = await screen.findByRole('dialog', { name: 'Clip 8' });
    expect(within(viewer).getByRole('region', { name: 'Video player: Clip 8' })).toBeInTheDocument();
    expect(viewer.querySelector('video')).toHaveAttribute('autoplay');
    await user.click(within(viewer).getByRole('button', { name: 'Close' }));
    expect(currentUrl(router)).toBe('/projects');

    await user.click(screen.getByRole('button', { name: 'Open Clip 2' }));
    expect(currentUrl(router)).toBe('/projects?open=v2');
    expect(await screen.findByRole('dialog', { name: 'Clip 2' })).toBeInTheDocument();
  });

  it('keeps the heading levels in order: the cards are h2 under the h1, as no level is skipped', async () => {
    renderProjects('/projects', { 'GET /videos': videosServer(seed(3)) });
    await waitFor(() => expect(cardTitles()).toHaveLength(3));

    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    levels.forEach((level, index) => {
      expect(level).toBeLessThanOrEqual((levels[index - 1] ?? 1) + 1);
    });
    expect(screen.getByRole('heading', { level: 2, name: /Clip 1$/ })).toBeInTheDocument();
  });

  it('dates a project the same way on its card and in its viewer', async () => {
    const all = [testProject({ id: 'd', title: 'Dated', created_at: '2026-11-27T00:19:34.000Z' })];
    const { user } = renderProjects('/projects', { 'GET /videos': videosServer(all) });
    const card = await screen.findByRole('article', { name: 'Dated' });
    const shown = within(card).getByText((_, element) => element?.tagName === 'TIME').textContent;
    expect(shown).toMatch(/^November 2[67], 2026$/);

    await user.click(within(card).getByRole('button', { name: 'Open Dated' }));
    const viewer = await screen.findByRole('dialog', { name: 'Dated' });
    expect(viewer.querySelector('time')).toHaveTextContent(new RegExp(`^${shown}`));
  });

  it("says 'Video not available' in the viewer of a project without a video; no play overlay on its card", async () => {
    const all = [testProject({ id: 'x', title: 'Broken', video_url: null, status: 'failed' })];
    renderProjects('/projects?open=x', { 'GET /videos': videosServer(all) });
    const viewer = await screen.findByRole('dialog', { name: 'Broken' });
    expect(within(viewer).getByText(projectsMessages.notAvailable)).toBeInTheDocument();
    expect(within(viewer).queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('downloads under the title and says so', async () => {
    const all = [testProject({ id: 'd', title: 'Beach day!', video_url: '/media/beach.mp4' })];
    const createObjectURL = vi.fn(() => 'blob:beach');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('Beach_day_.mp4');
    });
    const { user } = renderProjects('/projects', {
      'GET /videos': videosServer(all),
      'GET /media/beach.mp4': () => new Response(new Blob(['mp4'], { type: 'video/mp4' })),
    });
    await user.click(await screen.findByRole('button', { name: 'Download Beach day!' }));
    expect(await screen.findByText(playerMessages.downloadSucceeded)).toBeInTheDocument();
    expect(click).toHaveBeenCalled();
  });

  it("Edit opens the video's storyboard in the editor", async () => {
    const all = [testProject({ id: 'd', title: 'Beach day!', storyboard_id: 'sb-1' })];
    const { user, router, api } = renderProjects('/projects', {
      'GET /videos': videosServer(all),
      'POST /videos/d/storyboard': { body: testStoryboard({ id: 'sb-1' }) },
      'GET /storyboards/sb-1': { body: testStoryboard({ id: 'sb-1' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Beach day!' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/storyboards/sb-1'));
    expect(api.sent('POST /videos/d/storyboard')).toHaveLength(1);
    expect(screen.queryByText(projectsMessages.editComingSoon)).not.toBeInTheDocument();
  });

  it("Edit of a video that cannot be edited toasts the server's reason and stays", async () => {
    const all = [testProject({ id: 'old', title: 'Old clip' })];
    const { user, router } = renderProjects('/projects', {
      'GET /videos': videosServer(all),
      'POST /videos/old/storyboard': { status: 409, body: { detail: storyboardMessages.notEditable } },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Old clip' }));
    expect(await screen.findByText(storyboardMessages.notEditable)).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/projects');
  });

  it('plays a storyboard video in the viewer with its captions track, and offers SRT and VTT', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:vtt'), revokeObjectURL: vi.fn() }),
    );
    const all = [testProject({ id: 'c', title: 'Captioned', storyboard_id: 'sb-1', has_captions: true })];
    renderProjects('/projects?open=c', {
      'GET /videos': videosServer(all),
      'GET /videos/c/captions.vtt': () => new Response(new Blob(['WEBVTT\n'], { type: 'text/vtt' })),
    });
    const viewer = within(await screen.findByRole('dialog', { name: 'Captioned' }));
    expect(viewer.getByRole('button', { name: 'Download SRT' })).toBeInTheDocument();
    expect(viewer.getByRole('button', { name: 'Download VTT' })).toBeInTheDocument();
    expect(await viewer.findByRole('button', { name: 'Captions' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('dialog', { name: 'Captioned' }).querySelector('track')).toHaveAttribute(
      'src',
      'blob:vtt',
    );
  });

  it('shows no captions track over captions drawn into the picture, and still offers SRT and VTT', async () => {
    const all = [
      testProject({
        id: 'b',
        title: 'Burned in',
        storyboard_id: 'sb-2',
        has_captions: true,
        captions_in_picture: true,
      }),
    ];
    const vtt = vi.fn(() => new Response(new Blob(['WEBVTT\n'], { type: 'text/vtt' })));
    renderProjects('/projects?open=b', {
      'GET /videos': videosServer(all),
      'GET /videos/b/captions.vtt': vtt,
    });
    const viewer = within(await screen.findByRole('dialog', { name: 'Burned in' }));
    expect(viewer.getByRole('button', { name: 'Download SRT' })).toBeInTheDocument();
    expect(viewer.getByRole('button', { name: 'Download VTT' })).toBeInTheDocument();
    expect(viewer.queryByRole('button', { name: 'Captions' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Burned in' }).querySelector('track')).toBeNull();
    expect(vtt).not.toHaveBeenCalled();
  });

  it('offers no captions in the viewer of a video made before storyboards', async () => {
    const all = [testProject({ id: 'p', title: 'Plain' })];
    renderProjects('/projects?open=p', { 'GET /videos': videosServer(all) });
    const viewer = within(await screen.findByRole('dialog', { name: 'Plain' }));
    expect(viewer.queryByRole('button', { name: 'Download SRT' })).not.toBeInTheDocument();
    expect(viewer.queryByRole('button', { name: 'Captions' })).not.toBeInTheDocument();
  });

  it('reports a failed download', async () => {
    const all = [testProject({ id: 'd', title: 'Beach', video_url: '/media/gone.mp4' })];
    const { user } = renderProjects('/projects', {
      'GET /videos': videosServer(all),
      'GET /media/gone.mp4': { status: 404 },
    });
    await user.click(await screen.findByRole('button', { name: 'Download Beach' }));
    expect(await screen.findByText(playerMessages.downloadFailed)).toBeInTheDocument();
  });

  it('opens the feedback dialog', async () => {
    const { user } = renderProjects('/projects', { 'GET /videos': videosServer([]) });
    await user.click(screen.getByRole('button', { name: 'Share feedback' }));
    expect(await screen.findByRole('dialog', { name: 'Share feedback' })).toBeInTheDocument();
    await act(async () => {});
  });
});

describe('projects kept live', () => {
  it('reads the list again when a job ends, so a card stops saying Processing without a refresh', async () => {
    let all = [testProject({ id: 'v1', title: 'Background clip', status: 'processing', video_url: null })];
    const { sockets } = renderProjects('/projects', {
      'GET /videos': (request) => videosServer(all)(request),
    });
    const card = await screen.findByRole('article', { name: 'Background clip' });
    expect(within(card).getByText('Processing')).toBeInTheDocument();
    act(() => sockets.latest().ready());

    all = [testProject({ id: 'v1', title: 'Background clip', status: 'completed' })];
    act(() =>
      sockets.push(VIDEO_EVENT_TYPES.progress, {
        session_id: 'sess-1',
        project_type: 'text-to-video',
        status: 'completed',
        progress: 100,
        stage: 'completed',
        message: null,
        video_id: 'v1',
        video_url: '/api/v1/files/v1.mp4',
        error: null,
        retrying: false,
        storyboard_id: null,
      }),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'Background clip' })).queryByText('Processing'),
      ).not.toBeInTheDocument(),
    );
  });
});
