export { FeedbackDialog } from './feedback-dialog';
