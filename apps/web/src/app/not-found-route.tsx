import { paths } from '../lib/paths';
import { useSession } from '../lib/session';
import { NotFoundPage, notFound, StatusMessage } from './not-found-page';
import { AppShell } from './shell';

/** Any path the route table does not know: inside the shell for a signed-in user, bare otherwise. */
export function NotFoundRoute() {
  const session = useSession();
  if (session.status === 'signed-in') {
    return (
      <AppShell>
        <StatusMessage {...notFound} action={{ to: paths.dashboard, label: 'Back to dashboard' }} />
      </AppShell>
    );
  }
  return <NotFoundPage />;
}
