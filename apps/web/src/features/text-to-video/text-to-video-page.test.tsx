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
import { shellApi, testVideoCount } from '../../test/test-data';
import { countWords, promptStrength } from '../../components/video-creation';
import { textProgressStage } from './text-to-video-page';

function session(overrides: Partial<TextToVideoSession> = {}): TextToVideoSession {
  return {
    session_id: 'sess-1',
    status: 'processing',
    progress: 10,
    final_video_url: null,
    error: null,
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
  it('counts words and grades them Weak < 10, Good < 30, Strong < 50, else Excellent', () => {
    expect(countWords('  a  b c ')).toBe(3);
    expect(countWords('')).toBe(0);
    expect(promptStrength(9)).toBe('Weak');
    expect(promptStrength(10)).toBe('Good');
    expect(promptStrength(29)).toBe('Good');
    expect(promptStrength(30)).toBe('Strong');
    expect(promptStrength(49)).toBe('Strong');
    expect(promptStrength(50)).toBe('Excellent');
  });

  it('maps progress to its band', () => {
    expect(textProgressStage(0)).toBe('Initializing');
    expect(textProgressStage(24)).toBe('Initializing');
    expect(textProgressStage(25)).toBe('Processing text');
    expect(textProgressStage(50)).toBe('Rendering video');
    expect(textProgressStage(75)).toBe('Finalizing');
  });
});

describe('text-to-video', () => {
  it('requires a description, and clears the message on edit', async () => {
    const { user, fake } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Generate Video' }));
    expect(screen.getByText(textToVideoMessages.descriptionRequired)).toBeInTheDocument();
    expect(fake.sent('POST /text-to-video/sessions')).toHaveLength(0);

    await describeVideo(user, 'A');
    expect(screen.queryByText(textToVideoMessages.descriptionRequired)).not.toBeInTheDocument();
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

    act(() => {
      sockets.push(VIDEO_EVENT_TYPES.progress, {
        session_id: 'sess-1',
        project_type: 'text-to-video',
        status: 'processing',
        progress: 60,
        stage: 'video_generation',
        message: null,
        video_id: null,
        error: null,
      });
    });
    expect(overlay.getByTestId('progress-stage')).toHaveTextContent('Rendering video');
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

  it('sends the job to the background: a pending notification with the session id, then the dashboard', async () => {
    const { user, fake, router } = renderPage({
      'GET /text-to-video/sessions/sess-1': { body: session() },
      'POST /notifications': (request) => ({
        status: 201,
        body: {
          id: 'n1',
          user_id: 'user-1',
          title: (request.body as { title: string }).title,
          message: 'm',
          status: 'pending',
          read: false,
          link: '/projects',
          video_id: null,
          session_id: 'sess-1',
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        },
      }),
    });
    await describeVideo(user, 'A calm lake');
    await user.click(screen.getByRole('button', { name: 'Generate Video' }));
    await user.click(await screen.findByRole('button', { name: 'Send to background and notify me' }));
    expect(fake.sent('POST /notifications')[0]!.body).toMatchObject({
      session_id: 'sess-1',
      status: 'pending',
    });
    await vi.waitFor(() => expect(currentUrl(router)).toBe('/dashboard'));
  });
});
