export { onboardingRoutes } from './onboarding.routes';
export { OnboardingRepository } from './onboarding.repository';
