import type { ChatMessage } from '@reelcraft/contract';
import { BotIcon, ClapperboardIcon, UserIcon } from 'lucide-react';
import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { Spinner } from '../../components/spinner';
import { formatDateTime } from '../../lib/relative-time';

/** The proposal an answer carries (`metadata.proposal`, docs/decisions/018). */
export interface Proposal {
  id: string;
  status: 'draft' | 'proposed' | 'started' | 'declined';
  prompt: string | null;
  duration_seconds: number;
  aspect: string;
  style: string | null;
}

const ASPECT_NAMES: Record<string, string> = {
  '16:9': 'Landscape 16:9',
  '9:16': 'Vertical 9:16',
  '1:1': 'Square 1:1',
};

export function proposalOf(message: ChatMessage): Proposal | null {
  const proposal = message.metadata.proposal;
  if (!proposal || typeof proposal !== 'object') return null;
  const candidate = proposal as Partial<Proposal>;
  return typeof candidate.id === 'string' && typeof candidate.duration_seconds === 'number'
    ? (candidate as Proposal)
    : null;
}

function videoSessionOf(message: ChatMessage): string | null {
  const id = message.metadata.video_session_id;
  return typeof id === 'string' ? id : null;
}

function videoIdOf(message: ChatMessage): string | null {
  const video = message.metadata.video;
  const id = video && typeof video === 'object' ? (video as { video_id?: unknown }).video_id : null;
  return typeof id === 'string' ? id : null;
}

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** The product's own paths in an answer ("/projects?open=...", "/storyboards/{id}") become links. */
const PRODUCT_PATH =
  /(\/(?:projects\?open=[\w-]+|storyboards\/[\w-]+|projects|subscription-plans|text-to-video|image-to-video|ppt-to-video|image-library|studio))/g;

/** What a link to one of the product's places says (a bare path for the rest). */
function linkText(path: string): string {
  if (path.startsWith('/projects?open=')) return 'Open in My Projects';
  if (path.startsWith('/storyboards/')) return 'Open the storyboard editor';
  return path;
}

