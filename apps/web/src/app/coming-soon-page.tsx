import { Clapperboard, Image, Sparkles, Type } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../components/button-styles';
import { paths } from '../lib/paths';

/** The screens the navigation names before their release; each says what it will do. */
const UPCOMING = {
  slides: {
    title: 'Slides to Video',
    description: 'Turn a PDF or PowerPoint deck into a narrated video, one voiced scene per slide.',
  },
  avatars: {
    title: 'Avatars',
    description: 'Save presenters made in AI Studio and have them speak your script in a presenter video.',
  },
  chat: {
    title: 'Chat to Video',
    description: 'Describe what you need in a conversation and let the assistant make the video for you.',
  },
} as const;

export type UpcomingScreen = keyof typeof UPCOMING;

const READY_NOW = [
  { to: paths.textToVideo, label: 'Text to Video', icon: Type },
  { to: paths.imageToVideo, label: 'Image to Video', icon: Image },
  { to: paths.studioFresh, label: 'AI Studio', icon: Sparkles },
];

/**
 * A screen of a later release: it says so in place (never a 404) and offers the ways of making a
 * video that work today.
 */
export function ComingSoonPage({ screen }: { screen: UpcomingScreen }) {
  const { title, description } = UPCOMING[screen];
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center">
      <title>{`${title} · ReelCraft`}</title>
      <span className="flex size-14 items-center justify-center rounded-2xl bg-violet-100 text-violet-700 dark:bg-violet-500/15 dark:text-violet-300">
        <Clapperboard className="size-7" aria-hidden="true" />
      </span>
      <p className="mt-6 text-sm font-semibold text-violet-600 dark:text-violet-400">Coming soon</p>
      <h1 className="font-display mt-2 text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 max-w-md text-base leading-7 text-zinc-600 dark:text-zinc-400">{description}</p>
      <p className="mt-8 text-sm text-zinc-600 dark:text-zinc-400">Meanwhile, make a video with:</p>
      <ul className="mt-3 flex flex-wrap justify-center gap-2">
        {READY_NOW.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <Link to={to} className={buttonClasses({ variant: 'secondary' })}>
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
