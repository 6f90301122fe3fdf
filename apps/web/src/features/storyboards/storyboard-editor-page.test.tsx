import {
  estimateNarrationSeconds,
  STORYBOARD_LIMITS,
  storyboardMessages,
  VIDEO_EVENT_TYPES,
  type Storyboard,
} from '@reelcraft/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SentRequest } from '../../test/fake-api';
import { currentUrl, renderApp, storeSignedIn } from '../../test/render-app';
import { storyboardServer, testScene, testStoryboard } from '../../test/storyboard-data';
import { shellApi, testGeneration } from '../../test/test-data';
import { formatSeconds } from './scene-edits';
import { builtInVoice, clonedVoice, voiceList } from '../../test/voices-data';

function renderEditor(storyboard: Storyboard = testStoryboard(), api: Parameters<typeof shellApi>[0] = {}) {
  storeSignedIn();
  const server = storyboardServer(storyboard);
  const fake = shellApi({
    'GET /storyboards/sb-1': () => ({ body: server.current() }),
    'PUT /storyboards/sb-1': (request) => server.save(request),
    ...api,
  });
  const view = renderApp('/storyboards/sb-1');
  return { ...view, fake, server };
}

const scene = (number: number) => screen.getByRole('listitem', { name: `Scene ${number}` });
const narration = (number: number) =>
  within(scene(number)).getByRole<HTMLTextAreaElement>('textbox', { name: `Narration of scene ${number}` });
const sceneNarrations = () =>
  within(screen.getByRole('list', { name: 'Scenes in video order' }))
    .getAllByRole<HTMLTextAreaElement>('textbox', { name: /^Narration/ })
    .map((field) => field.value);
const saveState = () => screen.getByTestId('save-state');
const renderButton = () =>
  screen.getByRole('button', { name: /^(Render|Save to render|Saving|Nothing|Fix the marked)/ });

