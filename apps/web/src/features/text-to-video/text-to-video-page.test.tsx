import {
  generationGateMessages,
  generationMessages,
  STORAGE_KEYS,
  textToVideoMessages,
  VIDEO_EVENT_TYPES,
  type TextToVideoSession,
} from '@reelcraft/contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUrl, renderApp, storeSignedIn } from '../../test/render-app';
import { testStoryboard } from '../../test/storyboard-data';
import { testUser } from '../../test/fake-api';
import { shellApi, testGeneration, testNotification, testVideoCount } from '../../test/test-data';
import { countWords, promptStrength } from '../../components/generations';

function session(overrides: Partial<TextToVideoSession> = {}): TextToVideoSession {
  return {
    session_id: 'sess-1',
    status: 'processing',
    progress: 10,
    final_video_url: null,
    error: null,
    retrying: false,
    ...overrides,
  };
}

function renderPage(api: Parameters<typeof shellApi>[0] = {}) {
  storeSignedIn();
  const fake = shellApi({
    'POST /text-to-video/sessions': { status: 201, body: { session_id: 'sess-1' } },
    ...api,
  });
  const view = renderApp('/text-to-video');
  return { ...view, fake };
}

async function describeVideo(user: ReturnType<typeof renderPage>['user'], text: string) {
  await user.type(await screen.findByLabelText('Video Description'), text);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('prompt counter and strength', () => {
  it('counts words and grades them Weak < 10, Good < 30, Strong < 50, Excellent up to 200, else Too long', () => {
    expect(countWords('  a  b c ')).toBe(3);
    expect(countWords('')).toBe(0);
    expect(promptStrength(9)).toBe('Weak');
    expect(promptStrength(10)).toBe('Good');
    expect(promptStrength(29)).toBe('Good');
    expect(promptStrength(30)).toBe('Strong');
    expect(promptStrength(49)).toBe('Strong');
    expect(promptStrength(50)).toBe('Excellent');
    // Past the counter's cap a prompt is too long, not excellent.
    expect(promptStrength(200)).toBe('Excellent');
    expect(promptStrength(201)).toBe('Too long');
  });
});

describe('text-to-video', () => {
  it('requires a description, and clears the message on edit', async () => {
    const { user, fake } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Generate Video' }));
    const field = screen.getByLabelText('Video Description');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining(textToVideoMessages.descriptionRequired),
    );
    expect(field).toHaveFocus();
    expect(fake.sent('POST /text-to-video/sessions')).toHaveLength(0);

    await describeVideo(user, 'A');
    expect(screen.queryByText(textToVideoMessages.descriptionRequired)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Video Description')).not.toHaveAttribute('aria-invalid');
  });

  it("puts a 422's issue next to the field it names, and keeps the form", async () => {
    const { user } = renderPage({
      'POST /text-to-video/sessions': {
        status: 422,
        body: { detail: [{ loc: ['body', 'prompt'], msg: 'Prompt is too long', type: 'too_big' }] },
      },
    });
    await describeVideo(user, 'A calm lake');
    await user.click(screen.getByRole('button', { name: 'Generate Video' }));
    const field = screen.getByLabelText('Video Description');
    await vi.waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Prompt is too long'));
    expect(screen.queryByRole('alert', { name: 'Generation failed' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Video' })).toBeEnabled();
  });

  it('shows the word counter out of 200 and the strength label', async () => {
    const { user } = renderPage();
    await describeVideo(user, 'one two three four five six seven eight nine ten');
    expect(screen.getByText('10/200 words')).toBeInTheDocument();
    expect(screen.getByText('Good')).toBeInTheDocument();
  });

  it('fills the description from the tips dialog', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Tips for better results' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Tips for better results' }));
    for (const name of ['Nature', 'Product', 'Action', 'Abstract', 'Lifestyle', 'Technology']) {
      expect(dialog.getByRole('heading', { name })).toBeInTheDocument();
    }
    const nature = within(dialog.getByRole('region', { name: 'Nature' }));
    await user.click(nature.getByRole('button', { name: 'Use this prompt' }));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Video Description').value).toMatch(
      /misty mountain lake/,
    );
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
    ['a failed check', { status: 403, body: { detail: 'boom' } }, generationGateMessages.checkFailed],
  ])('stops at the gate on %s and goes to the plans', async (_name, countAnswer, message) => {
    const { user, fake, router } = renderPage({ 'GET /user/video-count': countAnswer });
    await describeVideo(user, 'A calm lake');
    await user.click(screen.getByRole('button', { name: 'Generate Video' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/subscription-plans');
    expect(fake.sent('POST /text-to-video/sessions')).toHaveLength(0);
  });

  it('sends prompt, duration and a truthy seed; leaves a zero seed out', async () => {
    const { user, fake } = renderPage({ 'GET /text-to-video/sessions/sess-1': { body: session() } });
    await describeVideo(user, 'A calm lake');
    await user.selectOptions(screen.getByLabelText('Duration'), '30');
    await user.type(screen.getByLabelText('Seed (optional)'), '0');
    await user.click(screen.getByRole('button', { name: 'Generate Video' }));
    await screen.findByRole('dialog', { name: 'Creating your video' });
    const form = fake.sent('POST /text-to-video/sessions')[0]!.body as FormData;
    expect(form.get('prompt')).toBe('A calm lake');
    expect(form.get('duration')).toBe('30');
    expect(form.has('seed')).toBe(false);
    expect(screen.getByRole('button', { name: 'Generating...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '← Back' })).toBeDisabled();
  });

  it('explains a negative seed under the field, keeps the form and sends nothing', async () => {
    const { user, fake } = renderPage();
    await describeVideo(user, 'A calm lake at dawn');
    await user.type(screen.getByLabelText('Seed (optional)'), '-5');
    await user.click(screen.getByRole('button', { name: 'Generate Video' }));
    const seed = screen.getByLabelText('Seed (optional)');
    expect(seed).toHaveAccessibleDescription(
      'The seed is a whole number from 0 to 2147483647. Leave it empty for a random one.',
    );
    expect(seed).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/Too small/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Video Description')).toHaveValue('A calm lake at dawn');
    expect(screen.queryByRole('alert', { name: 'Generation failed' })).not.toBeInTheDocument();
    expect(fake.sent('POST /text-to-video/sessions')).toHaveLength(0);
  });

  it('warns past 200 words, and not at 200', async () => {
    const { user } = renderPage();
    const field = await screen.findByLabelText('Video Description');
    await user.click(field);
    await user.paste(Array.from({ length: 200 }, () => 'word').join(' '));
    expect(screen.getByTestId('word-counter')).toHaveTextContent('200/200 words');
    expect(screen.queryByText(/Over 200 words/)).not.toBeInTheDocument();
    await user.paste(' more');
    expect(screen.getByTestId('word-counter')).toHaveTextContent('201/200 words');
    expect(screen.getByTestId('prompt-strength')).toHaveTextContent('Too long');
    expect(screen.getByRole('status')).toHaveTextContent(
      /Over 200 words\. Descriptions of 10-50 words work best/,
    );
  });

  it('polls every 15 s, moves with live progress between polls, and celebrates on completion', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const listener = vi.fn();
    window.addEventListener('video-generated', listener);
    let answer = session({ progress: 30 });
    const { user, fake, sockets } = renderPage({
      'GET /text-to-video/sessions/sess-1': () => ({ body: answer }),
    });
    await describeVideo(user, 'A calm lake');
    act(() => sockets.latest().ready());
    await user.click(screen.getByRole('button', { name: 'Generate Video' }));
    const overlay = within(await screen.findByRole('dialog', { name: 'Creating your video' }));
    expect(overlay.getByTestId('progress-stage')).toHaveTextContent('Initializing');
    expect(fake.sent('GET /text-to-video/sessions/sess-1')).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(fake.sent('GET /text-to-video/sessions/sess-1')).toHaveLength(1);
    expect(overlay.getByRole('progressbar', { name: 'Video progress' })).toHaveAttribute(
      'aria-valuenow',
      '30',
    );
    expect(overlay.getByTestId('progress-stage')).toHaveTextContent('Processing text');
    expect(overlay.getByRole('listitem', { name: 'Initializing (complete)' })).toBeInTheDocument();
    // Ticks of the icon set, not emoji (they render as empty boxes without an emoji font).
    const steps = overlay.getByRole('list', { name: 'Steps' });
    expect(steps.querySelectorAll('svg')).toHaveLength(4);
    expect(steps.textContent).not.toMatch(/\p{Extended_Pictographic}/u);

    act(() => {
      sockets.push(VIDEO_EVENT_TYPES.progress, {
        session_id: 'sess-1',
        project_type: 'text-to-video',
        status: 'processing',
        progress: 60,
        stage: 'video_generation',
        message: null,
        video_id: null,
        video_url: null,
        error: null,
        retrying: false,
        storyboard_id: null,
      });
    });
    // The event goes through the query cache, which tells the screen on its next tick.
    await vi.waitFor(() =>
      expect(overlay.getByTestId('progress-stage')).toHaveTextContent('Rendering video'),
    );
    expect(overlay.getByRole('listitem', { name: 'Processing (complete)' })).toBeInTheDocument();

    answer = session({ status: 'completed', progress: 100, final_video_url: 'https://cdn.test/v.mp4' });
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(await screen.findByRole('region', { name: 'Your video' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.lastVideoUrl)).toBe('https://cdn.test/v.mp4');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('confetti')).toBeInTheDocument();
    // The video count is read again (the gate read it once before).
    expect(fake.sent('GET /user/video-count').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('button', { name: 'Download Video' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(fake.sent('GET /text-to-video/sessions/sess-1')).toHaveLength(2);
    window.removeEventListener('video-generated', listener);

    await user.click(screen.getByRole('button', { name: 'Create Another Video' }));
    expect(screen.getByRole('button', { name: 'Generate Video' })).toBeEnabled();
  });

  it('downloads through the proxy as text-to-video-{timestamp}.mp4', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, fake } = renderPage({
      'GET /text-to-video/sessions/sess-1': {
        body: session({ status: 'completed', progress: 100, final_video_url: 'https://cdn.test/v.mp4' }),
      },
      'GET /proxy/video': () => new Response(new Blob(['mp4']), { status: 200 }),
    });
    const createObjectURL = vi.fn(() => 'blob:video');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await describeVideo(user, 'A calm lake');
    await user.click(screen.getByRole('button', { name: 'Generate Video' }));
    await screen.findByRole('dialog', { name: 'Creating your video' });
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    await user.click(await screen.findByRole('button', { name: 'Download Video' }));
    expect(await screen.findByText('Download completed successfully!')).toBeInTheDocument();
    const proxied = fake.sent('GET /proxy/video')[0]!;
    expect(proxied.query.get('url')).toBe('https://cdn.test/v.mp4');
    expect(proxied.headers.get('Authorization')).toBe('Bearer stored-token');
    expect(clicked[0]).toMatch(/^text-to-video-\d+\.mp4$/);
  });

  it('shows the failure with Try Again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderPage({
      'GET /text-to-video/sessions/sess-1': { body: session({ status: 'failed', error: 'Render crashed' }) },
    });
    await describeVideo(user, 'A calm lake');
    await user.click(screen.getByRole('button', { name: 'Generate Video' }));
    await screen.findByRole('dialog', { name: 'Creating your video' });
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    const failure = within(await screen.findByRole('alert', { name: 'Generation failed' }));
    expect(failure.getByText(generationMessages.creationFailed)).toBeInTheDocument();
    expect(failure.getByText('Render crashed')).toBeInTheDocument();
    await user.click(failure.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByLabelText('Video Description')).toHaveValue('A calm lake');
  });

  it('stops polling with "Failed to check video status" when a check fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, fake } = renderPage({
      'GET /text-to-video/sessions/sess-1': { status: 500, body: { detail: 'x' } },
    });
    await describeVideo(user, 'A calm lake');
    await user.click(screen.getByRole('button', { name: 'Generate Video' }));
    await screen.findByRole('dialog', { name: 'Creating your video' });
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(await screen.findByText(generationMessages.statusCheckFailed)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(fake.sent('GET /text-to-video/sessions/sess-1')).toHaveLength(1);
  });

  it('sends the job to the background through the server, then goes to the dashboard', async () => {
    const { user, fake, router } = renderPage({
      'GET /text-to-video/sessions/sess-1': { body: session() },
      'POST /generations/sess-1/background': {
        body: testNotification({
          status: 'pending',
          session_id: 'sess-1',
          title: 'Video generation in progress',
        }),
      },
    });
    await describeVideo(user, 'A calm lake');
    await user.click(screen.getByRole('button', { name: 'Generate Video' }));
    await user.click(await screen.findByRole('button', { name: 'Send to background and notify me' }));
    await vi.waitFor(() => expect(currentUrl(router)).toBe('/dashboard'));
    expect(fake.sent('POST /generations/sess-1/background')).toHaveLength(1);
    expect(fake.sent('POST /notifications')).toHaveLength(0);
  });

  it('shows the video from a completed live event without asking for the status again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, fake, sockets } = renderPage({ 'GET /text-to-video/sessions/sess-1': { body: session() } });
    await describeVideo(user, 'A calm lake');
    act(() => sockets.latest().ready());
    await user.click(screen.getByRole('button', { name: 'Generate Video' }));
    await screen.findByRole('dialog', { name: 'Creating your video' });

    act(() =>
      sockets.push(
        VIDEO_EVENT_TYPES.progress,
        testGeneration({
          status: 'completed',
          progress: 100,
          stage: 'completed',
          video_url: 'https://cdn.test/live.mp4',
        }),
      ),
    );
    expect(await screen.findByRole('region', { name: 'Your video' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.lastVideoUrl)).toBe('https://cdn.test/live.mp4');
    await act(() => vi.advanceTimersByTimeAsync(45_000));
    expect(fake.sent('GET /text-to-video/sessions/sess-1')).toHaveLength(0);
  });

  it('resumes a job still running after a reload: its progress, no form', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fake } = renderPage({
      'GET /generations/active': {
        body: { generation: testGeneration({ session_id: 'sess-9', progress: 55 }) },
      },
      'GET /text-to-video/sessions/sess-9': { body: session({ session_id: 'sess-9', progress: 80 }) },
    });
    const overlay = within(await screen.findByRole('dialog', { name: 'Creating your video' }));
    expect(overlay.getByRole('progressbar', { name: 'Video progress' })).toHaveAttribute(
      'aria-valuenow',
      '55',
    );
    expect(overlay.getByTestId('progress-stage')).toHaveTextContent('Rendering video');
    expect(screen.queryByRole('button', { name: 'Generate Video' })).not.toBeInTheDocument();
    expect(fake.sent('GET /generations/active')[0]!.query.get('project_type')).toBe('text-to-video');
    expect(fake.sent('POST /text-to-video/sessions')).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(overlay.getByRole('progressbar', { name: 'Video progress' })).toHaveAttribute(
      'aria-valuenow',
      '80',
    );
  });

  it('plans scenes: the same checks, then POST /storyboards with the prompt and duration, then the editor', async () => {
    const { user, fake, router } = renderPage({
      'POST /storyboards': { status: 201, body: testStoryboard({ id: 'sb-7' }) },
      'GET /storyboards/sb-7': { body: testStoryboard({ id: 'sb-7' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Plan scenes' }));
    expect(screen.getByLabelText('Video Description')).toHaveAttribute('aria-invalid', 'true');
    expect(fake.sent('POST /storyboards')).toHaveLength(0);

    await describeVideo(user, 'A fox runs to a lake');
    await user.selectOptions(screen.getByLabelText('Duration'), '30');
    await user.click(screen.getByRole('button', { name: 'Plan scenes' }));
    await vi.waitFor(() => expect(currentUrl(router)).toBe('/storyboards/sb-7'));
    expect(fake.sent('POST /storyboards')[0]!.body).toEqual({ prompt: 'A fox runs to a lake', duration: 30 });
    expect(fake.sent('POST /text-to-video/sessions')).toHaveLength(0);
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('The fox and the lake');
  });

  it("puts a refused plan's 422 issue next to the description", async () => {
    const { user } = renderPage({
      'POST /storyboards': {
        status: 422,
        body: { detail: [{ loc: ['body', 'prompt'], msg: 'Prompt is too long', type: 'too_big' }] },
      },
    });
    await describeVideo(user, 'A calm lake');
    await user.click(screen.getByRole('button', { name: 'Plan scenes' }));
    const field = screen.getByLabelText('Video Description');
    await vi.waitFor(() =>
      expect(field).toHaveAccessibleDescription(expect.stringContaining('Prompt is too long')),
    );
  });

  it('offers Edit storyboard on the result of a video made from one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, sockets } = renderPage({ 'GET /text-to-video/sessions/sess-1': { body: session() } });
    await describeVideo(user, 'A calm lake');
    act(() => sockets.latest().ready());
    await user.click(screen.getByRole('button', { name: 'Generate Video' }));
    await screen.findByRole('dialog', { name: 'Creating your video' });
    act(() =>
      sockets.push(
        VIDEO_EVENT_TYPES.progress,
        testGeneration({
          status: 'completed',
          progress: 100,
          stage: 'completed',
          video_url: 'https://cdn.test/live.mp4',
          storyboard_id: 'sb-3',
        }),
      ),
    );
    const result = within(await screen.findByRole('region', { name: 'Your video' }));
    expect(result.getByRole('link', { name: 'Edit storyboard' })).toHaveAttribute(
      'href',
      '/storyboards/sb-3',
    );
  });

  it('asks GET /generations/{id} for the storyboard when the polled state does not say', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderPage({
      'GET /text-to-video/sessions/sess-1': {
        body: session({ status: 'completed', progress: 100, final_video_url: 'https://cdn.test/v.mp4' }),
      },
      'GET /generations/sess-1': {
        body: testGeneration({
          status: 'completed',
          progress: 100,
          stage: 'completed',
          storyboard_id: 'sb-4',
        }),
      },
    });
    await describeVideo(user, 'A calm lake');
    await user.click(screen.getByRole('button', { name: 'Generate Video' }));
    await screen.findByRole('dialog', { name: 'Creating your video' });
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    const result = within(await screen.findByRole('region', { name: 'Your video' }));
    expect(await result.findByRole('link', { name: 'Edit storyboard' })).toHaveAttribute(
      'href',
      '/storyboards/sb-4',
    );
  });
});

describe('text-to-video across reloads (issue 36 item 4)', () => {
  const PROMPT = 'A lighthouse at dusk, waves below, the camera circling slowly';

  /** The server of these tests: the job runs until `finish`, then its video is ready. */
  function renderingServer() {
    let finished = false;
    const api = {
      'GET /generations/active': () => ({
        body: {
          generation: finished ? null : testGeneration({ session_id: 'sess-1', progress: 40 }),
        },
      }),
      'GET /text-to-video/sessions/sess-1': () => ({
        body: finished
          ? session({ status: 'completed', progress: 100, final_video_url: 'https://cdn.test/done.mp4' })
          : session({ progress: 40 }),
      }),
    };
    return { api, finish: () => (finished = true) };
  }

  it('keeps the description, duration and seed through a reload during the render', async () => {
    const server = renderingServer();
    const first = renderPage({ ...server.api, 'GET /generations/active': { body: { generation: null } } });
    await describeVideo(first.user, PROMPT);
    await first.user.selectOptions(screen.getByLabelText('Duration'), '30');
    await first.user.type(screen.getByLabelText(/Seed/), '77');
    await first.user.click(screen.getByRole('button', { name: 'Generate Video' }));
    await screen.findByRole('dialog', { name: 'Creating your video' });
    first.unmount();

    renderPage(server.api);
    await screen.findByRole('dialog', { name: 'Creating your video' });
    expect(screen.getByLabelText('Video Description')).toHaveValue(PROMPT);
    expect(screen.getByLabelText('Duration')).toHaveValue('30');
    expect(screen.getByLabelText(/Seed/)).toHaveValue(77);
  });

  it('shows the last result on a visit after the render ended, until Create Another Video', async () => {
    const server = renderingServer();
    const first = renderPage(server.api);
    await screen.findByRole('dialog', { name: 'Creating your video' });
    first.unmount();
    // The render ends while the user is away; the screen remembered the job it followed.
    server.finish();

    const second = renderPage(server.api);
    const region = await screen.findByRole('region', { name: 'Your video' });
    const result = within(region);
    expect(result.getByText('Your video is ready!')).toBeInTheDocument();
    expect(result.getByRole('button', { name: 'Download Video' })).toBeInTheDocument();
    expect(region.querySelector('video')).toHaveAttribute('src', 'https://cdn.test/done.mp4');
    // A video found on a later visit waits for the user to play it.
    expect(region.querySelector('video')).not.toHaveAttribute('autoplay');
    // Not news on this visit: no celebration (the URL is stored only as a job ends before the user).
    expect(window.localStorage.getItem(STORAGE_KEYS.lastVideoUrl)).toBeNull();
    expect(second.fake.sent('POST /text-to-video/sessions')).toHaveLength(0);

    await second.user.click(result.getByRole('button', { name: 'Create Another Video' }));
    expect(await screen.findByRole('button', { name: 'Generate Video' })).toBeEnabled();
    second.unmount();

    // Left with Create Another Video, it stays left.
    const third = renderPage(server.api);
    expect(await screen.findByRole('button', { name: 'Generate Video' })).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Your video' })).not.toBeInTheDocument();
    expect(third.fake.sent('GET /text-to-video/sessions/sess-1')).toHaveLength(0);
  });

  it('names the last result by its description when the screen started it', async () => {
    const server = renderingServer();
    const first = renderPage({ ...server.api, 'GET /generations/active': { body: { generation: null } } });
    await describeVideo(first.user, PROMPT);
    await first.user.click(screen.getByRole('button', { name: 'Generate Video' }));
    await screen.findByRole('dialog', { name: 'Creating your video' });
    first.unmount();
    server.finish();

    renderPage(server.api);
    const result = within(await screen.findByRole('region', { name: 'Your video' }));
    expect(result.getByTestId('video-title')).toHaveTextContent(PROMPT);
  });

  it('shows the form, not a failure, when the remembered job is gone', async () => {
    const server = renderingServer();
    const first = renderPage(server.api);
    await screen.findByRole('dialog', { name: 'Creating your video' });
    first.unmount();

    renderPage({
      'GET /text-to-video/sessions/sess-1': { status: 404, body: { detail: 'Session not found' } },
    });
    expect(await screen.findByRole('button', { name: 'Generate Video' })).toBeEnabled();
    expect(screen.queryByRole('alert', { name: 'Generation failed' })).not.toBeInTheDocument();
  });

  it("shows nothing of another user's work on the same browser", async () => {
    const server = renderingServer();
    const first = renderPage({ ...server.api, 'GET /generations/active': { body: { generation: null } } });
    await describeVideo(first.user, PROMPT);
    await first.user.click(screen.getByRole('button', { name: 'Generate Video' }));
    await screen.findByRole('dialog', { name: 'Creating your video' });
    first.unmount();
    server.finish();

    storeSignedIn(testUser({ id: 'user-2', email: 'bo@example.com' }));
    shellApi({ ...server.api, 'GET /auth/me': { body: testUser({ id: 'user-2' }) } });
    renderApp('/text-to-video');
    expect(await screen.findByRole('button', { name: 'Generate Video' })).toBeEnabled();
    expect(screen.getByLabelText('Video Description')).toHaveValue('');
    expect(screen.queryByRole('region', { name: 'Your video' })).not.toBeInTheDocument();
  });
});
