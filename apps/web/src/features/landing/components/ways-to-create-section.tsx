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

interface WayToCreate {
  title: string;
  description: string;
  points: string[];
  action: string;
  icon: LucideIcon;
  tone: string;
  beta?: boolean;
}

const waysToCreate: WayToCreate[] = [
  {
    title: 'Text to Video',
    description: 'Describe the video you have in mind and get a rendered cut with scenes and captions.',
    points: ['AI prompt enhancement', 'Voiceover in many voices'],
    action: 'Create from text',
    icon: TypeIcon,
    tone: 'from-violet-500 to-indigo-500',
  },
  {
    title: 'Image to Video',
    description: 'Upload product photos, let AI enhance them, and turn them into a moving showcase.',
    points: ['AI image enhancement', 'Your own image library'],
    action: 'Create from images',
    icon: ImagesIcon,
    tone: 'from-sky-500 to-cyan-500',
  },
  {
    title: 'AI Studio',
    description: 'A guided, step-by-step studio: pick the best of four clips, then add voice and lip-sync.',
    points: ['Four candidate clips', 'Voiceover, lip-sync, export'],
    action: 'Open AI Studio',
    icon: ClapperboardIcon,
    tone: 'from-fuchsia-500 to-pink-500',
    beta: true,
  },
  {
    title: 'Chat to Video',
    description: 'Tell the assistant what you need in plain words. It plans the video and starts it for you.',
    points: ['Plans scenes with you', 'Starts the render for you'],
    action: 'Chat to create',
    icon: MessageCircleMoreIcon,
    tone: 'from-amber-500 to-orange-500',
  },
];

/** The four ways to create (spec 000 section 1); every action leads a visitor to sign in. */
export function WaysToCreateSection() {
  return (
    <section
      aria-labelledby="ways-to-create-title"
      id="ways-to-create"
      className="scroll-mt-20 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold text-violet-600 dark:text-violet-400">Four ways to create</p>
          <h2
            id="ways-to-create-title"
            className="font-display mt-3 text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
          >
            Start from whatever you have
          </h2>
          <p className="mt-4 text-lg leading-8 text-zinc-600 dark:text-zinc-400">
            A sentence, a folder of photos, a plan you want to shape scene by scene, or just a conversation.
            Every path ends in a video you can download and share.
          </p>
        </div>

        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {waysToCreate.map(({ title, description, points, action, icon: Icon, tone, beta }) => (
            <li
              key={title}
              className="group flex flex-col rounded-2xl border border-zinc-200 bg-white p-6 transition-colors hover:border-zinc-300 dark:border-white/10 dark:bg-white/[0.03] dark:hover:border-white/20"
            >
              <div className="flex items-center justify-between">
                <span
                  className={`flex size-11 items-center justify-center rounded-xl bg-gradient-to-br ${tone} text-white shadow-sm`}
                >
                  <Icon className="size-5" />
                </span>
                {beta && (
                  <span className="rounded-full bg-fuchsia-500/10 px-2.5 py-1 text-[11px] font-semibold tracking-wide text-fuchsia-700 dark:text-fuchsia-300">
                    BETA
                  </span>
                )}
              </div>
              <h3 className="mt-5 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{description}</p>
              <ul className="mt-4 space-y-1.5 text-sm text-zinc-700 dark:text-zinc-300">
                {points.map((point) => (
                  <li key={point} className="flex items-center gap-2">
                    <span aria-hidden="true" className="size-1 rounded-full bg-zinc-400 dark:bg-zinc-500" />
                    {point}
                  </li>
                ))}
              </ul>
              <Link
                to={paths.login}
                className="mt-6 inline-flex items-center gap-1.5 self-start rounded-md text-sm font-semibold text-violet-700 hover:text-violet-900 dark:text-violet-300 dark:hover:text-violet-200"
              >
                {action}
                <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
