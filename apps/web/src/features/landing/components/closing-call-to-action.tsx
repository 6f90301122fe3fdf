import { Link } from 'react-router';
import { buttonClasses } from '../../../components/button-styles';
import { paths } from '../../../lib/paths';

/** The last push before the footer: sign in, or compare plans first. */
export function ClosingCallToAction() {
  return (
    <section aria-labelledby="closing-title" className="py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="relative isolate overflow-hidden rounded-3xl bg-zinc-900 px-6 py-14 text-center sm:px-12 sm:py-20 dark:bg-gradient-to-br dark:from-violet-950 dark:via-zinc-900 dark:to-fuchsia-950 dark:ring-1 dark:ring-white/10">
          <div
            aria-hidden="true"
            className="absolute -top-24 left-1/2 -z-10 h-64 w-[40rem] -translate-x-1/2 rounded-full bg-violet-500/30 blur-3xl"
          />
          <h2
            id="closing-title"
            className="font-display text-3xl font-semibold tracking-tight text-balance text-white sm:text-4xl"
          >
            Your next video is one idea away
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg leading-8 text-zinc-300">
            Sign in to create your first video, or compare plans before you start.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to={paths.login} className={buttonClasses({ variant: 'inverse', size: 'lg' })}>
              Create your first video
            </Link>
            <Link
              to={paths.subscriptionPlans}
              className={buttonClasses({ variant: 'inverse-outline', size: 'lg' })}
            >
              Compare plans
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
