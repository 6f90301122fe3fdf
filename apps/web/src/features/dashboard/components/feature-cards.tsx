import { Link } from 'react-router';
import {
  ArrowRightIcon,
  ClapperboardIcon,
  ImagesIcon,
  MessageCircleMoreIcon,
  TypeIcon,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '../../../lib/paths';

interface FeatureCard {
  title: string;
  description: string;
  action: string;
  to: string;
  icon: LucideIcon;
  tone: string;
  beta?: boolean;
}

const featureCards: FeatureCard[] = [
  {
    title: 'Text to Video',
    description: 'Describe the video you have in mind and get a rendered cut with scenes and captions.',
    action: 'Create from text',
    to: paths.textToVideo,
    icon: TypeIcon,
    tone: 'from-violet-500 to-indigo-500',
  },
  {
    title: 'Image to Video',
    description: 'Turn product photos into a moving showcase, with AI enhancement on the way.',
    action: 'Create from images',
    to: paths.imageToVideo,
    icon: ImagesIcon,
    tone: 'from-sky-500 to-cyan-500',
  },
  {
    title: 'AI Studio',
    description: 'Pick the best of four clips, then add a voiceover and lip-sync, step by step.',
    action: 'Open AI Studio',
    to: paths.studioFresh,
    icon: ClapperboardIcon,
    tone: 'from-fuchsia-500 to-pink-500',
    beta: true,
  },
];

const actionClasses =
  'mt-5 inline-flex h-10 items-center justify-center gap-2 self-start rounded-full px-4 text-sm font-medium transition-colors';
const enabledAction = `${actionClasses} bg-zinc-900 text-white shadow-sm hover:bg-zinc-700 dark:bg-white dark:text-zinc-900 dark:hover:bg-zinc-200`;
const disabledAction = `${actionClasses} cursor-not-allowed bg-zinc-100 text-zinc-400 dark:bg-white/5 dark:text-zinc-500`;

/**
 * A generation action: a link while generation is allowed; otherwise a disabled link (no address,
 * `aria-disabled`), so it keeps its place and name while the count loads or the quota is spent.
 */
function GenerationAction({ to, label, enabled }: { to: string; label: string; enabled: boolean }) {
  if (enabled) {
    return (
      <Link to={to} className={enabledAction}>
        {label}
        <ArrowRightIcon className="size-4" />
      </Link>
    );
  }
  return (
    <a role="link" aria-disabled="true" className={disabledAction}>
      {label}
      <ArrowRightIcon className="size-4" />
    </a>
  );
}

/**
 * The feature cards of the dashboard (spec 000 section 2.6): Text to Video, Image to Video and AI
 * Studio (BETA), whose generation buttons are disabled while the video count loads or when the
 * generation gate says no; and the way to the chat assistant.
 */
export function FeatureCards({ generationEnabled }: { generationEnabled: boolean }) {
  return (
    <section aria-labelledby="create-title">
      <h2 id="create-title" className="text-lg font-semibold tracking-tight">
        Create a video
      </h2>
      <ul className="mt-4 grid gap-4 md:grid-cols-3">
        {featureCards.map(({ title, description, action, to, icon: Icon, tone, beta }) => (
          <li
            key={title}
            className="flex flex-col rounded-2xl border border-zinc-200 bg-white p-5 transition-colors hover:border-zinc-300 dark:border-white/10 dark:bg-white/[0.03] dark:hover:border-white/20"
          >
            <div className="flex items-center justify-between">
              <span
                className={`flex size-11 items-center justify-center rounded-xl bg-gradient-to-br text-white shadow-sm ${tone}`}
              >
                <Icon className="size-5.5" />
              </span>
              {beta && (
                <span className="rounded-full bg-fuchsia-500/10 px-2.5 py-1 text-[11px] font-semibold tracking-wide text-fuchsia-700 ring-1 ring-fuchsia-500/20 dark:text-fuchsia-300">
                  BETA
                </span>
              )}
            </div>
            <h3 className="mt-4 text-base font-semibold">{title}</h3>
            <p className="mt-1.5 flex-1 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{description}</p>
            <GenerationAction to={to} label={action} enabled={generationEnabled} />
          </li>
        ))}
      </ul>
      <Link
        to={paths.chatToVideo}
        className="group mt-4 flex items-center gap-4 rounded-2xl border border-zinc-200 bg-gradient-to-r from-amber-500/[0.07] to-transparent p-4 transition-colors hover:border-zinc-300 dark:border-white/10 dark:hover:border-white/20"
      >
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-amber-500 to-orange-500 text-white">
          <MessageCircleMoreIcon className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-semibold">Chat to Video</span>
          <span className="block text-sm text-zinc-600 dark:text-zinc-400">
            Tell the assistant what you need in plain words; it plans the video with you.
          </span>
        </span>
        <ArrowRightIcon className="size-4 shrink-0 text-zinc-400 transition-transform group-hover:translate-x-0.5" />
      </Link>
    </section>
  );
}
