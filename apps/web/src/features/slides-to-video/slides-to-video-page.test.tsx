import {
  generationGateMessages,
  SLIDE_NARRATION_MAX_CHARS,
  STORAGE_KEYS,
  VIDEO_EVENT_TYPES,
  type CreateSlidesVideoBody,
} from '@reelcraft/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUrl, renderApp, storeSignedIn } from '../../test/render-app';
import { testGeneration, testNotification, testVideoCount } from '../../test/test-data';
import { NO_LIBREOFFICE, pdfFile, slidesApi, testDeck, testSlidesSession } from '../../test/slides-data';

type Handlers = Parameters<typeof slidesApi>[0];

function renderPage(api: Handlers = {}, path = '/ppt-to-video') {
  storeSignedIn();
  const fake = slidesApi({
    'POST /ppt-to-video/decks': {
      status: 202,
      body: testDeck({ status: 'processing', progress: 0, slides: [] }),
    },
    'GET /ppt-to-video/decks/deck-1': { body: testDeck() },
    'POST /ppt-to-video/sessions': { status: 201, body: { session_id: 'sess-1' } },
    'GET /ppt-to-video/sessions/sess-1': { body: testSlidesSession() },
    ...api,
  });
  return { ...renderApp(path), fake };
}

/** Opens the screen on an imported deck, as after a reload with ?deck= in the URL. */
async function renderWithDeck(api: Handlers = {}) {
  const view = renderPage(api, '/ppt-to-video?deck=deck-1');
  await screen.findByRole('list', { name: 'Slides in video order' });
  return view;
}

function chooseFile(file: File) {
  fireEvent.change(screen.getByLabelText('Choose a deck'), { target: { files: [file] } });
}

function slideOrder(): string[] {
  const list = screen.getByRole('list', { name: 'Slides in video order' });
  return within(list)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => /^Slide \d+/.exec(heading.textContent ?? '')?.[0] ?? '');
}

function sentBody(fake: ReturnType<typeof renderPage>['fake']): CreateSlidesVideoBody {
  return fake.sent('POST /ppt-to-video/sessions')[0]!.body as CreateSlidesVideoBody;
}

class FakeAudio {
  static played: string[] = [];
  constructor(readonly src: string) {}
  addEventListener() {}
  pause() {}
  play() {
    FakeAudio.played.push(this.src);
    return Promise.resolve();
  }
}

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  FakeAudio.played = [];
});

