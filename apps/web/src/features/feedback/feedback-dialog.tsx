import { lazy, Suspense } from 'react';
import { Dialog } from '../../components/dialog';
import { FeedbackLoading } from './feedback-loading';

// The form (react-hook-form, zod, the question fields) is fetched when the dialog first opens: the
// dialog is offered on every screen, the landing page included, but few visits open it.
const FeedbackDialogBody = lazy(async () => ({
  default: (await import('./feedback-dialog-body')).FeedbackDialogBody,
}));

/**
 * The feedback dialog (spec 000 sections 2.9 and 5), opened from the sidebar's account menu, My
 * Details, the landing header and the projects screen. It loads the questions (a contact panel with
 * the support address when that fails), asks a guest for a user ID, checks the required questions (a
 * checkbox question needs one option), sends `{user_id, answers, timestamp}` and thanks the user.
 * Everything typed is dropped when it closes.
 */
export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Share feedback" size="lg">
      <Suspense fallback={<FeedbackLoading />}>
        <FeedbackDialogBody onClose={onClose} />
      </Suspense>
    </Dialog>
  );
}