function withLinks(text: string): ReactNode[] {
  return text.split(PRODUCT_PATH).map((part, index) =>
    index % 2 === 1 ? (
      <Link
        key={index}
        to={part}
        className="font-medium text-violet-700 underline underline-offset-2 dark:text-violet-300"
      >
        {linkText(part)}
      </Link>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}

export interface ChatMessagesProps {
  messages: readonly ChatMessage[];
  /** The assistant is answering. */
  answering: boolean;
  /** A failed send's apology, shown after the messages until the next one. */
  failureNotice: string | null;
  /** Confirms the waiting proposal (the Create video button); disabled while `busy`. */
  onCreate: () => void;
  busy: boolean;
  renderVideo: (videoSessionId: string, videoId: string | null, aspect: string | null) => ReactNode;
}

/**
 * The conversation, oldest first, in a log region: screen readers announce each new message. A
 * proposal shows as a card with its prompt and a Create video button (only the newest one still
 * waiting may be created); a started video shows its progress, then plays, under the answer that
 * started it.
 */
export function ChatMessages({
  messages,
  answering,
  failureNotice,
  onCreate,
  busy,
  renderVideo,
}: ChatMessagesProps) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  // Follows the newest message while the reader is at the bottom, also when a video card grows
  // (its player loads after the message); scrolls the conversation only, never the page.
  const pinned = useRef(true);
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (scroller && pinned.current) scroller.scrollTop = scroller.scrollHeight;
  }, [messages.length, answering, failureNotice]);
  useEffect(() => {
    const scroller = scrollerRef.current;
    const list = listRef.current;
    if (!scroller || !list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (pinned.current) scroller.scrollTop = scroller.scrollHeight;
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  const lastProposalIndex = messages.findLastIndex((message) => proposalOf(message) !== null);
  const shownVideos = new Set<string>();

  return (
    <div
      ref={scrollerRef}
      onScroll={(event) => {
        const { scrollTop, scrollHeight, clientHeight } = event.currentTarget;
        pinned.current = scrollHeight - scrollTop - clientHeight < 48;
      }}
      className="flex min-h-0 flex-1 flex-col overflow-y-auto overscroll-contain px-3 py-4 sm:px-5"
    >
      <ol
        ref={listRef}
        role="log"
        aria-label="Conversation"
        aria-live="polite"
        aria-relevant="additions"
        className="flex flex-col gap-4"
      >
        {messages.map((message, index) => {
          const mine = message.role === 'user';
          const proposal = mine ? null : proposalOf(message);
          const videoSessionId = mine ? null : videoSessionOf(message);
          const firstMention = videoSessionId !== null && !shownVideos.has(videoSessionId);
          if (videoSessionId) shownVideos.add(videoSessionId);
          const showsProposal =
            proposal?.prompt && (proposal.status === 'proposed' || message.intent === 'create_video');
          const canCreate = index === lastProposalIndex && proposal?.status === 'proposed';
          return (
            <li
              key={`${index}-${message.timestamp}`}
              className={`flex min-w-0 gap-2 ${mine ? 'flex-row-reverse' : ''}`}
            >
              <span
                aria-hidden="true"
                className={`mt-1 flex size-7 shrink-0 items-center justify-center rounded-full ${
                  mine
                    ? 'bg-zinc-200 text-zinc-700 dark:bg-white/10 dark:text-zinc-200'
                    : 'bg-violet-100 text-violet-700 dark:bg-violet-500/20 dark:text-violet-200'
                }`}
              >
                {mine ? <UserIcon className="size-4" /> : <BotIcon className="size-4" />}
              </span>
              <div
                className={`flex min-w-0 max-w-[85%] flex-col sm:max-w-[75%] ${mine ? 'items-end' : 'items-start'}`}
              >
                <div
                  className={`min-w-0 max-w-full rounded-2xl px-3.5 py-2.5 text-sm leading-6 whitespace-pre-wrap [overflow-wrap:anywhere] ${
                    mine
                      ? 'rounded-tr-sm bg-zinc-900 text-white dark:bg-white dark:text-zinc-900'
                      : 'rounded-tl-sm bg-zinc-100 text-zinc-900 dark:bg-white/10 dark:text-zinc-100'
                  }`}
                >
                  <span className="sr-only">{mine ? 'You: ' : 'Assistant: '}</span>
                  {mine ? message.content : withLinks(message.content)}
                </div>
                {showsProposal ? (
                  <section
                    aria-label="Video proposal"
                    className="mt-2 w-full min-w-0 rounded-xl border border-violet-300 bg-violet-50 p-3 text-sm dark:border-violet-400/30 dark:bg-violet-500/10"
                  >
                    <p className="flex items-center gap-1.5 font-semibold text-violet-800 dark:text-violet-200">
                      <ClapperboardIcon aria-hidden="true" className="size-4" />
                      Video proposal
                    </p>
                    <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
                      {[
                        `${proposal.duration_seconds} seconds`,
                        ASPECT_NAMES[proposal.aspect] ?? proposal.aspect,
                        proposal.style ? `${proposal.style} style` : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                    <p className="mt-2 [overflow-wrap:anywhere] text-zinc-800 dark:text-zinc-200">
                      {proposal.prompt}
                    </p>
                    {canCreate ? (
                      <button
                        type="button"
                        className={buttonClasses({ size: 'sm', className: 'mt-3' })}
                        disabled={busy}
                        onClick={onCreate}
                      >
                        Create video
                      </button>
                    ) : null}
                  </section>
                ) : null}
                {videoSessionId && firstMention
                  ? renderVideo(videoSessionId, videoIdOf(message), proposal?.aspect ?? null)
                  : null}
                <time
                  dateTime={message.timestamp}
                  title={formatDateTime(message.timestamp)}
                  className="mt-1 px-1 text-xs text-zinc-500 dark:text-zinc-400"
                >
                  {timeFormat.format(new Date(message.timestamp))}
                </time>
              </div>
            </li>
          );
        })}
        {failureNotice ? (
          <li className="flex gap-2">
            <span
              aria-hidden="true"
              className="mt-1 flex size-7 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-700 dark:bg-red-500/20 dark:text-red-200"
            >
              <BotIcon className="size-4" />
            </span>
            <p className="max-w-[85%] rounded-2xl rounded-tl-sm bg-red-50 px-3.5 py-2.5 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200">
              {failureNotice}
            </p>
          </li>
        ) : null}
      </ol>
      {answering ? (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <Spinner /> The assistant is answering…
        </p>
      ) : null}
    </div>
  );
}
