import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckIcon } from 'lucide-react';
import { Logo } from '../../../components/logo';
import { ThemeToggle } from '../../../components/theme-toggle';
import { paths } from '../../../lib/paths';

const scenes = [
  { label: 'Hook', tone: 'from-amber-400 to-rose-500' },
  { label: 'Product', tone: 'from-sky-400 to-indigo-500' },
  { label: 'Story', tone: 'from-emerald-400 to-teal-600' },
  { label: 'Offer', tone: 'from-violet-500 to-fuchsia-500' },
];

const promises = [
  'Start from a prompt, product photos, slides or a chat',
  'Natural voiceover, captions and lip-sync',
  'Export-ready MP4 in the formats you post',
];

/** The brand side of the sign-in screen: what waits behind the form. Hidden on small screens. */
function Showcase() {
  return (
    <aside
      aria-labelledby="auth-showcase-title"
      className="relative isolate m-3 hidden overflow-hidden rounded-3xl bg-zinc-950 px-10 py-12 text-white ring-1 ring-white/10 lg:flex lg:flex-col lg:justify-center xl:px-16"
    >
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-32 -right-24 h-[28rem] w-[28rem] rounded-full bg-violet-600/40 blur-3xl" />
        <div className="absolute -bottom-40 -left-24 h-[26rem] w-[26rem] rounded-full bg-fuchsia-600/25 blur-3xl" />
        <div className="absolute inset-0 bg-[linear-gradient(to_right,rgb(255_255_255/0.05)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.05)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_center,black_20%,transparent_75%)] bg-[size:44px_44px]" />
      </div>

      <div className="mx-auto w-full max-w-md">
        <div
          aria-hidden="true"
          className="rounded-2xl border border-white/10 bg-white/[0.04] p-3 shadow-2xl shadow-black/40 backdrop-blur"
        >
          <div className="relative aspect-video overflow-hidden rounded-xl bg-gradient-to-br from-violet-600 via-fuchsia-600 to-amber-400">
            <div className="absolute inset-0 bg-[radial-gradient(circle_at_30%_20%,rgb(255_255_255/0.35),transparent_55%)]" />
            <span className="absolute inset-0 m-auto flex size-14 items-center justify-center rounded-full bg-white/90 text-zinc-900 shadow-lg">
              <svg viewBox="0 0 24 24" className="ml-1 size-6" fill="currentColor">
                <path d="M8 5.5v13a.75.75 0 0 0 1.14.64l10.4-6.5a.75.75 0 0 0 0-1.28L9.14 4.86A.75.75 0 0 0 8 5.5Z" />
              </svg>
            </span>
            <p className="absolute inset-x-6 bottom-4 text-center text-sm font-semibold text-white drop-shadow">
              Meet the shoe that runs with you.
            </p>
          </div>
          <div className="mt-3 grid grid-cols-4 gap-2">
            {scenes.map((scene) => (
              <div key={scene.label} className="overflow-hidden rounded-lg bg-white/5">
                <div className={`h-9 bg-gradient-to-br ${scene.tone}`} />
                <p className="px-2 py-1 text-[11px] text-zinc-300">{scene.label}</p>
              </div>
            ))}
          </div>
          <div className="mt-3 flex items-center gap-2 px-1">
            <span className="h-1 flex-1 overflow-hidden rounded-full bg-white/10">
              <span className="block h-full w-2/3 rounded-full bg-gradient-to-r from-violet-400 to-fuchsia-400" />
            </span>
            <span className="text-[11px] text-zinc-400 tabular-nums">0:20 / 0:30</span>
          </div>
        </div>

        <h2
          id="auth-showcase-title"
          className="font-display mt-10 text-3xl font-semibold tracking-tight text-balance"
        >
          One idea in, a finished video out
        </h2>
        <ul className="mt-6 space-y-3 text-sm text-zinc-300">
          {promises.map((promise) => (
            <li key={promise} className="flex items-start gap-3">
              <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-violet-500/20 text-violet-300">
                <CheckIcon className="size-3.5" />
              </span>
              {promise}
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}

/**
 * The frame of the account screens: logo and theme switch on top, the content centred, and on wide
 * screens (with `showcase`) the product beside it.
 */
export function AuthLayout({
  title,
  showcase = false,
  children,
}: {
  /** The document title. */
  title: string;
  showcase?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`min-h-dvh ${showcase ? 'lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]' : ''}`}>
      <title>{`${title} · ReelCraft`}</title>
      <div className="flex min-h-dvh flex-col">
        <header className="flex h-16 shrink-0 items-center justify-between px-4 sm:px-8">
          <Link to={paths.home} aria-label="ReelCraft home" className="-ml-1 rounded-lg p-1">
            <Logo />
          </Link>
          <ThemeToggle />
        </header>
        <main className="flex flex-1 flex-col items-center px-4 pt-8 pb-12 sm:px-8 sm:pt-[12vh]">
          <div className="w-full max-w-[26rem]">{children}</div>
        </main>
        <footer className="px-4 pb-6 text-center text-xs text-zinc-500 sm:px-8 dark:text-zinc-400">
          ReelCraft · AI video creation you can host yourself
        </footer>
      </div>
      {showcase && <Showcase />}
    </div>
  );
}
