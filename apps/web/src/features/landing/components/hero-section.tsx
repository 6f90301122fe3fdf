import { Link } from 'react-router';
import { ArrowRightIcon, CheckIcon } from 'lucide-react';
import { buttonClasses } from '../../../components/button-styles';
import { paths } from '../../../lib/paths';
import { ChatPreview } from './chat-preview';

const highlights = ['Text, images, slides or chat', 'Voiceover and lip-sync', 'Export-ready MP4'];

/** The first screen: what the product does, the way in, and the chat preview beside it. */
export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-40 left-1/2 h-[36rem] w-[60rem] -translate-x-1/2 rounded-full bg-gradient-to-tr from-violet-400/30 via-fuchsia-300/20 to-sky-300/20 blur-3xl dark:from-violet-600/25 dark:via-fuchsia-600/15 dark:to-sky-500/10" />
        <div className="absolute inset-0 bg-[linear-gradient(to_right,rgb(0_0_0/0.04)_1px,transparent_1px),linear-gradient(to_bottom,rgb(0_0_0/0.04)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_top,black_30%,transparent_70%)] bg-[size:48px_48px] dark:bg-[linear-gradient(to_right,rgb(255_255_255/0.05)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.05)_1px,transparent_1px)]" />
      </div>

      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-[1.05fr_1fr] lg:gap-16 lg:pt-24 lg:pb-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-violet-500/30 bg-violet-500/10 px-3 py-1 text-xs font-medium text-violet-700 dark:text-violet-300">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-violet-500" />
            AI video creation, from idea to export
          </p>
          <h1
            id="hero-title"
            className="font-display mt-6 text-4xl font-semibold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Turn a single idea into a{' '}
            <span className="bg-gradient-to-r from-violet-600 to-fuchsia-500 bg-clip-text text-transparent dark:from-violet-400 dark:to-fuchsia-400">
              finished video
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-pretty text-zinc-600 dark:text-zinc-400">
            Write a prompt, drop in product photos, build it step by step in AI Studio, or simply chat.
            ReelCraft plans the scenes, adds a natural voiceover and captions, and renders a video you can
            share.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to={paths.login} className={buttonClasses({ variant: 'primary', size: 'lg' })}>
              Start creating
              <ArrowRightIcon className="size-4" />
            </Link>
            <a href="#ways-to-create" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
              See how it works
            </a>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-zinc-600 dark:text-zinc-400">
            {highlights.map((item) => (
              <li key={item} className="flex items-center gap-2">
                <CheckIcon className="size-4 text-violet-600 dark:text-violet-400" />
                {item}
              </li>
            ))}
          </ul>
        </div>

        <ChatPreview />
      </div>
    </section>
  );
}
