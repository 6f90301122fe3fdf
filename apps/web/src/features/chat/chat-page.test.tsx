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
  it('shows the widget: connection state, session id, the three actions and first-message suggestions', async () => {
    const { user, fake } = renderChat({}, '/chat-to-video');
    expect(await screen.findByRole('heading', { level: 1, name: 'ReelCraft Assistant' })).toBeInTheDocument();
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(screen.getByText(/Session:/)).toHaveTextContent(`Session: ${SESSION.slice(0, 8)}`);
    for (const name of ['New Session', 'Delete Session', 'Test Connection'])
      expect(screen.getByRole('button', { name })).toBeEnabled();
    const suggestions = within(await screen.findByRole('list', { name: 'Suggestions' }));
    expect(suggestions.getAllByRole('button').map((chip) => chip.textContent)).toEqual([...SUGGESTIONS]);
    // Empty: nothing to send.
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '   ');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    expect(fake.sent('POST /chat/test')).toHaveLength(1);
    expect(screen.getByRole('log', { name: 'Conversation' })).toBeInTheDocument();
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
    await screen.findByText('Connected');
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
    await screen.findByText('Connected');
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
    const { user } = renderChat({
      'POST /chat/test': { body: { status: 'error', message: 'The model is down.', timestamp: NOW } },
    });
    expect(await screen.findByText('Disconnected')).toBeInTheDocument();
    expect(screen.getByText('The model is down.')).toBeInTheDocument();
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
