import { chatMessages, VIDEO_EVENT_TYPES, type ChatMessage, type ChatResponse } from '@reelcraft/contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUrl, renderApp, storeSignedIn } from '../../test/render-app';
import { shellApi, testGeneration } from '../../test/test-data';
import { CREATE_CONFIRMATION, SUGGESTIONS } from './chat-page';

const SESSION = '11111111-1111-4111-8111-111111111111';
const NOW = '2026-05-01T10:00:00.000Z';

const PROMPT =
  'A lighthouse in a storm, with huge waves crashing, slow aerial drone shot, moody blue light, cinematic style.';

function answer(overrides: Partial<ChatResponse> = {}): ChatResponse {
  return {
    response: 'Hello!',
    timestamp: NOW,
    intent: 'greeting',
    confidence: 0.95,
    metadata: {},
    enhanced_prompt: null,
    ...overrides,
  };
}

const proposal = (status = 'proposed') => ({
  id: 'prop-1',
  status,
  subject: 'a lighthouse in a storm',
  prompt: PROMPT,
  duration_seconds: 15,
  aspect: '16:9',
  style: null,
  video_session_id: status === 'started' ? 'video-1' : null,
});

function renderChat(api: Parameters<typeof shellApi>[0] = {}, path = '/chat') {
  storeSignedIn();
  const fake = shellApi({
    'GET /chat/sessions': {
      body: [{ session_id: SESSION, created_at: NOW, last_message_at: null, message_count: 0 }],
    },
    [`GET /chat/sessions/${SESSION}/history`]: { body: { session_id: SESSION, messages: [] } },
    'POST /chat/test': { body: { status: 'ok', message: 'The assistant is connected.', timestamp: NOW } },
    ...api,
  });
  return { ...renderApp(path), fake };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('chat assistant page', () => {
  it('shows the widget: the two session actions and first-message suggestions, diagnostics behind a disclosure', async () => {
    const { user, fake } = renderChat(
      {
        'POST /chat/test': {
          body: {
            status: 'ok',
            message: 'The assistant is connected (built-in offline assistant).',
            timestamp: NOW,
          },
        },
      },
      '/chat-to-video',
    );
    const heading = await screen.findByRole('heading', { level: 1, name: 'ReelCraft Assistant' });
    const suggestions = within(await screen.findByRole('list', { name: 'Suggestions' }));
    for (const name of ['New Session', 'Delete Session'])
      expect(screen.getByRole('button', { name })).toBeEnabled();
    expect(suggestions.getAllByRole('button').map((chip) => chip.textContent)).toEqual([...SUGGESTIONS]);

    // The connection state, session id, provider and Test Connection wait in a closed Diagnostics disclosure.
    const summary = screen.getByText('Diagnostics');
    const diagnostics = summary.closest('details')!;
    expect(diagnostics).not.toHaveAttribute('open');
    const header = heading.closest('header')!;
    const shownInHeader = [...header.childNodes]
      .filter((node) => node !== diagnostics)
      .map((node) => node.textContent)
      .join(' ');
    expect(shownInHeader).not.toMatch(/Session:|Test Connection|offline assistant|11111111/);
    await user.click(summary);
    expect(diagnostics).toHaveAttribute('open');
    const panel = within(diagnostics);
    expect(await panel.findByText('Connected')).toBeInTheDocument();
    expect(panel.getByText('The assistant is connected (built-in offline assistant).')).toBeInTheDocument();
    expect(panel.getByText(SESSION)).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Test Connection' }));
    await vi.waitFor(() => expect(fake.sent('POST /chat/test')).toHaveLength(2));

    // Empty: nothing to send.
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '   ');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    expect(screen.getByRole('log', { name: 'Conversation' })).toBeInTheDocument();
  });

  it('is in the sidebar as Chat', async () => {
    const { user, router } = renderChat({}, '/dashboard');
    const main = within(await screen.findByRole('navigation', { name: 'Main' }));
    await user.click(main.getByRole('link', { name: 'Chat' }));
    await vi.waitFor(() => expect(currentUrl(router)).toMatch(/^\/chat/));
    expect(await screen.findByRole('heading', { level: 1, name: 'ReelCraft Assistant' })).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'Chat' })).toHaveAttribute('aria-current', 'page');
  });

  it('links an answer to the storyboard editor it names', async () => {
    const storyboard = '22222222-2222-4222-8222-222222222222';
    const earlier: ChatMessage[] = [
      {
        role: 'assistant',
        content: `Your last video “Lighthouse” is made from a storyboard, and you change it in its editor: /storyboards/${storyboard}`,
        timestamp: NOW,
        intent: 'edit_video',
        confidence: 0.85,
        metadata: {},
      },
    ];
    renderChat({
      [`GET /chat/sessions/${SESSION}/history`]: { body: { session_id: SESSION, messages: earlier } },
    });
    const log = within(await screen.findByRole('log', { name: 'Conversation' }));
    expect(await log.findByRole('link', { name: 'Open the storyboard editor' })).toHaveAttribute(
      'href',
      `/storyboards/${storyboard}`,
    );
  });

  it('starts a session on a first visit', async () => {
    const { fake, router } = renderChat({
      'GET /chat/sessions': { body: [] },
      'POST /chat/sessions': { status: 201, body: { session_id: SESSION, created_at: NOW } },
    });
    await vi.waitFor(() => expect(fake.sent('POST /chat/sessions')).toHaveLength(1));
    await vi.waitFor(() => expect(currentUrl(router)).toBe(`/chat?session=${SESSION}`));
  });

  it('sends a message, shows the proposal card, creates the video and follows it to the player', async () => {
    let sent = 0;
    const { user, fake, sockets } = renderChat({
      'POST /chat/chat': () => {
        sent += 1;
        return sent === 1
          ? {
              body: answer({
                response: `Here is the video I would make:\n\n"${PROMPT}"\n\nShall I create it?`,
                intent: 'create_video',
                enhanced_prompt: PROMPT,
                metadata: { proposal: proposal() },
              }),
            }
          : {
              body: answer({
                response: 'Done: your 15-second video is rendering now.',
                intent: 'start_video',
                metadata: { proposal: proposal('started'), video_session_id: 'video-1' },
              }),
            };
      },
      'GET /generations/video-1': { body: testGeneration({ session_id: 'video-1', progress: 10 }) },
    });
    act(() => sockets.latest().ready());
    await vi.waitFor(() => expect(screen.getByText('Connected')).toBeInTheDocument());
    await user.type(
      screen.getByRole('textbox', { name: 'Message' }),
      'make me a video of a lighthouse{Enter}',
    );

    const log = within(screen.getByRole('log', { name: 'Conversation' }));
    expect(await log.findByText('make me a video of a lighthouse')).toBeInTheDocument();
    const card = within(await log.findByRole('region', { name: 'Video proposal' }));
    expect(card.getByText(PROMPT)).toBeInTheDocument();
    expect(card.getByText('15 seconds · Landscape 16:9')).toBeInTheDocument();
    expect(fake.sent('POST /chat/chat')[0]?.body).toEqual({
      message: 'make me a video of a lighthouse',
      session_id: SESSION,
      collection_type: 'customer',
    });
    expect(screen.queryByRole('list', { name: 'Suggestions' })).not.toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Create video' }));
    expect(fake.sent('POST /chat/chat')[1]?.body).toMatchObject({ message: CREATE_CONFIRMATION });
    const video = within(await log.findByRole('region', { name: 'Your video' }));
    expect(await video.findByRole('progressbar', { name: 'Video progress' })).toHaveAttribute(
      'aria-valuenow',
      '10',
    );
    // The proposal is no longer waiting: no second Create button.
    expect(log.queryByRole('button', { name: 'Create video' })).not.toBeInTheDocument();

    act(() => {
      sockets.push(VIDEO_EVENT_TYPES.progress, {
        session_id: 'video-1',
        project_type: 'text-to-video',
        status: 'processing',
        progress: 55,
        stage: 'video_generation',
        message: null,
        video_id: 'v-1',
        video_url: null,
        error: null,
        retrying: false,
        storyboard_id: null,
      });
    });
    await vi.waitFor(() =>
      expect(video.getByRole('progressbar', { name: 'Video progress' })).toHaveAttribute(
        'aria-valuenow',
        '55',
      ),
    );
    expect(video.getByText('Rendering video')).toBeInTheDocument();
    act(() => {
      sockets.push(VIDEO_EVENT_TYPES.progress, {
        session_id: 'video-1',
        project_type: 'text-to-video',
        status: 'completed',
        progress: 100,
        stage: 'completed',
        message: null,
        video_id: 'v-1',
        video_url: 'https://cdn.test/chat.mp4',
        error: null,
        retrying: false,
        storyboard_id: null,
      });
    });
    expect(await video.findByLabelText(/Video player/)).toBeInTheDocument();
    expect(video.getByRole('link', { name: 'Open in My Projects' })).toBeInTheDocument();
  });

  it('shows the section 8 texts on a failed send, keeps the text, and clears the error after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderChat({
      'POST /chat/chat': { status: 500, body: { detail: chatMessages.processingError } },
    });
    await vi.waitFor(() => expect(screen.getByText('Connected')).toBeInTheDocument());
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(chatMessages.processingError);
    expect(screen.getByText(chatMessages.processingApology)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('hello');
    // The message was not stored, so it leaves the conversation.
    expect(within(screen.getByRole('log')).queryByText('hello')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says Disconnected and refuses to send when the assistant does not answer the test', async () => {
    const { user, fake } = renderChat({
      'POST /chat/test': { body: { status: 'error', message: 'The model is down.', timestamp: NOW } },
    });
    // Said in the open, not only in Diagnostics, with a way to try again.
    expect(
      await screen.findByText('The assistant is not answering right now: The model is down.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Disconnected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(fake.sent('POST /chat/test')).toHaveLength(2));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hello');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
  });

  it('reads earlier messages with their times, and deletes a session after confirmation', async () => {
    const earlier: ChatMessage[] = [
      {
        role: 'user',
        content: 'How many videos do I have left?',
        timestamp: NOW,
        intent: 'quota',
        confidence: 0.9,
        metadata: {},
      },
      {
        role: 'assistant',
        content: 'You are on the Free plan with 2 of 3 videos left this period (1 used).',
        timestamp: NOW,
        intent: 'quota',
        confidence: 0.9,
        metadata: {},
      },
    ];
    const { user, fake } = renderChat({
      'GET /chat/sessions': {
        body: [{ session_id: SESSION, created_at: NOW, last_message_at: NOW, message_count: 2 }],
      },
      [`GET /chat/sessions/${SESSION}/history`]: { body: { session_id: SESSION, messages: earlier } },
      [`DELETE /chat/sessions/${SESSION}`]: { body: { id: SESSION, deleted_at: NOW } },
    });
    const log = within(await screen.findByRole('log', { name: 'Conversation' }));
    expect(await log.findByText(/2 of 3 videos left/)).toBeInTheDocument();
    expect(log.getAllByRole('listitem')[0]?.querySelector('time')).toHaveAttribute('dateTime', NOW);

    await user.click(screen.getByRole('button', { name: 'Delete Session' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete this session?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(fake.sent(`DELETE /chat/sessions/${SESSION}`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete Session' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this session?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await vi.waitFor(() => expect(fake.sent(`DELETE /chat/sessions/${SESSION}`)).toHaveLength(1));
  });
});
