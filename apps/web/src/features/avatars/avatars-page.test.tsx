import { avatarMessages, STORAGE_KEYS, VIDEO_EVENT_TYPES } from '@reelcraft/contract';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentUrl, renderApp, storeSignedIn } from '../../test/render-app';
import { testGeneration } from '../../test/test-data';
import { avatarsApi, testAvatar } from '../../test/avatars-data';

function renderAvatars(handlers: Parameters<typeof avatarsApi>[0] = {}) {
  storeSignedIn();
  const fake = avatarsApi(handlers);
  const view = renderApp('/avatars');
  return { ...view, fake };
}

const ana = testAvatar();
const ben = testAvatar({
  id: 'avatar-2',
  name: 'Ben',
  image_url: '/media/avatars/avatar-2.png?sig=1',
  gcs_uri: 'local://avatars/user-1/avatar-2.png',
  voice_id: 'clone-1',
  created_at: '2026-03-05T10:00:00.000Z',
});

function card(name: string) {
  return screen.getByRole('article', { name });
}

describe('Avatars screen', () => {
  it('shows skeletons while loading, then the avatars newest first with their portrait, name and date', async () => {
    let answer: (value: Response) => void = () => undefined;
    renderAvatars({
      'GET /avatars': new Promise<Response>((resolve) => {
        answer = resolve;
      }),
    });
    expect(await screen.findByText('Loading avatars…')).toBeInTheDocument();
    expect(screen.getAllByTestId('avatar-skeleton')).toHaveLength(6);

    act(() =>
      answer(new Response(JSON.stringify([ben, ana]), { headers: { 'Content-Type': 'application/json' } })),
    );
    const list = await screen.findByRole('list', { name: 'Avatars' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((item) => item.getAttribute('aria-labelledby')),
    ).toHaveLength(2);
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Ben', 'Ana presenter']);
    expect(within(card('Ana presenter')).getByText('March 2, 2026')).toBeInTheDocument();
    expect(screen.getByText('2 avatars')).toBeInTheDocument();
    expect(screen.queryByTestId('avatar-skeleton')).not.toBeInTheDocument();
  });

  it('offers the studio’s avatar mode when there is no avatar yet', async () => {
    const { user, router } = renderAvatars({ 'GET /avatars': { body: [] } });
    expect(await screen.findByRole('heading', { name: avatarMessages.emptyTitle })).toBeInTheDocument();
    expect(screen.getByText(avatarMessages.emptyBody)).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    const links = main.getAllByRole('link', { name: 'Create an Avatar' });
    await user.click(links.at(-1)!);
    await screen.findByRole('heading', { level: 2, name: 'Create an Avatar' });
    expect(currentUrl(router)).toBe('/studio');
  });

  it('treats a 404 as no avatars (spec 001 section 8)', async () => {
    renderAvatars({ 'GET /avatars': { status: 404, body: { detail: 'Not Found' } } });
    expect(await screen.findByRole('heading', { name: avatarMessages.emptyTitle })).toBeInTheDocument();
  });

  it('says when the list cannot be loaded and tries again', async () => {
    let fail = true;
    const { user } = renderAvatars({
      'GET /avatars': () => (fail ? { status: 500, body: { detail: 'Database down' } } : { body: [ana] }),
    });
    // A server error is retried twice (the app's query policy) before it is shown.
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent('Database down');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Ana presenter' })).toBeInTheDocument();
  });

  it('previews, renames and deletes an avatar after a confirmation', async () => {
    let avatars = [ana];
    const { user, fake } = renderAvatars({
      'GET /avatars': () => ({ body: avatars }),
      'PATCH /avatars/avatar-1': (request) => {
        avatars = [{ ...ana, name: (request.body as { name: string }).name }];
        return { body: avatars[0] };
      },
      'DELETE /avatars/avatar-1': () => {
        avatars = [];
        return { body: { id: 'avatar-1', deleted_at: '2026-03-06T10:00:00.000Z' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Preview Ana presenter' }));
    const preview = screen.getByRole('dialog', { name: 'Ana presenter' });
    expect(within(preview).getByRole('img', { name: 'Portrait of Ana presenter' })).toHaveAttribute(
      'src',
      ana.image_url,
    );
    await user.click(within(preview).getByRole('button', { name: 'Rename' }));

    const rename = screen.getByRole('dialog', { name: 'Rename avatar' });
    const field = within(rename).getByLabelText('Avatar name');
    expect(field).toHaveValue('Ana presenter');
    await user.clear(field);
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await within(rename).findByText('Please name your avatar.')).toBeInTheDocument();
    await user.type(field, 'Ana, host');
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('article', { name: 'Ana, host' })).toBeInTheDocument();
    expect(fake.sent('PATCH /avatars/avatar-1')[0]!.body).toEqual({ name: 'Ana, host' });
    expect(screen.queryByRole('dialog', { name: 'Rename avatar' })).not.toBeInTheDocument();

    await user.click(within(card('Ana, host')).getByRole('button', { name: 'Delete Ana, host' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this avatar?' });
    expect(confirm).toHaveAccessibleDescription(avatarMessages.deleteConfirm('Ana, host'));
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(fake.sent('DELETE /avatars/avatar-1')).toHaveLength(0);

    await user.click(within(card('Ana, host')).getByRole('button', { name: 'Delete Ana, host' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this avatar?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByRole('heading', { name: avatarMessages.emptyTitle })).toBeInTheDocument();
    expect(fake.sent('DELETE /avatars/avatar-1')).toHaveLength(1);
  });

  it('says so when the avatar to delete is gone already', async () => {
    const { user } = renderAvatars({
      'GET /avatars': { body: [ana] },
      'DELETE /avatars/avatar-1': { status: 404, body: { detail: avatarMessages.avatarNotFound } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Ana presenter' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this avatar?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText(avatarMessages.avatarNotFound)).toBeInTheDocument();
  });

  it('hands the portrait to AI Studio as a subject reference', async () => {
    const { user, router } = renderAvatars({ 'GET /avatars': { body: [ana] } });
    await screen.findByRole('article', { name: 'Ana presenter' });
    await user.click(within(card('Ana presenter')).getByRole('button', { name: 'Use in AI Studio' }));

    expect(
      await screen.findByRole('listitem', { name: 'Subject references 1: Ana presenter.png' }),
    ).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/studio');
    expect(screen.getByRole('button', { name: 'Step 1: Prompt & References' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    // Taken once: the hand-over is forgotten.
    expect(window.localStorage.getItem(STORAGE_KEYS.librarySelectedImages)).toBeNull();
  });

  it('makes a presenter video: narration with a counter, voice, shape, progress, then the player and its storyboard', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let state = testGeneration({ session_id: 'sess-9', project_type: 'avatar-presenter', progress: 5 });
    const { user, fake, sockets } = renderAvatars({
      'GET /avatars': { body: [ben] },
      'POST /avatars/avatar-2/presenter-videos': { status: 201, body: { session_id: 'sess-9' } },
      'GET /generations/sess-9': () => ({ body: state }),
    });
    act(() => sockets.latest().ready());
    await screen.findByRole('article', { name: 'Ben' });
    await user.click(within(card('Ben')).getByRole('button', { name: 'Presenter video' }));

    const dialog = screen.getByRole('dialog', { name: 'Presenter video: Ben' });
    const narration = within(dialog).getByLabelText('Narration');
    // The avatar's own voice (a clone) is chosen first; the clones lead the list.
    const voice = within(dialog).getByLabelText('Voice');
    await vi.waitFor(() => expect(voice).toHaveValue('clone-1'));
    expect(
      within(voice)
        .getAllByRole('group')
        .map((group) => group.getAttribute('label')),
    ).toEqual(['Your voices', 'Built-in voices']);
    await user.click(within(dialog).getByRole('button', { name: 'Create presenter video' }));
    expect(await within(dialog).findByText(avatarMessages.presenterTextRequired)).toBeInTheDocument();
    expect(fake.sent('POST /avatars/avatar-2/presenter-videos')).toHaveLength(0);

    await user.type(narration, 'Hello, I am Ben.');
    expect(within(dialog).getByText('16/1500')).toBeInTheDocument();
    await user.selectOptions(voice, 'rachel');
    await user.click(within(dialog).getByRole('radio', { name: '9:16' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create presenter video' }));

    const bar = await within(dialog).findByRole('progressbar', { name: 'Presenter video progress' });
    expect(fake.sent('POST /avatars/avatar-2/presenter-videos')[0]!.body).toEqual({
      text: 'Hello, I am Ben.',
      voice_id: 'rachel',
      aspect_ratio: '9:16',
    });
    act(() =>
      sockets.push(
        VIDEO_EVENT_TYPES.progress,
        testGeneration({
          session_id: 'sess-9',
          project_type: 'avatar-presenter',
          progress: 60,
          message: 'Animating the portrait',
        }),
      ),
    );
    await vi.waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '60'));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Animating the portrait 60%');

    // Closed, the page keeps telling how it goes.
    await user.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
    expect(screen.getByRole('region', { name: 'Presenter video' })).toHaveTextContent(
      "Ben's presenter video is being made… 60%",
    );

    state = testGeneration({
      session_id: 'sess-9',
      project_type: 'avatar-presenter',
      status: 'completed',
      progress: 100,
      stage: 'completed',
      video_id: 'video-9',
      video_url: '/media/videos/presenter.mp4',
      storyboard_id: 'board-9',
    });
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(await screen.findByText("Ben's presenter video is ready.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Watch' }));
    const done = screen.getByRole('dialog', { name: 'Presenter video: Ben' });
    expect(
      within(done).getByLabelText(`Video player: ${avatarMessages.presenterTitle('Ben')}`),
    ).toBeInTheDocument();
    expect(done.querySelector('video')).toHaveAttribute('src', '/media/videos/presenter.mp4');
    expect(within(done).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(within(done).getByRole('link', { name: 'Open in My Projects' })).toHaveAttribute(
      'href',
      '/projects',
    );
    // It was made from a storyboard: its scenes open in the editor.
    expect(within(done).getByRole('link', { name: 'Edit storyboard' })).toHaveAttribute(
      'href',
      '/storyboards/board-9',
    );
  });

  it('shows why a presenter video failed and lets the user try again with the text kept', async () => {
    const { user, sockets } = renderAvatars({
      'GET /avatars': { body: [ana] },
      'POST /avatars/avatar-1/presenter-videos': { status: 201, body: { session_id: 'sess-3' } },
      'GET /generations/sess-3': {
        body: testGeneration({ session_id: 'sess-3', project_type: 'avatar-presenter' }),
      },
    });
    act(() => sockets.latest().ready());
    await user.click(await screen.findByRole('button', { name: 'Presenter video' }));
    const dialog = screen.getByRole('dialog', { name: 'Presenter video: Ana presenter' });
    await user.type(within(dialog).getByLabelText('Narration'), 'Welcome!');
    await user.click(within(dialog).getByRole('button', { name: 'Create presenter video' }));
    await within(dialog).findByRole('progressbar', { name: 'Presenter video progress' });

    act(() =>
      sockets.push(
        VIDEO_EVENT_TYPES.progress,
        testGeneration({
          session_id: 'sess-3',
          project_type: 'avatar-presenter',
          status: 'failed',
          error: 'The speech engine stopped',
        }),
      ),
    );
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(avatarMessages.presenterFailed);
    expect(alert).toHaveTextContent('The speech engine stopped');
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(within(dialog).getByLabelText('Narration')).toHaveValue('Welcome!');
  });
});
