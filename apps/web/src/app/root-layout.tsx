import { Outlet, ScrollRestoration } from 'react-router';
import { FeedbackOpenerProvider } from '../components/feedback-opener';
import { ToastProvider } from '../components/toast';
import { FeedbackDialog } from '../features/feedback';
import { NavigationProgress } from './navigation-progress';
import { SessionGate } from './session-gate';

/**
 * Wraps every route: the session start-up, then the page; toasts over any screen (inside the router,
 * so a toast can link); the progress bar while the next screen loads; restores the scroll position on
 * navigation.
 */
export function RootLayout() {
  return (
    <ToastProvider>
      <NavigationProgress />
      <FeedbackOpenerProvider renderDialog={(props) => <FeedbackDialog {...props} />}>
        <SessionGate>
          <Outlet />
        </SessionGate>
      </FeedbackOpenerProvider>
      <ScrollRestoration />
    </ToastProvider>
  );
}
