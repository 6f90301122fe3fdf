import { AudioLines, Clapperboard, UserRound, type LucideIcon } from 'lucide-react';
import { BackToOptionsHeader } from '../../components/generations';
import type { StudioMode } from './workflow-storage';

const MODES: { mode: StudioMode; title: string; description: string; icon: LucideIcon }[] = [
  {
    mode: 'video',
    title: 'Create Personalized Video',
    description: 'Four candidate clips from your prompt and photos, then voiceover, lip-sync and export.',
    icon: Clapperboard,
  },
  {
    mode: 'avatar',
    title: 'Create an Avatar',
    description: 'A reusable presenter made from your photos.',
    icon: UserRound,
  },
  {
    mode: 'voice',
    title: 'Voice Clone',
    description: 'A voice of your own, cloned from a short sample.',
    icon: AudioLines,
  },
];

/** The studio's first screen: the three modes as cards (spec 001 section 2). */
export function ModeChooser({ onChoose }: { onChoose: (mode: StudioMode) => void }) {
  return (
    <section aria-labelledby="studio-modes" className="flex flex-col gap-4">
      <h2 id="studio-modes" className="text-lg font-semibold">
        What would you like to create?
      </h2>
      <ul className="grid gap-4 md:grid-cols-3">
        {MODES.map(({ mode, title, description, icon: Icon }) => (
          <li key={mode}>
            <button
              type="button"
              onClick={() => onChoose(mode)}
              className="flex h-full w-full flex-col items-start gap-3 rounded-2xl border border-zinc-200 bg-white p-5 text-left shadow-sm transition-colors hover:border-violet-400 focus-visible:outline-2 focus-visible:outline-violet-500 dark:border-white/10 dark:bg-white/5 dark:hover:border-violet-400/60"
            >
              <span className="rounded-xl bg-violet-100 p-2 text-violet-700 dark:bg-violet-500/15 dark:text-violet-300">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <span className="text-base font-semibold">{title}</span>
              <span className="text-sm text-zinc-600 dark:text-zinc-400">{description}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Avatar and voice modes: not in this release yet. */
export function ModeComingLater({ mode, onBack }: { mode: 'avatar' | 'voice'; onBack: () => void }) {
  const title = mode === 'avatar' ? 'Create an Avatar' : 'Voice Clone';
  return (
    <section
      aria-labelledby="studio-coming-later"
      className="flex flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-6 dark:border-white/10 dark:bg-white/5"
    >
      <BackToOptionsHeader
        headingId="studio-coming-later"
        title={title}
        description={`${title} is coming in a later release of AI Studio. Thank you for your patience: in the meantime you can create a personalized video.`}
        onBackToOptions={onBack}
      />
    </section>
  );
}
