import type { RouteObject } from 'react-router';
import { MyDetailsPage } from '../features/account';
import { LoginPage, VerifyEmailPage } from '../features/auth';
import { DashboardPage } from '../features/dashboard';
import { ImageLibraryPage } from '../features/image-library';
import { ImageToVideoPage } from '../features/image-to-video';
import { LandingPage } from '../features/landing';
import { MyVideosPage } from '../features/my-videos';
import { NotificationsPage } from '../features/notifications';
import { OnboardingPage } from '../features/onboarding';
import { ProjectsPage } from '../features/projects';
import { PaymentPage, PaymentSuccessPage, SubscriptionPlansPage } from '../features/subscriptions';
import { TextToVideoPage } from '../features/text-to-video';
import { paths } from '../lib/paths';
import { NotFoundRoute } from './not-found-page';
import { RootLayout } from './root-layout';
import { RedirectSignedIn, RequireAuth } from './route-guards';
import { RouteErrorPage } from './route-error-page';
import { AppShell } from './shell';

/**
 * The route table (spec 000 section 2.1). Public screens are shown bare; the signed-in ones sit behind
 * the guard, inside the application shell. A path nobody serves yet (the creation and library screens
 * of later issues) shows the not-found page, inside the shell for a signed-in user.
 */
const publicRoutes: RouteObject[] = [
  {
    path: paths.home,
    element: (
      <RedirectSignedIn>
        <LandingPage />
      </RedirectSignedIn>
    ),
  },
  { path: paths.login, element: <LoginPage /> },
  { path: paths.resetPassword, element: <LoginPage /> },
  { path: paths.verifyEmail, element: <VerifyEmailPage /> },
  { path: paths.verifyLink, element: <VerifyEmailPage /> },
  { path: `${paths.verifyLink}/:token`, element: <VerifyEmailPage /> },
];

const signedInRoutes: RouteObject[] = [
  { path: paths.onboarding, element: <OnboardingPage /> },
  { path: paths.dashboard, element: <DashboardPage /> },
  { path: paths.myDetails, element: <MyDetailsPage /> },
  { path: paths.notifications, element: <NotificationsPage /> },
  { path: paths.projects, element: <ProjectsPage /> },
  { path: paths.myVideos, element: <MyVideosPage /> },
  { path: paths.imageLibrary, element: <ImageLibraryPage /> },
  { path: paths.subscriptionPlans, element: <SubscriptionPlansPage /> },
  { path: paths.payment, element: <PaymentPage /> },
  { path: paths.paymentSuccess, element: <PaymentSuccessPage /> },
  { path: paths.textToVideo, element: <TextToVideoPage /> },
  { path: paths.imageToVideo, element: <ImageToVideoPage /> },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      ...publicRoutes,
      { element: <RequireAuth />, children: [{ element: <AppShell />, children: signedInRoutes }] },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
