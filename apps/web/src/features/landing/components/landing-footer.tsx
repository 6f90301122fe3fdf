import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import { paths } from '../../../lib/paths';

export function LandingFooter() {
  return (
    <footer className="border-t border-zinc-200 dark:border-white/10">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex flex-col gap-2">
          <Logo className="[&_svg]:size-7" />
          <p className="text-sm text-zinc-500 dark:text-zinc-400">Self-hostable AI video creation.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex gap-6 text-sm text-zinc-600 dark:text-zinc-400">
            <li>
              <Link
                to={paths.subscriptionPlans}
                className="rounded hover:text-zinc-900 dark:hover:text-white"
              >
                Plans
              </Link>
            </li>
            <li>
              <Link to={paths.login} className="rounded hover:text-zinc-900 dark:hover:text-white">
                Sign in
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
