import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon, SendIcon, SparklesIcon } from 'lucide-react';
import { buttonClasses } from '../../../components/button-styles';
import { paths } from '../../../lib/paths';

const storyboard = [
  { label: 'Sunrise run', tone: 'from-amber-400 to-rose-500' },
  { label: 'Sole close-up', tone: 'from-sky-400 to-indigo-500' },
  { label: 'Slow-mo stride', tone: 'from-emerald-400 to-teal-600' },
  { label: 'Logo + offer', tone: 'from-violet-500 to-fuchsia-500' },
];

function Bubble({ from, children }: { from: 'user' | 'assistant'; children: ReactNode }) {
  const isUser = from === 'user';
  return (
    <li className={`flex ${isUser ? 'justify-end' : 'justify-start'}`}>
      <div
        className={
          isUser
            ? 'max-w-[85%] rounded-2xl rounded-br-md bg-violet-600 px-4 py-2.5 text-sm leading-6 text-white'
            : 'max-w-[92%] rounded-2xl rounded-bl-md bg-zinc-100 px-4 py-2.5 text-sm leading-6 text-zinc-800 dark:bg-white/[0.07] dark:text-zinc-200'
        }
      >
        <span className="sr-only">{isUser ? 'You:' : 'Assistant:'} </span>
        {children}
      </div>
    </li>
  );
}

/**
 * The chat assistant as a visitor sees it (spec 000 section 1): an example exchange and a disabled
 * input that points to sign-in.
 */
export function ChatPreview() {
  return (
    <section
      aria-labelledby="chat-preview-title"
      className="relative rounded-3xl border border-zinc-200 bg-white/80 shadow-2xl shadow-violet-500/10 backdrop-blur-xl dark:border-white/10 dark:bg-zinc-900/70 dark:shadow-black/40"
    >
      <div className="flex items-center gap-3 border-b border-zinc-200 px-5 py-4 dark:border-white/10">
        <span className="flex size-9 items-center justify-center rounded-full bg-gradient-to-br from-violet-500 to-fuchsia-500 text-white">
          <SparklesIcon className="size-4.5" />
        </span>
        <div className="min-w-0">
          <h2 id="chat-preview-title" className="text-sm font-semibold">
            ReelCraft Assistant
          </h2>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">Plans, writes and starts your video</p>
        </div>
        <span className="ml-auto rounded-full border border-zinc-200 px-2.5 py-1 text-[11px] font-medium tracking-wide text-zinc-500 uppercase dark:border-white/10 dark:text-zinc-400">
          Preview
        </span>
      </div>

      <ol aria-label="Example conversation" className="space-y-3 px-5 py-5">
        <Bubble from="user">
          Make a 30-second launch video for our new trail running shoe. Upbeat and bright, with captions.
        </Bubble>
        <Bubble from="assistant">
          <p>Here is the plan: four scenes with an energetic voiceover and English captions.</p>
          <ul aria-label="Storyboard" className="mt-3 grid grid-cols-2 gap-2">
            {storyboard.map((scene, index) => (
              <li key={scene.label} className="overflow-hidden rounded-lg bg-white dark:bg-zinc-950/60">
                <div aria-hidden="true" className={`h-10 bg-gradient-to-br ${scene.tone} opacity-90`} />
                <p className="px-2 py-1.5 text-xs leading-snug text-zinc-600 dark:text-zinc-300">
                  <span className="font-medium text-zinc-900 dark:text-white">{index + 1}.</span>{' '}
                  {scene.label}
                </p>
              </li>
            ))}
          </ul>
        </Bubble>
        <Bubble from="user">Perfect. Make it vertical for Reels.</Bubble>
      </ol>

      <form
        aria-label="Chat with the assistant"
        onSubmit={(event) => event.preventDefault()}
        className="border-t border-zinc-200 px-5 pt-4 pb-5 dark:border-white/10"
      >
        <label htmlFor="chat-preview-message" className="sr-only">
          Message
        </label>
        <div className="flex items-center gap-2 rounded-full border border-zinc-200 bg-zinc-50 py-1.5 pr-1.5 pl-4 dark:border-white/10 dark:bg-zinc-950/60">
          <input
            id="chat-preview-message"
            type="text"
            disabled
            placeholder="Describe the video you want…"
            className="min-w-0 flex-1 bg-transparent text-sm text-zinc-900 placeholder:text-zinc-400 disabled:cursor-not-allowed dark:text-white dark:placeholder:text-zinc-500"
          />
          <button
            type="submit"
            disabled
            aria-label="Send message"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-zinc-200 text-zinc-400 disabled:cursor-not-allowed dark:bg-white/10 dark:text-zinc-500"
          >
            <SendIcon className="size-4" />
          </button>
        </div>
        <Link to={paths.login} className={buttonClasses({ variant: 'primary', className: 'mt-4 w-full' })}>
          Sign in to start chatting
          <ArrowRightIcon className="size-4" />
        </Link>
      </form>
    </section>
  );
}
