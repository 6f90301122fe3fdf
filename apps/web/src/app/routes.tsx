import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { LoadingScreen } from '../components/spinner';
import { LandingPage } from '../features/landing';
import { paths } from '../lib/paths';
import { RootLayout } from './root-layout';
import { RedirectSignedIn, RequireAuth } from './route-guards';
import { RouteErrorPage } from './route-error-page';
import { SIGNED_IN_ROUTE_ID } from './signed-out-start';

/**
 * The route table (spec 000 section 2.1). Public screens are shown bare; the signed-in ones sit behind
 * the guard, inside the application shell. An unknown path shows the not-found page, inside the shell
 * for a signed-in user.
 *
 * Screens are loaded with the route's `lazy`, one chunk per feature, so a visitor does not download
 * the signed-in screens. The router fetches the chunk before it leaves the current screen (the root
 * layout shows a progress bar meanwhile), so nothing flashes. The shell (sidebar, notifications, plan)
 * is lazy too, fetched together with the first signed-in screen. The layout and the guards stay in the
 * main bundle, and so does the landing page: it is a guest's first paint, and loading it lazily would
 * add a round trip before it (decision 028).
 */
/** A route whose screen is fetched on its first visit (`load` imports the feature, answers the page). */
function lazyPage(path: string, load: () => Promise<ComponentType>): RouteObject {
  return { path, lazy: async () => ({ Component: await load() }) };
}

const publicRoutes: RouteObject[] = [
  {
    path: paths.home,
    element: (
      <RedirectSignedIn>
        <LandingPage />
      </RedirectSignedIn>
    ),
  },
  lazyPage(paths.login, async () => (await import('../features/auth')).LoginPage),
  lazyPage(paths.resetPassword, async () => (await import('../features/auth')).LoginPage),
  lazyPage(paths.verifyEmail, async () => (await import('../features/auth')).VerifyEmailPage),
  lazyPage(paths.verifyLink, async () => (await import('../features/auth')).VerifyEmailPage),
  lazyPage(`${paths.verifyLink}/:token`, async () => (await import('../features/auth')).VerifyEmailPage),
];

const signedInRoutes: RouteObject[] = [
  lazyPage(paths.onboarding, async () => (await import('../features/onboarding')).OnboardingPage),
  lazyPage(paths.dashboard, async () => (await import('./dashboard-screen')).DashboardScreen),
  lazyPage(paths.myDetails, async () => (await import('../features/users')).MyDetailsPage),
  lazyPage(paths.notifications, async () => (await import('../features/notifications')).NotificationsPage),
  lazyPage(paths.projects, async () => (await import('../features/videos')).ProjectsPage),
  lazyPage(paths.myVideos, async () => (await import('../features/videos')).MyVideosPage),
  lazyPage(paths.imageLibrary, async () => (await import('../features/library')).ImageLibraryPage),
  lazyPage(
    paths.subscriptionPlans,
    async () => (await import('../features/subscriptions')).SubscriptionPlansPage,
  ),
  lazyPage(paths.payment, async () => (await import('../features/payments')).PaymentPage),
  lazyPage(paths.paymentSuccess, async () => (await import('../features/payments')).PaymentSuccessPage),
  lazyPage(paths.textToVideo, async () => (await import('../features/text-to-video')).TextToVideoPage),
  lazyPage(
    `${paths.storyboards}/:id`,
    async () => (await import('../features/storyboards')).StoryboardEditorPage,
  ),
  lazyPage(paths.imageToVideo, async () => (await import('./image-to-video-screen')).ImageToVideoScreen),
  lazyPage(paths.studio, async () => (await import('./studio-screen')).StudioScreen),
  lazyPage(paths.avatars, async () => (await import('../features/avatars')).AvatarsPage),
  lazyPage(paths.pptToVideo, async () => (await import('../features/slides-to-video')).SlidesToVideoPage),
  lazyPage(paths.chatToVideo, async () => (await import('../features/chat')).ChatPage),
  lazyPage(paths.chat, async () => (await import('../features/chat')).ChatPage),
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    // Shown when the first screen of a visit is a lazy one, until its chunk has arrived.
    hydrateFallbackElement: <LoadingScreen label="Loading…" />,
    children: [
      ...publicRoutes,
      {
        id: SIGNED_IN_ROUTE_ID,
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./shell')).AppShell }),
            children: signedInRoutes,
          },
        ],
      },
      // Lazy as well: a signed-in user's not-found page sits in the shell.
      lazyPage('*', async () => (await import('./not-found-route')).NotFoundRoute),
    ],
  },
];
