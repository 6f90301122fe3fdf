import { MenuIcon, XIcon } from 'lucide-react';
import { useOpenFeedback } from '../../../components/feedback-opener';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses, iconButtonClasses } from '../../../components/button-styles';
import { Logo } from '../../../components/logo';
import { ThemeToggle } from '../../../components/theme-toggle';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';

const MOBILE_MENU_ID = 'landing-mobile-menu';

/**
 * The public header (spec 000 section 2.6): logo, View Plans, Feedback, Sign In, Get Started; a
 * signed-in user sees Dashboard instead of the last two.
 */
export function LandingHeader() {
  const signedIn = useSession().status === 'signed-in';
  const [menuOpen, setMenuOpen] = useState(false);
  const openFeedbackDialog = useOpenFeedback();

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const openFeedback = () => {
    setMenuOpen(false);
    openFeedbackDialog();
  };

  return (
    <header className="sticky top-0 z-40 border-b border-zinc-200/80 bg-white/80 backdrop-blur-lg dark:border-white/10 dark:bg-zinc-950/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Link to={paths.home} aria-label="ReelCraft home" className="-ml-1 rounded-lg p-1">
          <Logo />
        </Link>

        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
          <Link to={paths.subscriptionPlans} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
            View Plans
          </Link>
          <button
            type="button"
            onClick={openFeedback}
            className={buttonClasses({ variant: 'ghost', size: 'sm' })}
          >
            Feedback
          </button>
        </nav>

        <div className="ml-auto flex items-center gap-1.5">
          <ThemeToggle />
          <div className="hidden items-center gap-1.5 md:flex">
            {signedIn ? (
              <Link to={paths.dashboard} className={buttonClasses({ variant: 'primary', size: 'sm' })}>
                Dashboard
              </Link>
            ) : (
              <>
                <Link to={paths.login} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                  Sign In
                </Link>
                <Link to={paths.createAccount} className={buttonClasses({ variant: 'primary', size: 'sm' })}>
                  Get Started
                </Link>
              </>
            )}
          </div>
          <button
            type="button"
            onClick={() => setMenuOpen((open) => !open)}
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            className={`${iconButtonClasses} md:hidden`}
          >
            {menuOpen ? <XIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>

      {menuOpen && (
        <nav
          id={MOBILE_MENU_ID}
          aria-label="Menu"
          className="border-t border-zinc-200/80 px-4 pt-3 pb-5 md:hidden dark:border-white/10"
        >
          <ul className="flex flex-col gap-1">
            <li>
              <Link
                to={paths.subscriptionPlans}
                onClick={() => setMenuOpen(false)}
                className="block rounded-xl px-3 py-3 text-base font-medium hover:bg-zinc-100 dark:hover:bg-white/10"
              >
                View Plans
              </Link>
            </li>
            <li>
              <button
                type="button"
                onClick={openFeedback}
                className="block w-full rounded-xl px-3 py-3 text-left text-base font-medium hover:bg-zinc-100 dark:hover:bg-white/10"
              >
                Feedback
              </button>
            </li>
          </ul>
          {signedIn ? (
            <Link
              to={paths.dashboard}
              className={buttonClasses({ variant: 'primary', className: 'mt-3 w-full' })}
            >
              Dashboard
            </Link>
          ) : (
            <div className="mt-3 grid grid-cols-2 gap-3">
              <Link to={paths.login} className={buttonClasses({ variant: 'secondary' })}>
                Sign In
              </Link>
              <Link to={paths.createAccount} className={buttonClasses({ variant: 'primary' })}>
                Get Started
              </Link>
            </div>
          )}
        </nav>
      )}
    </header>
  );
}
