import {
  AudioWaveformIcon,
  BellIcon,
  ImagesIcon,
  PresentationIcon,
  ServerIcon,
  SmileIcon,
  type LucideIcon,
} from 'lucide-react';

interface Capability {
  title: string;
  description: string;
  icon: LucideIcon;
}

const capabilities: Capability[] = [
  {
    title: 'Voices and voice cloning',
    description: 'Pick a natural voice for the voiceover, or clone your own from a short sample.',
    icon: AudioWaveformIcon,
  },
  {
    title: 'Avatars and lip-sync',
    description: 'Save avatars and let them speak your script with lips matched to the voice.',
    icon: SmileIcon,
  },
  {
    title: 'Slides and documents',
    description: 'Turn a deck or a document into a narrated video without rebuilding it.',
    icon: PresentationIcon,
  },
  {
    title: 'Image library',
    description: 'Keep product images in one place, enhanced and ready for the next video.',
    icon: ImagesIcon,
  },
  {
    title: 'Renders in the background',
    description: 'Keep working while videos render; you get a notification the moment one is done.',
    icon: BellIcon,
  },
  {
    title: 'Yours to host',
    description: 'Run ReelCraft on your own server with one command, your data on your own storage.',
    icon: ServerIcon,
  },
];

/** Everything around the video itself: voices, avatars, library, notifications, self-hosting. */
export function CapabilitiesSection() {
  return (
    <section
      aria-labelledby="capabilities-title"
      className="border-y border-zinc-200 bg-zinc-50 py-20 sm:py-28 dark:border-white/10 dark:bg-white/[0.02]"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2
            id="capabilities-title"
            className="font-display text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
          >
            Everything around the video, too
          </h2>
          <p className="mt-4 text-lg leading-8 text-zinc-600 dark:text-zinc-400">
            Voices, faces, assets and a library of every project, in the same place you create.
          </p>
        </div>
        <ul className="mt-14 grid gap-x-10 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
          {capabilities.map(({ title, description, icon: Icon }) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl border border-zinc-200 bg-white text-violet-600 dark:border-white/10 dark:bg-zinc-900 dark:text-violet-400">
                <Icon className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1.5 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{description}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
