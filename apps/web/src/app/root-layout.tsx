import { Outlet, ScrollRestoration } from 'react-router';
import { ToastProvider } from '../components/toast';
import { SessionGate } from './session-gate';

/**
 * Wraps every route: the session start-up, then the page; toasts over any screen (inside the router,
 * so a toast can link); restores the scroll position on navigation.
 */
export function RootLayout() {
  return (
    <ToastProvider>
      <SessionGate>
        <Outlet />
      </SessionGate>
      <ScrollRestoration />
    </ToastProvider>
  );
}
