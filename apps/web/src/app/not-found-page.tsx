import { Link } from 'react-router';
import { buttonClasses } from '../components/button-styles';
import { Logo } from '../components/logo';
import { ThemeToggle } from '../components/theme-toggle';
import { paths } from '../lib/paths';

export const notFound = {
  title: 'Page not found',
  code: '404',
  message: 'The page you are looking for does not exist or has moved.',
};

/** The not-found page of a visitor. */
export function NotFoundPage() {
  return <StatusPage {...notFound} />;
}

/** The shared frame of the not-found and the unexpected-error pages. */
export function StatusPage({ title, code, message }: { title: string; code: string; message: string }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between px-4 sm:px-6">
        <Link to={paths.home} aria-label="ReelCraft home" className="-ml-1 rounded-lg p-1">
          <Logo />
        </Link>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 flex-col pb-24">
        <StatusMessage
          title={title}
          code={code}
          message={message}
          action={{ to: paths.home, label: 'Back to home' }}
        />
      </main>
    </div>
  );
}

/** The code, title, explanation and the way back, centred in whatever frame holds it. */
export function StatusMessage({
  title,
  code,
  message,
  action,
}: {
  title: string;
  code: string;
  message: string;
  action: { to: string; label: string };
}) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <title>{`${title} · ReelCraft`}</title>
      <p className="font-display text-sm font-semibold text-violet-600 dark:text-violet-400">{code}</p>
      <h1 className="font-display mt-3 text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 max-w-md text-base leading-7 text-zinc-600 dark:text-zinc-400">{message}</p>
      <Link to={action.to} className={buttonClasses({ className: 'mt-8' })}>
        {action.label}
      </Link>
    </div>
  );
}
