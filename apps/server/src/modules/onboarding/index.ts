export { onboardingRoutes } from './onboarding.routes';
export { createOnboardingService } from './create-onboarding-service';
export { OnboardingService } from './onboarding.service';