async function saveNow(user: ReturnType<typeof renderEditor>['user']) {
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(saveState()).toHaveTextContent(/^Saved · version \d+$/));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('storyboard editor', () => {
  it('shows the storyboard: title, length, version, status, save state, scenes, settings and the render it would do', async () => {
    renderEditor();
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('The fox and the lake');
    expect(saveState()).toHaveTextContent('Saved · version 3');
    expect(screen.getByText('Version 3')).toBeInTheDocument();
    expect(screen.getByText('Draft')).toBeInTheDocument();
    const total = testStoryboard().scenes.reduce((sum, entry) => sum + entry.duration_seconds, 0);
    expect(screen.getByTestId('total-duration')).toHaveTextContent(`${formatSeconds(total)} total`);
    expect(sceneNarrations()).toEqual([
      'A fox wakes up in the misty forest.',
      'It runs across the snow to the lake.',
      'The sun sets over the water.',
    ]);
    expect(within(scene(1)).getByRole('list', { name: 'Subjects of scene 1' })).toHaveTextContent('Fox');
    expect(within(scene(1)).getByRole('combobox', { name: 'Setting of scene 1' })).toHaveValue('forest');
    expect(renderButton()).toHaveTextContent('Render · 3 scenes · uses 1 video');
    expect(renderButton()).toBeEnabled();
    const settings = screen.getByRole('complementary', { name: 'Video settings' });
    expect(within(settings).getByRole('radio', { name: '16:9' })).toBeChecked();
    expect(within(settings).getByRole('combobox', { name: 'Voice' })).toHaveValue('');
    expect(within(settings).getByRole('option', { name: 'No narration' })).toBeInTheDocument();
    expect(within(settings).getByRole('slider', { name: 'Music volume' })).toHaveValue('40');
  });

  it('updates the spoken-time estimate and the counter as the narration is typed', async () => {
    const { user } = renderEditor();
    await screen.findByRole('textbox', { name: 'Title' });
    const card = within(scene(1));
    const before = 'A fox wakes up in the misty forest.';
    const after = `${before} Then it yawns.`;
    expect(card.getByTestId('narration-estimate')).toHaveTextContent(
      `About ${estimateNarrationSeconds(before)} s to say`,
    );
    await user.type(narration(1), ' Then it yawns.');
    expect(card.getByTestId('narration-estimate')).toHaveTextContent(
      `About ${estimateNarrationSeconds(after)} s to say`,
    );
    expect(estimateNarrationSeconds(after)).toBeGreaterThan(estimateNarrationSeconds(before));
    expect(card.getByText('50/600')).toBeInTheDocument();
    expect(card.getByRole('heading', { level: 3 })).toHaveTextContent(
      `Scene 1 · ${estimateNarrationSeconds(after)} s`,
    );
    expect(saveState()).toHaveTextContent('Unsaved changes');
    expect(renderButton()).toHaveTextContent('Save to render');
  });

  it('shows a narration past 600 characters as an error next to it and does not save it', async () => {
    const { user, fake } = renderEditor();
    await screen.findByRole('textbox', { name: 'Title' });
    await user.clear(narration(2));
    await user.click(narration(2));
    await user.paste('word '.repeat(121));
    expect(narration(2)).toHaveAccessibleDescription(
      expect.stringContaining(storyboardMessages.narrationTooLong),
    );
    expect(narration(2)).toHaveAttribute('aria-invalid', 'true');
    expect(within(scene(2)).getByText(`605/${STORYBOARD_LIMITS.maxNarrationChars}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(renderButton()).toBeDisabled();
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_500)));
    expect(fake.sent('PUT /storyboards/sb-1')).toHaveLength(0);
  });

  it('shows the scene prompt a storyboard has (a cloud provider films from it), and saves what is typed', async () => {
    const filmed = 'A red fox wakes in a misty forest at dawn.';
    const { user, fake } = renderEditor(
      testStoryboard({
        scenes: [
          testScene({
            id: 'scene-1',
            narration: 'A fox wakes up in the misty forest.',
            visual: { ...testScene().visual, prompt: filmed },
          }),
          testScene({ id: 'scene-2', narration: 'It runs across the snow to the lake.' }),
        ],
      }),
    );
    await screen.findByRole('textbox', { name: 'Title' });
    const field = within(scene(1)).getByRole('textbox', { name: 'Scene prompt of scene 1' });
    expect(field).toHaveValue(filmed);
    expect(field).toHaveAccessibleDescription(expect.stringContaining('films this scene from these words'));
    expect(
      within(scene(1)).getByText(`${filmed.length}/${STORYBOARD_LIMITS.maxScenePromptChars}`),
    ).toBeVisible();
    // A scene without one (every scene offline) shows no such field.
    expect(within(scene(2)).queryByRole('textbox', { name: /^Scene prompt/ })).toBeNull();

    await user.type(field, ' Snow falls.');
    await saveNow(user);
    const sent = fake.sent('PUT /storyboards/sb-1').at(-1)!.body as Storyboard;
    expect(sent.scenes.map((entry) => entry.visual.prompt)).toEqual([`${filmed} Snow falls.`, null]);

    // Past its limit it is marked, and nothing is saved.
    await user.clear(field);
    await user.click(field);
    await user.paste('x'.repeat(STORYBOARD_LIMITS.maxScenePromptChars + 1));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining(
        `A scene prompt holds at most ${STORYBOARD_LIMITS.maxScenePromptChars} characters.`,
      ),
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('undoes and redoes edits with the buttons and the keyboard; a run of typing is one step', async () => {
    const { user } = renderEditor();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await user.type(narration(1), ' Hello');
    await user.click(within(scene(3)).getByRole('button', { name: 'Delete scene 3' }));
    expect(sceneNarrations()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(sceneNarrations()).toHaveLength(3);
    expect(narration(1)).toHaveValue('A fox wakes up in the misty forest. Hello');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(narration(1)).toHaveValue('A fox wakes up in the misty forest.');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    expect(saveState()).toHaveTextContent('Saved · version 3');

    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(narration(1)).toHaveValue('A fox wakes up in the misty forest. Hello');

    await user.click(title);
    await user.keyboard('{Control>}z{/Control}');
    expect(narration(1)).toHaveValue('A fox wakes up in the misty forest.');
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(narration(1)).toHaveValue('A fox wakes up in the misty forest. Hello');
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(sceneNarrations()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Redo' })).toBeDisabled();
  });

  it('adds, duplicates, deletes and moves scenes with their buttons, and saves them in that order', async () => {
    const { user, fake } = renderEditor();
    await screen.findByRole('textbox', { name: 'Title' });
    await user.click(screen.getByRole('button', { name: 'Add scene' }));
    expect(sceneNarrations()).toEqual([
      'A fox wakes up in the misty forest.',
      'It runs across the snow to the lake.',
      'The sun sets over the water.',
      '',
    ]);
    await user.type(narration(4), 'The end.');

    await user.click(within(scene(1)).getByRole('button', { name: 'Duplicate scene 1' }));
    expect(sceneNarrations()[1]).toBe('A fox wakes up in the misty forest.');
    await user.click(within(scene(2)).getByRole('button', { name: 'Delete scene 2' }));

    await user.click(within(scene(3)).getByRole('button', { name: 'Move scene 3 up' }));
    expect(within(scene(2)).getByRole('button', { name: 'Move scene 2 up' })).toHaveFocus();
    await user.click(within(scene(1)).getByRole('button', { name: 'Move scene 1 down' }));
    expect(sceneNarrations()).toEqual([
      'The sun sets over the water.',
      'A fox wakes up in the misty forest.',
      'It runs across the snow to the lake.',
      'The end.',
    ]);
    expect(within(scene(1)).getByRole('button', { name: 'Move scene 1 up' })).toBeDisabled();

    await saveNow(user);
    const sent = fake.sent('PUT /storyboards/sb-1').at(-1)!.body as Storyboard;
    expect(sent.version).toBe(3);
    expect(sent.scenes.map((entry) => entry.id).slice(0, 3)).toEqual(['scene-3', 'scene-1', 'scene-2']);
    const added = sent.scenes[3]!;
    expect(added.id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(added).toMatchObject({ narration: 'The end.', duration_fixed: false, transition: 'cut' });
    expect(saveState()).toHaveTextContent('Saved · version 4');
  });

  it('keeps the last scene: its Delete is disabled', async () => {
    renderEditor(testStoryboard({ scenes: [testScene({ id: 'only' })] }));
    const only = await screen.findByRole('listitem', { name: 'Scene 1' });
    expect(within(only).getByRole('button', { name: 'Delete scene 1' })).toBeDisabled();
  });

  it('fixes a scene length with the number input and lets it follow the narration again', async () => {
    const { user, fake } = renderEditor();
    await screen.findByRole('textbox', { name: 'Title' });
    const card = within(scene(2));
    await user.click(card.getByRole('checkbox', { name: 'Fixed length of scene 2' }));
    const seconds = card.getByRole('spinbutton', { name: 'Seconds of scene 2' });
    await user.clear(seconds);
    await user.type(seconds, '12');
    await saveNow(user);
    const sent = fake.sent('PUT /storyboards/sb-1').at(-1)!.body as Storyboard;
    expect(sent.scenes[1]).toMatchObject({ duration_fixed: true, duration_seconds: 12 });

    await user.clear(seconds);
    await user.type(seconds, '45');
    expect(seconds).toHaveAccessibleDescription(expect.stringContaining(storyboardMessages.sceneTooLong));
    await user.click(card.getByRole('checkbox', { name: 'Fixed length of scene 2' }));
    expect(card.queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(card.getByText(/^Follows the narration/)).toBeInTheDocument();
  });

  it('on a 409, keeps the edits, says why, and loads the newer version when asked (Undo brings the edits back)', async () => {
    const { user, server, fake } = renderEditor();
    await screen.findByRole('textbox', { name: 'Title' });
    // Another tab saves first.
    server.store({ ...server.current(), version: 4, title: 'Renamed elsewhere' });

    await user.type(narration(2), ' Fast!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Not saved' }));
    expect(dialog.getByText(storyboardMessages.staleVersion)).toBeInTheDocument();
    expect(narration(2)).toHaveValue('It runs across the snow to the lake. Fast!');
    expect(saveState()).toHaveTextContent('Not saved: changed somewhere else');
    // Nothing is saved over the other tab's version while the user has not chosen.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_500)));
    expect(fake.sent('PUT /storyboards/sb-1')).toHaveLength(1);

    await user.click(dialog.getByRole('button', { name: 'Load the newest version' }));
    expect(screen.queryByRole('dialog', { name: 'Not saved' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Renamed elsewhere');
    expect(narration(2)).toHaveValue('It runs across the snow to the lake.');
    expect(saveState()).toHaveTextContent('Saved · version 4');

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(narration(2)).toHaveValue('It runs across the snow to the lake. Fast!');
    await saveNow(user);
    expect((fake.sent('PUT /storyboards/sb-1').at(-1)!.body as Storyboard).version).toBe(4);
    expect(saveState()).toHaveTextContent('Saved · version 5');
  });

  it('on a 409, "Keep my edits" saves them over the newer version', async () => {
    const { user, server } = renderEditor();
    await screen.findByRole('textbox', { name: 'Title' });
    server.store({ ...server.current(), version: 4 });
    await user.type(narration(1), ' Mine.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Keep my edits' }));
    await waitFor(() => expect(saveState()).toHaveTextContent('Saved · version 5'), { timeout: 5_000 });
    expect(server.current().scenes[0]!.narration).toBe('A fox wakes up in the misty forest. Mine.');
  });

  it('saves before rendering: the button shows the scenes and cost of the saved version, then posts {version}', async () => {
    const rendered = testStoryboard({
      version: 5,
      video_id: 'v-1',
      rendered_version: 5,
      status: 'rendered',
      pending_render: { scene_ids: [], videos_cost: 0 },
    });
    const { user, fake } = renderEditor(rendered, {
      'POST /storyboards/sb-1/render': { status: 202, body: { session_id: 'sess-9', video_id: 'v-2' } },
      'GET /videos': { body: { videos: [], total: 0 } },
    });
    await screen.findByRole('textbox', { name: 'Title' });
    expect(renderButton()).toHaveTextContent('Nothing to render');
    expect(renderButton()).toBeDisabled();
    expect(screen.getByText(storyboardMessages.nothingToRender)).toBeInTheDocument();

    await user.type(narration(2), ' Quickly.');
    expect(renderButton()).toHaveTextContent('Save to render');
    // Saved a moment after the last edit, without pressing Save.
    await waitFor(() => expect(saveState()).toHaveTextContent('Saved · version 6'), { timeout: 5_000 });
    expect(renderButton()).toHaveTextContent('Render changes · 1 of 3 scenes · free');
    expect(screen.getByTestId('render-detail')).toHaveTextContent('1 scene renders again');

    await user.click(renderButton());
    await waitFor(() => expect(fake.sent('POST /storyboards/sb-1/render')).toHaveLength(1));
    expect(fake.sent('POST /storyboards/sb-1/render')[0]!.body).toEqual({ version: 6 });
    // A free render needs no video left: the count is not asked.
    expect(fake.sent('GET /user/video-count').length).toBeLessThanOrEqual(1);
    expect(await screen.findByRole('region', { name: 'Rendering your video' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rendering…' })).toBeDisabled();
  });

  it('follows the render of a storyboard without captions in the picture to the player with its captions track, Download Video, SRT and VTT', async () => {
    const createObjectURL = vi.fn((blob: Blob) => `blob:${blob.size}`);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const vtt = 'WEBVTT\n\n00:00.000 --> 00:02.000\nA fox wakes up\n';
    const { user, fake, sockets } = renderEditor(
      testStoryboard({ captions: { enabled: false, style: 'highlight' } }),
      {
        'POST /storyboards/sb-1/render': { status: 202, body: { session_id: 'sess-9', video_id: 'v-9' } },
        'GET /generations/sess-9': {
          body: testGeneration({ session_id: 'sess-9', storyboard_id: 'sb-1', progress: 40 }),
        },
        'GET /videos/v-9/captions.vtt': () => new Response(new Blob([vtt], { type: 'text/vtt' })),
        'GET /videos/v-9/captions.srt': () =>
          new Response(new Blob(['1\n00:00:00,000 --> 00:00:02,000\nA fox\n'])),
      },
    );
    await screen.findByRole('textbox', { name: 'Title' });
    act(() => sockets.latest().ready());
    await user.click(renderButton());
    await screen.findByRole('region', { name: 'Rendering your video' });
    // A render that takes a video passes the gate (a fresh video count) first.
    expect(fake.sent('GET /user/video-count').length).toBeGreaterThanOrEqual(1);
    expect(fake.sent('POST /storyboards/sb-1/render')[0]!.body).toEqual({ version: 3 });

    act(() =>
      sockets.push(
        VIDEO_EVENT_TYPES.progress,
        testGeneration({
          session_id: 'sess-9',
          storyboard_id: 'sb-1',
          status: 'completed',
          progress: 100,
          stage: 'completed',
          video_id: 'v-9',
          video_url: 'https://cdn.test/story.mp4',
        }),
      ),
    );
    const result = within(await screen.findByRole('region', { name: 'Your video' }));
    const player = result.getByRole('region', { name: 'Video player: The fox and the lake' });
    await waitFor(() => expect(player.querySelector('track')).not.toBeNull());
    expect(player.querySelector('track')).toMatchObject({
      kind: 'captions',
      srclang: 'en',
      label: 'English',
    });
    const toggle = result.getByRole('button', { name: 'Captions' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem('captions_on')).toBe('true');
    expect(result.getByRole('button', { name: 'Download Video' })).toBeInTheDocument();

    await user.click(result.getByRole('button', { name: 'Download SRT' }));
    await waitFor(() => expect(saved).toContain('The_fox_and_the_lake.srt'));
    await user.click(result.getByRole('button', { name: 'Download VTT' }));
    await waitFor(() => expect(saved).toContain('The_fox_and_the_lake.vtt'));
    expect(fake.sent('GET /videos/v-9/captions.srt')[0]!.headers.get('Authorization')).toBe(
      'Bearer stored-token',
    );

    await user.click(result.getByRole('button', { name: 'Edit again' }));
    expect(narration(1)).toHaveFocus();
  });

  it('shows no captions track over a video whose captions are drawn into the picture', async () => {
    const vtt = vi.fn(() => new Response(new Blob(['WEBVTT\n'], { type: 'text/vtt' })));
    renderEditor(
      testStoryboard({
        status: 'rendered',
        rendered_version: 3,
        video_id: 'v-1',
        video_url: 'https://cdn.test/burned.mp4',
        video_captions_in_picture: true,
      }),
      { 'GET /videos/v-1/captions.vtt': vtt },
    );
    const result = within(await screen.findByRole('region', { name: 'Your video' }));
    expect(result.getByRole('button', { name: 'Download VTT' })).toBeInTheDocument();
    expect(result.queryByRole('button', { name: 'Captions' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your video' }).querySelector('track')).toBeNull();
    expect(vtt).not.toHaveBeenCalled();
  });

  it('searches the illustrations (after typing settles) and adds the one picked as a subject', async () => {
    const searches: string[] = [];
    const { user, fake } = renderEditor(testStoryboard(), {
      'GET /illustrations': (request: SentRequest) => {
        const q = request.query.get('q') ?? '';
        searches.push(q);
        const all = [
          { id: 'red-apple', label: 'Red apple', preview_url: '/api/v1/illustrations/red-apple/image' },
          { id: 'rocket', label: 'Rocket', preview_url: '/api/v1/illustrations/rocket/image' },
        ];
        return { body: all.filter((item) => item.label.toLowerCase().includes(q.toLowerCase())) };
      },
    });
    await screen.findByRole('textbox', { name: 'Title' });
    await user.click(within(scene(1)).getByRole('button', { name: 'Remove Fox' }));
    expect(within(scene(1)).queryByText('Fox')).not.toBeInTheDocument();

    await user.click(within(scene(1)).getByRole('button', { name: 'Add subject to scene 1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a subject to scene 1' }));
    expect(await dialog.findByRole('button', { name: 'Add Rocket' })).toBeInTheDocument();
    await user.type(dialog.getByRole('searchbox', { name: 'Search illustrations' }), 'apple');
    await waitFor(() => expect(dialog.queryByRole('button', { name: 'Add Rocket' })).not.toBeInTheDocument());
    // One search for the settled word, not one per letter.
    expect(searches).toEqual(['', 'apple']);
    await user.click(dialog.getByRole('button', { name: 'Add Red apple' }));

    expect(screen.queryByRole('dialog', { name: 'Add a subject to scene 1' })).not.toBeInTheDocument();
    const chips = within(within(scene(1)).getByRole('list', { name: 'Subjects of scene 1' }));
    expect(chips.getByText('Red apple')).toBeInTheDocument();
    expect(chips.getByRole('button', { name: 'Remove Red apple' })).toBeInTheDocument();
    await saveNow(user);
    const sent = fake.sent('PUT /storyboards/sb-1').at(-1)!.body as Storyboard;
    expect(sent.scenes[0]!.visual.subjects).toEqual([
      { kind: 'illustration', id: 'red-apple', label: 'Red apple', tint: null },
    ]);
  });

  it("adds one of the user's library images as a subject", async () => {
    const { user, fake } = renderEditor(testStoryboard(), {
      'GET /illustrations': { body: [] },
      'GET /user/library/images': {
        body: [
          {
            id: 'img-1',
            filename: 'my-dog.png',
            url: 'https://cdn.test/my-dog.png',
            public_url: 'https://cdn.test/my-dog.png',
            gcs_uri: 'local://library/my-dog.png',
            uploaded_at: '2025-06-01T10:00:00.000Z',
            source: 'upload',
          },
        ],
      },
    });
    await screen.findByRole('textbox', { name: 'Title' });
    await user.click(within(scene(2)).getByRole('button', { name: 'Add subject to scene 2' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a subject to scene 2' }));
    await user.click(dialog.getByRole('tab', { name: 'My images' }));
    await user.click(await dialog.findByRole('button', { name: 'Add my-dog.png' }));
    await saveNow(user);
    const sent = fake.sent('PUT /storyboards/sb-1').at(-1)!.body as Storyboard;
    expect(sent.scenes[1]!.visual.subjects.at(-1)).toEqual({
      kind: 'image',
      image_url: 'local://library/my-dog.png',
      label: 'my-dog',
    });
  });

  it('changes the whole-video settings: voice, music volume to none, captions, aspect ratio', async () => {
    const { user, fake } = renderEditor(testStoryboard(), {
      'GET /elevenlabs/voices': {
        body: voiceList([clonedVoice('ana-clone', 'Ana (clone)'), builtInVoice('sarah', 'Sarah')]),
      },
    });
    await screen.findByRole('textbox', { name: 'Title' });
    const settings = within(screen.getByRole('complementary', { name: 'Video settings' }));
    const voice = settings.getByRole('combobox', { name: 'Voice' });
    await waitFor(() =>
      expect(within(voice).getByRole('group', { name: 'Your voices' })).toBeInTheDocument(),
    );
    await user.selectOptions(voice, 'sarah');
    expect(settings.getByRole('button', { name: 'Play a sample of Sarah' })).toBeInTheDocument();
    await user.click(settings.getByRole('radio', { name: '9:16' }));
    await user.click(settings.getByRole('switch', { name: 'Show captions in the video' }));
    expect(settings.getByRole('combobox', { name: 'Caption style' })).toBeDisabled();
    const volume = settings.getByRole('slider', { name: 'Music volume' });
    // A range input takes its value from a change event.
    act(() => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(volume, '0');
      volume.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(settings.getByText('No music')).toBeInTheDocument();
    await saveNow(user);
    const sent = fake.sent('PUT /storyboards/sb-1').at(-1)!.body as Storyboard;
    expect(sent).toMatchObject({
      voice_id: 'sarah',
      aspect_ratio: '9:16',
      captions: { enabled: false, style: 'highlight' },
      music: { mood: 'calm', volume: 0 },
    });
  });

  it('lists the versions and restores one as the newest', async () => {
    const { user, fake } = renderEditor(testStoryboard(), {
      'GET /storyboards/sb-1/versions': {
        body: {
          versions: [3, 2, 1].map((version) => ({
            version,
            saved_at: '2025-06-01T10:00:00.000Z',
            scene_count: version,
            duration_seconds: 10 * version,
            rendered: version === 2,
          })),
        },
      },
      'POST /storyboards/sb-1/versions/1/restore': {
        body: testStoryboard({ version: 4, title: 'First draft', scenes: [testScene({ id: 'a' })] }),
      },
    });
    await screen.findByRole('textbox', { name: 'Title' });
    await user.click(screen.getByRole('button', { name: 'Version history' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Version history' }));
    const newest = within(await dialog.findByRole('listitem', { name: 'Version 3' }));
    expect(newest.getByText('Current')).toBeInTheDocument();
    expect(newest.queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();
    expect(
      within(dialog.getByRole('listitem', { name: 'Version 2' })).getByText('Rendered'),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Restore version 1' }));

    expect(await screen.findByText('Version 1 restored as version 4')).toBeInTheDocument();
    expect(fake.sent('POST /storyboards/sb-1/versions/1/restore')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('First draft');
    expect(sceneNarrations()).toHaveLength(1);
    expect(saveState()).toHaveTextContent('Saved · version 4');
  });

  it('puts the issues of a 422 next to the fields they name', async () => {
    const { user } = renderEditor(testStoryboard(), {
      'PUT /storyboards/sb-1': {
        status: 422,
        body: {
          detail: [
            {
              loc: ['body', 'scenes', 1, 'visual', 'subjects', 0, 'id'],
              msg: 'That illustration is not in the set.',
              type: 'custom',
            },
            { loc: ['body', 'voice_id'], msg: 'That voice is not available.', type: 'custom' },
          ],
        },
      },
    });
    await screen.findByRole('textbox', { name: 'Title' });
    await user.type(narration(2), ' Now.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(scene(2)).findByText(storyboardMessages.unknownIllustration)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Voice' })).toHaveAccessibleDescription(
      storyboardMessages.unknownVoice,
    );
    expect(saveState()).toHaveTextContent('Not saved: check the marked fields');
  });

  it('says "Storyboard not found" for an unknown id, with the way back', async () => {
    storeSignedIn();
    shellApi({ 'GET /storyboards/nope': { status: 404, body: { detail: storyboardMessages.notFound } } });
    renderApp('/storyboards/nope');
    expect(
      await screen.findByRole('heading', { level: 1, name: storyboardMessages.notFound }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Projects' })).toHaveAttribute('href', '/projects');
  });

  it('shows a skeleton while the storyboard loads', async () => {
    storeSignedIn();
    shellApi({ 'GET /storyboards/sb-1': 'hang' });
    const { router } = renderApp('/storyboards/sb-1');
    expect(await screen.findByText('Loading storyboard…')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/storyboards/sb-1');
  });
});
