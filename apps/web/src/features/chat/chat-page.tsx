import { CHAT_ERROR_CLEAR_MS, chatMessages } from '@reelcraft/contract';
import {
  ChevronRightIcon,
  MessageSquarePlusIcon,
  MessagesSquareIcon,
  PlugZapIcon,
  SendIcon,
  Trash2Icon,
} from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { ConfirmDialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import { ApiError, errorMessage, type ErrorCatalogue } from '../../lib/api-client';
import { formatRelativeTime } from '../../lib/relative-time';
import { useNow } from '../../lib/use-now';
import { chatKeys } from './api/chat-keys';
import { useCreateChatSession } from './api/create-chat-session';
import { useDeleteChatSession } from './api/delete-chat-session';
import { useChatHistory } from './api/get-chat-history';
import { useChatSessions } from './api/list-chat-sessions';
import { useSendChatMessage } from './api/send-chat-message';
import { postChatTest } from './api/test-chat-connection';
import { ChatMessages } from './chat-messages';
import { ChatVideoCard } from './chat-video-card';

/** The section 8 texts of the chat, by what went wrong. */
const CHAT_ERRORS: ErrorCatalogue = {
  401: chatMessages.invalidToken,
  404: chatMessages.sessionNotFound,
  422: chatMessages.invalidRequest,
  500: { fallback: chatMessages.processingError },
  network: chatMessages.sendFailed,
  fallback: chatMessages.sendFailed,
};

/** First messages to offer in an empty conversation. */
export const SUGGESTIONS = [
  'Make me a 15 second video of a lighthouse in a storm',
  'How many videos do I have left?',
  'Is my latest video ready?',
  'Who can see my videos?',
] as const;

/** What the Create video button says for the user. */
export const CREATE_CONFIRMATION = 'Yes, create it';

type Connection = 'checking' | 'connected' | 'disconnected';

const CONNECTION_TEXT: Record<Connection, string> = {
  checking: 'Checking…',
  connected: 'Connected',
  disconnected: 'Disconnected',
};

const CONNECTION_DOT: Record<Connection, string> = {
  checking: 'bg-amber-400',
  connected: 'bg-emerald-500',
  disconnected: 'bg-red-500',
};

/**
 * The chat assistant full page (/chat and /chat-to-video): the user's sessions (new, switch, delete)
 * and the chat widget of spec 001 section 2 (connection state, session id, New Session, Delete
 * Session, Test Connection; send disabled when disconnected, loading or empty; errors cleared after
 * CHAT_ERROR_CLEAR_MS). The connection state, session id and Test Connection sit in a Diagnostics
 * disclosure; a lost connection is said in the open, with Try again.
 */
export function ChatPage() {
  const [params, setParams] = useSearchParams();
  const sessions = useChatSessions();
  const createSession = useCreateChatSession();
  const deleteSession = useDeleteChatSession();
  const send = useSendChatMessage();
  const now = useNow();
  const inputId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failureNotice, setFailureNotice] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const requested = params.get('session');
  const sessionId = requested ?? sessions.data?.[0]?.session_id ?? null;
  const history = useChatHistory(sessionId);
  const messages = history.data?.messages ?? [];

  const selectSession = useCallback(
    (id: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set('session', id);
          else next.delete('session');
          return next;
        },
        { replace: false },
      ),
    [setParams],
  );

  // Errors clear themselves (spec 001 section 2).
  useEffect(() => {
    if (!error) return;
    const timer = window.setTimeout(() => setError(null), CHAT_ERROR_CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, [error]);

  // The connection state is the answer of the test call (on arrival and on Test Connection), or a
  // send that got no answer since.
  const connectionTest = useQuery({
    queryKey: chatKeys.connection(),
    queryFn: postChatTest,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const [sendLostConnection, setSendLostConnection] = useState(false);
  const connection: Connection = connectionTest.isFetching
    ? 'checking'
    : connectionTest.isError || connectionTest.data?.status === 'error' || sendLostConnection
      ? 'disconnected'
      : connectionTest.data
        ? 'connected'
        : 'checking';
  const connectionDetail = connectionTest.isError
    ? errorMessage(connectionTest.error, { ...CHAT_ERRORS, fallback: chatMessages.processingError })
    : (connectionTest.data?.message ?? null);
  const testConnection = () => {
    setSendLostConnection(false);
    void connectionTest.refetch();
  };

  // A first visit starts a conversation, so the user can type at once.
  const startedFirst = useRef(false);
  const { mutate: create } = createSession;
  useEffect(() => {
    if (!sessions.isSuccess || sessions.data.length > 0 || requested || startedFirst.current) return;
    startedFirst.current = true;
    create(undefined, { onSuccess: (created) => selectSession(created.session_id) });
  }, [sessions.isSuccess, sessions.data, requested, create, selectSession]);

  // A session that is not (or no longer) there, or someone else's: said in place until another is chosen.
  const sessionMissing = history.error instanceof ApiError && history.error.status === 404;

  const answering = send.isPending;
  const disconnected = connection === 'disconnected';

  function sendMessage(text: string) {
    const message = text.trim();
    if (!message) {
      setError(chatMessages.emptyMessage);
      return;
    }
    if (!sessionId || sessionMissing) {
      setError(chatMessages.noActiveSession);
      return;
    }
    setFailureNotice(null);
    setDraft('');
    send.mutate(
      { sessionId, message },
      {
        onSuccess: () => setSendLostConnection(false),
        onError: (caught) => {
          setDraft((current) => current || message);
          setError(errorMessage(caught, CHAT_ERRORS));
          setFailureNotice(chatMessages.processingApology);
          if (caught instanceof ApiError && (caught.kind === 'network' || caught.kind === 'timeout')) {
            setSendLostConnection(true);
          }
        },
      },
    );
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (answering || disconnected) return;
    sendMessage(draft);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!answering && !disconnected && draft.trim()) sendMessage(draft);
    }
  }

  function newSession() {
    createSession.mutate(undefined, {
      onSuccess: (created) => {
        selectSession(created.session_id);
        setFailureNotice(null);
        inputRef.current?.focus();
      },
      onError: (caught) =>
        setError(errorMessage(caught, { ...CHAT_ERRORS, fallback: chatMessages.processingError })),
    });
  }

  function confirmDelete() {
    if (!sessionId) return;
    deleteSession.mutate(sessionId, {
      onSuccess: () => {
        setConfirmingDelete(false);
        setFailureNotice(null);
        selectSession(null);
      },
      onError: (caught) => {
        setConfirmingDelete(false);
        setError(errorMessage(caught, { ...CHAT_ERRORS, fallback: chatMessages.processingError }));
      },
    });
  }

  const sendDisabled = disconnected || answering || draft.trim() === '' || !sessionId || sessionMissing;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-3 py-4 sm:px-4 sm:py-6 lg:h-[calc(100dvh-4rem)] lg:flex-row">
      <title>Chat to Video · ReelCraft</title>
      <nav
        aria-label="Chat sessions"
        className="flex min-w-0 flex-col gap-2 rounded-2xl border-zinc-200 lg:w-64 lg:shrink-0 lg:border lg:bg-white lg:p-3 dark:border-white/10 lg:dark:bg-white/5"
      >
        <div className="flex items-center justify-between gap-2">
          <h2 className="sr-only flex items-center gap-2 text-sm font-semibold lg:not-sr-only">
            <MessagesSquareIcon aria-hidden="true" className="size-4" />
            Sessions
          </h2>
          <button
            type="button"
            onClick={newSession}
            disabled={createSession.isPending}
            className={`${buttonClasses({ variant: 'ghost', size: 'sm' })} max-lg:hidden`}
          >
            <MessageSquarePlusIcon aria-hidden="true" className="size-4" />
            New
          </button>
        </div>
        {sessions.isLoading ? (
          <p className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
            <Spinner /> Loading sessions…
          </p>
        ) : (
          // One scrolling row on a phone, a column beside the chat on a wide screen.
          <ul className="flex gap-1 overflow-x-auto pb-1 lg:flex-col lg:overflow-x-visible lg:overflow-y-auto lg:pb-0">
            {(sessions.data ?? []).map((session, index) => {
              const current = session.session_id === sessionId;
              return (
                <li key={session.session_id} className="shrink-0 lg:shrink">
                  <button
                    type="button"
                    aria-current={current ? 'true' : undefined}
                    onClick={() => selectSession(session.session_id)}
                    className={`flex w-44 min-w-0 flex-col rounded-xl px-3 py-1.5 lg:w-full lg:py-2 text-left text-sm transition-colors ${
                      current
                        ? 'bg-violet-100 text-violet-900 dark:bg-violet-500/20 dark:text-violet-100'
                        : 'hover:bg-zinc-100 dark:hover:bg-white/10'
                    }`}
                  >
                    <span className="truncate font-medium">
                      Conversation {(sessions.data?.length ?? 0) - index}
                    </span>
                    <span className="truncate text-xs text-zinc-600 dark:text-zinc-400">
                      {session.message_count === 0
                        ? 'No messages yet'
                        : `${session.message_count} messages · ${formatRelativeTime(
                            session.last_message_at ?? session.created_at,
                            now,
                          )}`}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </nav>

      <section
        aria-labelledby={`${inputId}-title`}
        className="flex h-[calc(100dvh-13rem)] min-h-[24rem] min-w-0 flex-none flex-col lg:flex-1 overflow-hidden rounded-2xl lg:h-auto border border-zinc-200 bg-white lg:min-h-0 dark:border-white/10 dark:bg-white/5"
      >
        <header className="flex flex-col gap-2 border-b border-zinc-200 px-3 py-3 sm:px-5 dark:border-white/10">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="min-w-0">
              <h1 id={`${inputId}-title`} className="text-lg font-semibold tracking-tight">
                ReelCraft Assistant
              </h1>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                Describe a video to make, or ask about your plan and videos.
              </p>
            </div>
            <div className="grid w-full grid-cols-2 gap-1.5 sm:flex sm:w-auto sm:flex-wrap">
              <button
                type="button"
                onClick={newSession}
                disabled={createSession.isPending}
                className={buttonClasses({
                  variant: 'secondary',
                  size: 'sm',
                  className: 'max-sm:px-2 max-sm:text-xs',
                })}
              >
                <MessageSquarePlusIcon aria-hidden="true" className="size-4 max-sm:hidden" />
                New Session
              </button>
              <button
                type="button"
                onClick={() => setConfirmingDelete(true)}
                disabled={!sessionId || deleteSession.isPending}
                className={buttonClasses({
                  variant: 'secondary',
                  size: 'sm',
                  className: 'max-sm:px-2 max-sm:text-xs',
                })}
              >
                <Trash2Icon aria-hidden="true" className="size-4 max-sm:hidden" />
                Delete Session
              </button>
            </div>
          </div>
          {disconnected ? (
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100">
              <span className="min-w-0 flex-1">
                The assistant is not answering right now
                {connectionDetail ? `: ${connectionDetail}` : '.'}
              </span>
              <button
                type="button"
                onClick={testConnection}
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              >
                Try again
              </button>
            </p>
          ) : null}
          {/* The widget's technical side (spec 001 section 2) is for support, not for everyday use. */}
          <details className="group text-xs text-zinc-600 dark:text-zinc-400">
            <summary className="inline-flex cursor-pointer items-center gap-1.5 rounded-md select-none hover:text-zinc-900 dark:hover:text-white">
              <ChevronRightIcon
                aria-hidden="true"
                className="size-3.5 transition-transform group-open:rotate-90"
              />
              Diagnostics
              <span
                aria-hidden="true"
                className={`size-2 rounded-full ${CONNECTION_DOT[connection]}`}
                title={CONNECTION_TEXT[connection]}
              />
            </summary>
            <div className="mt-2 flex flex-col items-start gap-x-4 gap-y-2 rounded-xl bg-zinc-50 p-3 sm:flex-row sm:items-center dark:bg-white/5">
              <dl className="grid w-full min-w-0 flex-1 grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="font-medium">Connection</dt>
                <dd role="status" className="min-w-0">
                  {CONNECTION_TEXT[connection]}
                  {connectionDetail && connection === 'connected' ? (
                    <span className="block text-zinc-500 dark:text-zinc-400">{connectionDetail}</span>
                  ) : null}
                </dd>
                <dt className="font-medium">Session</dt>
                <dd className="min-w-0 font-mono [overflow-wrap:anywhere] select-all">
                  {sessionId ?? 'none'}
                </dd>
              </dl>
              <button
                type="button"
                onClick={testConnection}
                disabled={connection === 'checking'}
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              >
                <PlugZapIcon aria-hidden="true" className="size-4" />
                Test Connection
              </button>
            </div>
          </details>
        </header>

        {sessionMissing ? (
          <p className="mx-3 mt-3 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 sm:mx-5 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100">
            {chatMessages.sessionNotFound}. Choose another session or start a new one.
          </p>
        ) : null}
        {error ? (
          <p
            role="alert"
            className="mx-3 mt-3 rounded-xl border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 sm:mx-5 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200"
          >
            {error}
          </p>
        ) : null}

        {history.isLoading ? (
          <p className="flex items-center justify-center gap-2 pt-6 text-sm text-zinc-600 dark:text-zinc-400">
            <Spinner /> Loading the conversation…
          </p>
        ) : null}
        {
          // Mounted throughout, so the log region screen readers follow stays the same element.
          <ChatMessages
            messages={messages}
            answering={answering}
            failureNotice={failureNotice}
            busy={answering || disconnected}
            onCreate={() => sendMessage(CREATE_CONFIRMATION)}
            renderVideo={(videoSessionId, videoId, aspect) => (
              <ChatVideoCard
                key={videoSessionId}
                videoSessionId={videoSessionId}
                videoId={videoId}
                aspect={aspect}
              />
            )}
          />
        }

        {messages.length === 0 && !history.isLoading ? (
          <div className="px-3 pb-2 sm:px-5">
            <p className="mb-2 text-sm text-zinc-600 dark:text-zinc-400">
              Describe a video and I will write the prompt and make it, or ask about your account and
              ReelCraft.
            </p>
            <ul aria-label="Suggestions" className="flex flex-wrap gap-2">
              {SUGGESTIONS.map((suggestion) => (
                <li key={suggestion} className="max-w-full">
                  <button
                    type="button"
                    disabled={answering || disconnected || !sessionId}
                    onClick={() => sendMessage(suggestion)}
                    className="max-w-full rounded-full border border-violet-300 bg-violet-50 px-3 py-1.5 text-left text-sm text-violet-900 transition-colors hover:bg-violet-100 disabled:opacity-50 dark:border-violet-400/30 dark:bg-violet-500/10 dark:text-violet-100 dark:hover:bg-violet-500/20"
                  >
                    {suggestion}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <form
          onSubmit={handleSubmit}
          className="flex items-end gap-2 border-t border-zinc-200 p-3 sm:px-5 dark:border-white/10"
        >
          <label htmlFor={inputId} className="sr-only">
            Message
          </label>
          <textarea
            id={inputId}
            ref={inputRef}
            rows={2}
            value={draft}
            maxLength={4000}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={handleKeyDown}
            placeholder="Ask for a video, or ask about your account…"
            className="min-w-0 flex-1 resize-none rounded-xl border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-white/15 dark:bg-zinc-900"
          />
          <button
            type="submit"
            aria-label="Send message"
            disabled={sendDisabled}
            className={buttonClasses({ className: 'shrink-0' })}
          >
            {answering ? <Spinner /> : <SendIcon aria-hidden="true" className="size-4" />}
            <span className="hidden sm:inline">Send</span>
          </button>
        </form>
      </section>

      <ConfirmDialog
        open={confirmingDelete}
        onClose={() => setConfirmingDelete(false)}
        title="Delete this session?"
        description="The conversation and its messages are deleted. Videos it made stay in My Projects."
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        pending={deleteSession.isPending}
      />
    </div>
  );
}
