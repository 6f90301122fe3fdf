export { feedbackRoutes } from './feedback.routes';
export { createFeedbackService } from './create-feedback-service';
export { FeedbackService } from './feedback.service';
