// Every table of the product, for drizzle-kit (migrations) and for tests that read rows directly.
// Product code reaches another module's data through that module's service, never through here.
export * from './modules/auth/auth.schema';
export * from './modules/feedback/feedback.schema';
export * from './modules/generations/generations.schema';
export * from './modules/library/library.schema';
export * from './modules/notifications/notifications.schema';
export * from './modules/onboarding/onboarding.schema';
export * from './modules/payments/payments.schema';
export * from './modules/subscriptions/subscriptions.schema';
export * from './modules/users/users.schema';
export * from './modules/videos/videos.schema';
export * from './modules/studio/studio.schema';
export * from './modules/voices/voices.schema';
export * from './modules/avatars/avatars.schema';
export * from './modules/chat/chat.schema';
export * from './modules/slides-to-video/slides.schema';
export * from './modules/storyboards/storyboards.schema';
export * from './platform/rate-limit/rate-limit.schema';
export * from './platform/queue/job-heartbeats.schema';