describe('slides to video: the deck', () => {
  it('offers a keyboard-reachable picker for PDF and PowerPoint, up to 50 MB and 100 slides', async () => {
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create Video from Slides' }),
    ).toBeInTheDocument();
    const input = await screen.findByLabelText('Choose a deck');
    expect(input).toHaveAttribute('type', 'file');
    expect(input.getAttribute('accept')).toContain('.pdf');
    expect(input.getAttribute('accept')).toContain('.pptx');
    expect(input).toHaveAccessibleDescription('PDF or PowerPoint (.pptx), up to 50 MB and 100 slides.');
  });

  it.each([
    ['notes.docx', 'application/msword', 'is not a presentation. Choose a PDF or PowerPoint (.pptx) file.'],
    ['old.ppt', 'application/vnd.ms-powerpoint', 'is an older PowerPoint file. Save it as .pptx'],
    ['talk.key', '', 'is a Keynote file. Export it from Keynote as PDF or PowerPoint (.pptx)'],
  ])('refuses %s before sending it, saying what to do', async (name, type, message) => {
    const { fake } = renderPage();
    await screen.findByLabelText('Choose a deck');
    chooseFile(new File(['x'], name, { type }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`“${name}” ${message}`);
    expect(fake.sent('POST /ppt-to-video/decks')).toHaveLength(0);
  });

  it('refuses a deck over 50 MB before sending it', async () => {
    const { fake } = renderPage();
    await screen.findByLabelText('Choose a deck');
    chooseFile(pdfFile('huge.pdf', 62 * 1024 * 1024));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '“huge.pdf” is 62 MB. Decks can be at most 50 MB: compress its pictures or split it in two.',
    );
    expect(fake.sent('POST /ppt-to-video/decks')).toHaveLength(0);
  });

  it('says what the administrator must install and accepts only PDF when LibreOffice is missing', async () => {
    const { fake } = renderPage({ 'GET /ppt-to-video/capabilities': { body: NO_LIBREOFFICE } });
    expect(await screen.findByRole('note')).toHaveTextContent(NO_LIBREOFFICE.message!);
    const input = screen.getByLabelText('Choose a deck');
    await vi.waitFor(() => expect(input.getAttribute('accept')).not.toContain('.pptx'));
    expect(input).toHaveAccessibleDescription('PDF, up to 50 MB and 100 slides.');
    chooseFile(
      new File(['PK'], 'deck.pptx', {
        type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(NO_LIBREOFFICE.message!);
    expect(fake.sent('POST /ppt-to-video/decks')).toHaveLength(0);
  });

  it('uploads a dropped deck, follows its import every second, then lists its slides', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer = testDeck({ status: 'processing', progress: 40, slides: [] });
    const { fake, router } = renderPage({ 'GET /ppt-to-video/decks/deck-1': () => ({ body: answer }) });
    const zone = await screen.findByTestId('deck-drop-zone');
    fireEvent.drop(zone, { dataTransfer: { files: [pdfFile()], types: ['Files'] } });

    await screen.findByRole('region', { name: 'Importing your deck' });
    await vi.waitFor(() => expect(currentUrl(router)).toBe('/ppt-to-video?deck=deck-1'));
    const importing = screen.getByRole('region', { name: 'Importing your deck' });
    const upload = fake.sent('POST /ppt-to-video/decks')[0]!.body as FormData;
    expect((upload.get('file') as File).name).toBe('Quarterly review.pdf');
    expect(within(importing).getByText('Quarterly review.pdf')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await vi.waitFor(() =>
      expect(within(importing).getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
        'aria-valuenow',
        '40',
      ),
    );
    expect(within(importing).getByRole('status')).toHaveTextContent(/40%/);

    answer = testDeck();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    const list = await screen.findByRole('list', { name: 'Slides in video order' });
    expect(slideOrder()).toEqual(['Slide 1', 'Slide 2', 'Slide 3']);
    expect(within(list).getByLabelText('Narration for slide 1')).toHaveValue('Welcome everyone.');
    expect(within(list).getByLabelText('Narration for slide 2')).toHaveValue(
      'This is the narration of slide 2.',
    );
    expect(list.querySelector('img')).toHaveAttribute('src', '/media/decks/deck-1/slide-1.png?sig=abc');
    expect(screen.getByText('Quarterly review.pdf')).toBeInTheDocument();

    // A ready deck is not read again.
    const reads = fake.sent('GET /ppt-to-video/decks/deck-1').length;
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(fake.sent('GET /ppt-to-video/decks/deck-1')).toHaveLength(reads);
  });

  it("shows the server's reason for a file that is not a presentation", async () => {
    renderPage({
      'POST /ppt-to-video/decks': {
        status: 422,
        body: { detail: 'This file is not a PDF or PowerPoint presentation.' },
      },
    });
    await screen.findByLabelText('Choose a deck');
    chooseFile(pdfFile('renamed.pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file is not a PDF or PowerPoint presentation.',
    );
    expect(screen.getByLabelText('Choose a deck')).toBeEnabled();
  });

  it('shows why an import failed and takes another file', async () => {
    const { fake, router } = renderPage(
      {
        'GET /ppt-to-video/decks/deck-1': {
          body: testDeck({ status: 'failed', error: 'This PDF is password-protected.', slides: [] }),
        },
        'POST /ppt-to-video/decks': {
          status: 202,
          body: testDeck({ deck_id: 'deck-2', status: 'processing', slides: [] }),
        },
        'GET /ppt-to-video/decks/deck-2': { body: testDeck({ deck_id: 'deck-2' }) },
      },
      '/ppt-to-video?deck=deck-1',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This PDF is password-protected.');
    chooseFile(pdfFile('open.pdf'));
    await screen.findByRole('list', { name: 'Slides in video order' });
    expect(currentUrl(router)).toBe('/ppt-to-video?deck=deck-2');
    expect(fake.sent('POST /ppt-to-video/decks')).toHaveLength(1);
  });

  it('says a deck that is gone is no longer available', async () => {
    renderPage(
      { 'GET /ppt-to-video/decks/deck-1': { status: 404, body: { detail: 'Deck not found' } } },
      '/ppt-to-video?deck=deck-1',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This deck is no longer available. Please choose the file again.',
    );
    expect(screen.getByLabelText('Choose a deck')).toBeInTheDocument();
  });
});

describe('slides to video: review and render', () => {
  it('edits, leaves out and reorders slides by keyboard, with the estimate following', async () => {
    const { user, fake } = await renderWithDeck();
    const estimate = screen.getByTestId('slides-estimate');
    // The server's estimate of what would be sent (issue 36 item 9), each slide's part beside it:
    // "Welcome everyone." 2 words, the others 7 words each: 3 + 8 + 8 s in the fake.
    expect(await within(estimate).findByText('19 s')).toBeInTheDocument();
    expect(estimate).toHaveTextContent('Estimated length: 19 s');
    expect(estimate).toHaveTextContent('3 of 3 slides kept · 3 narrated');
    expect(fake.sent('POST /ppt-to-video/estimate').at(-1)!.body).toMatchObject({
      deck_id: 'deck-1',
      voice_id: 'rachel',
      slides: [
        { index: 1, narration: 'Welcome everyone.' },
        { index: 2, narration: 'This is the narration of slide 2.' },
        { index: 3, narration: 'This is the narration of slide 3.' },
      ],
    });
    expect(screen.getByLabelText('Narration for slide 1')).toHaveAccessibleDescription(
      /^About 3 s on screen/,
    );

    const narration = screen.getByLabelText('Narration for slide 2');
    await user.clear(narration);
    expect(narration).toHaveAccessibleDescription(
      `Silent: shown for 3 s 0/${SLIDE_NARRATION_MAX_CHARS} characters`,
    );
    expect(estimate).toHaveTextContent('3 of 3 slides kept · 2 narrated');
    expect(await within(estimate).findByText('14 s')).toBeInTheDocument();
    await user.type(narration, 'Our new product is lighter.');
    expect(narration).toHaveAccessibleDescription(/27\/2000 characters/);
    expect(narration).toHaveAttribute('maxlength', String(SLIDE_NARRATION_MAX_CHARS));
    // Asked again once the typing pauses: 3 + 6 + 8 s.
    expect(await within(estimate).findByText('17 s')).toBeInTheDocument();
    expect(narration).toHaveAccessibleDescription(/^About 6 s on screen/);

    await user.click(screen.getByRole('switch', { name: 'Keep slide 1 in the video' }));
    expect(screen.getByRole('switch', { name: 'Keep slide 1 in the video' })).not.toBeChecked();
    expect(estimate).toHaveTextContent('2 of 3 slides kept');
    expect(await within(estimate).findByText('14 s')).toBeInTheDocument();

    const down = screen.getByRole('button', { name: 'Move slide 3 up' });
    down.focus();
    await user.keyboard('{Enter}');
    expect(slideOrder()).toEqual(['Slide 1', 'Slide 3', 'Slide 2']);
    // The focus stays with the slide that moved, and a screen reader hears where it went.
    expect(screen.getByRole('button', { name: 'Move slide 3 up' })).toHaveFocus();
    expect(screen.getByText('Slide 3 moved to position 2 of 3.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(slideOrder()).toEqual(['Slide 3', 'Slide 1', 'Slide 2']);
    // At the top, Move up is off: the focus goes to Move down.
    expect(screen.getByRole('button', { name: 'Move slide 3 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move slide 3 down' })).toHaveFocus();

    await user.click(screen.getByRole('radio', { name: '9:16' }));
    await user.click(screen.getByRole('radio', { name: /Adam/ }));
    // The voice's pace is the server's to know: Adam's says 21 s for the same slides.
    expect(await within(estimate).findByText('21 s')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: /Background music/ }));
    await user.click(screen.getByRole('button', { name: 'Generate Video' }));

    await screen.findByRole('dialog', { name: 'Creating your video' });
    expect(sentBody(fake)).toEqual({
      deck_id: 'deck-1',
      slides: [
        { index: 3, narration: 'This is the narration of slide 3.' },
        { index: 2, narration: 'Our new product is lighter.' },
      ],
      voice_id: 'adam',
      aspect_ratio: '9:16',
      music: false,
    });
  });

  it('asks to keep at least one slide and sends nothing', async () => {
    const { user, fake } = await renderWithDeck();
    for (const index of [1, 2, 3]) {
      await user.click(screen.getByRole('switch', { name: `Keep slide ${index} in the video` }));
    }
    await user.click(screen.getByRole('button', { name: 'Generate Video' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Keep at least one slide');
    expect(fake.sent('POST /ppt-to-video/sessions')).toHaveLength(0);
  });

  it.each([
    [
      'no videos left',
      { body: testVideoCount({ remaining_videos: 0 }) },
      generationGateMessages.noVideosRemaining,
    ],
    [
      'generation disabled',
      { body: testVideoCount({ can_generate: false }) },
      generationGateMessages.generationDisabled,
    ],
  ])('stops at the gate on %s and goes to the plans', async (_name, countAnswer, message) => {
    const { user, fake, router } = await renderWithDeck({ 'GET /user/video-count': countAnswer });
    await user.click(screen.getByRole('button', { name: 'Generate Video' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/subscription-plans');
    expect(fake.sent('POST /ppt-to-video/sessions')).toHaveLength(0);
  });

  it('follows the render to the video: stages, live progress, player and download', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer = testSlidesSession({ progress: 20, current_stage: 'file_processing' });
    const { user, sockets } = await renderWithDeck({
      'GET /ppt-to-video/sessions/sess-1': () => ({ body: answer }),
    });
    act(() => sockets.latest().ready());
    await user.click(screen.getByRole('button', { name: 'Generate Video' }));
    const overlay = within(await screen.findByRole('dialog', { name: 'Creating your video' }));
    expect(overlay.getByRole('button', { name: 'Send to background and notify me' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generating...' })).toBeDisabled();

    act(() =>
      sockets.push(
        VIDEO_EVENT_TYPES.progress,
        testGeneration({ project_type: 'slides', progress: 55, stage: 'video_generation' }),
      ),
    );
    await vi.waitFor(() =>
      expect(overlay.getByTestId('progress-stage')).toHaveTextContent('Rendering the slides…'),
    );
    expect(overlay.getByRole('progressbar', { name: 'Video progress' })).toHaveAttribute(
      'aria-valuenow',
      '55',
    );
    expect(overlay.getByRole('listitem', { name: 'Narration (complete)' })).toBeInTheDocument();

    answer = testSlidesSession({
      status: 'completed',
      progress: 100,
      current_stage: 'completed',
      final_video_url: 'https://cdn.test/slides.mp4',
    });
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    const result = within(await screen.findByRole('region', { name: 'Your video' }));
    expect(result.getByRole('button', { name: 'Download Video' })).toBeInTheDocument();
    expect(document.querySelector('video')).toHaveAttribute('src', 'https://cdn.test/slides.mp4');
    expect(window.localStorage.getItem(STORAGE_KEYS.lastVideoUrl)).toBe('https://cdn.test/slides.mp4');

    // Back to the same slides, as they were, to change something and render again.
    await user.click(result.getByRole('button', { name: 'Edit and render again' }));
    expect(await screen.findByLabelText('Narration for slide 1')).toHaveValue('Welcome everyone.');
  });

  it("shows a refused start's reason with Try Again, which keeps the edits", async () => {
    const { user } = await renderWithDeck({
      'POST /ppt-to-video/sessions': {
        status: 409,
        body: { detail: 'The deck is still being imported. Please wait a moment.' },
      },
    });
    const narration = screen.getByLabelText('Narration for slide 2');
    await user.clear(narration);
    await user.type(narration, 'My own words.');
    await user.click(screen.getByRole('button', { name: 'Generate Video' }));
    const failure = within(await screen.findByRole('alert', { name: 'Generation failed' }));
    expect(failure.getByText('The deck is still being imported. Please wait a moment.')).toBeInTheDocument();
    await user.click(failure.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByLabelText('Narration for slide 2')).toHaveValue('My own words.');
  });

  it('shows a failed render with Try Again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = await renderWithDeck({
      'GET /ppt-to-video/sessions/sess-1': {
        body: testSlidesSession({ status: 'failed', error: 'A slide of this video is no longer available.' }),
      },
    });
    await user.click(screen.getByRole('button', { name: 'Generate Video' }));
    await screen.findByRole('dialog', { name: 'Creating your video' });
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    const failure = within(await screen.findByRole('alert', { name: 'Generation failed' }));
    expect(failure.getByText('Video creation failed')).toBeInTheDocument();
    expect(failure.getByText('A slide of this video is no longer available.')).toBeInTheDocument();
    await user.click(failure.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Generate Video' })).toBeEnabled();
  });

  it('sends the render to the background, then goes to the dashboard', async () => {
    const { user, fake, router } = await renderWithDeck({
      'POST /generations/sess-1/background': {
        body: testNotification({
          status: 'pending',
          session_id: 'sess-1',
          title: 'Video generation in progress',
        }),
      },
    });
    await user.click(screen.getByRole('button', { name: 'Generate Video' }));
    await user.click(await screen.findByRole('button', { name: 'Send to background and notify me' }));
    await vi.waitFor(() => expect(currentUrl(router)).toBe('/dashboard'));
    expect(fake.sent('POST /generations/sess-1/background')).toHaveLength(1);
  });

  it('resumes a slides render still running after a reload', async () => {
    const { fake } = renderPage({
      'GET /generations/active': {
        body: { generation: testGeneration({ session_id: 'sess-9', project_type: 'slides', progress: 45 }) },
      },
    });
    const overlay = within(await screen.findByRole('dialog', { name: 'Creating your video' }));
    expect(overlay.getByRole('progressbar', { name: 'Video progress' })).toHaveAttribute(
      'aria-valuenow',
      '45',
    );
    expect(fake.sent('GET /generations/active')[0]!.query.get('project_type')).toBe('slides');
  });

  it('keeps the edits through a reload of the tab', async () => {
    const first = await renderWithDeck();
    const narration = screen.getByLabelText('Narration for slide 3');
    await first.user.clear(narration);
    await first.user.type(narration, 'Kept after reload.');
    await first.user.click(screen.getByRole('button', { name: 'Move slide 3 up' }));
    first.unmount();

    await renderWithDeck();
    expect(slideOrder()).toEqual(['Slide 1', 'Slide 3', 'Slide 2']);
    expect(screen.getByLabelText('Narration for slide 3')).toHaveValue('Kept after reload.');
  });

  it("plays a voice's sample, and a slide's narration in the chosen voice", async () => {
    vi.stubGlobal('Audio', FakeAudio);
    const { user, fake } = await renderWithDeck({
      'POST /elevenlabs/voices/rachel/preview': {
        body: { audio_url: '/media/previews/p1.mp3', duration_seconds: 2 },
      },
    });
    const voices = screen.getByRole('group', { name: /^Voice/ });
    expect(await within(voices).findByRole('radio', { name: /Rachel/ })).toBeChecked();
    expect(within(voices).getByRole('group', { name: 'Your voices' })).toHaveTextContent('My narrator');
    await user.click(within(voices).getByRole('button', { name: 'Play a sample of Adam' }));
    expect(FakeAudio.played).toEqual(['/media/voices/adam.mp3']);
    expect(within(voices).getByRole('button', { name: 'Stop the sample of Adam' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'Listen to the narration of slide 1' }));
    await vi.waitFor(() => expect(FakeAudio.played).toContain('/media/previews/p1.mp3'));
    expect(fake.sent('POST /elevenlabs/voices/rachel/preview')[0]!.body).toEqual({
      text: 'Welcome everyone.',
    });
    expect(screen.getByRole('button', { name: 'Stop the narration of slide 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play a sample of Adam' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('offers the fallback voices when the list cannot be read', async () => {
    // A 404 (a server without voices) is not retried, so the fallback shows at once.
    await renderWithDeck({ 'GET /elevenlabs/voices': { status: 404, body: { detail: 'Not Found' } } });
    const voices = screen.getByRole('group', { name: /^Voice/ });
    expect(await within(voices).findByText('Failed to load voices')).toBeInTheDocument();
    expect(within(voices).getByRole('radio', { name: /Rachel/ })).toBeChecked();
  });
});
