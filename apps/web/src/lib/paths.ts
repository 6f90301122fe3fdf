// The client-side routes (spec 000 section 2.1) that code links to. The route table in app/routes.tsx
// mounts screens on them; features link through these names instead of spelling paths.
export const paths = {
  home: '/',
  login: '/login',
  /** The sign-in screen opened on its Create Account tab. */
  createAccount: '/login?mode=create',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  /** Verification by link: `/verify/{token}`. */
  verifyLink: '/verify',
  onboarding: '/onboarding',
  dashboard: '/dashboard',
  myDetails: '/my-details',
  subscriptionPlans: '/subscription-plans',
  /** Query plan and amount; the checkout comes back here with token (and PayerID or cancelled). */
  payment: '/payment',
  /** Query session_id (card checkout) or subscription_id (order-based checkout). */
  paymentSuccess: '/payment-success',
  notifications: '/notifications',
  projects: '/projects',
  /** AI Studio; the sidebar opens it with `?reset=1` (studioFresh). */
  studio: '/studio',
  studioFresh: '/studio?reset=1',
  /** AI Studio opened in its avatar mode (from the avatars screen). */
  studioAvatar: '/studio?mode=avatar',
  textToVideo: '/text-to-video',
  imageToVideo: '/image-to-video',
  pptToVideo: '/ppt-to-video',
  chatToVideo: '/chat-to-video',
  /** The chat assistant (spec 000 section 2.1). */
  chat: '/chat',
  imageLibrary: '/image-library',
  avatars: '/avatars',
  myVideos: '/my-videos',
  /** The storyboard editor lives under it: `/storyboards/{id}` (storyboardPath). */
  storyboards: '/storyboards',
} as const;

/** `/projects?open={id}`: the projects screen with that project's viewer open. */
export function projectPath(projectId: string): string {
  return `${paths.projects}?${new URLSearchParams({ open: projectId }).toString()}`;
}

/** `/storyboards/{id}`: the storyboard editor (also the review of a fresh draft before it renders). */
export function storyboardPath(storyboardId: string): string {
  return `${paths.storyboards}/${encodeURIComponent(storyboardId)}`;
}

/** `/studio?job={id}`: AI Studio opened on that job, read from the server (any device). */
export function studioJobPath(jobId: string): string {
  return `${paths.studio}?${new URLSearchParams({ job: jobId }).toString()}`;
}
