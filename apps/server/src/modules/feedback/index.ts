export { feedbackRoutes } from './feedback.routes';
export { FeedbackService } from './feedback.service';
export { FeedbackRepository } from './feedback.repository';
export { feedbackQuestions, feedbackSubmissions, type FeedbackSubmissionRow } from './feedback.schema';
