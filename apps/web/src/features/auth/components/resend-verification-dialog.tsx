import { verificationMessages } from '@reelcraft/contract';
import { sendVerificationEmail } from '../api/resend-verification';
import { resendVerificationErrors } from '../auth-errors';
import { EmailLinkDialog } from './email-link-dialog';

/** Resend verification (spec 000 section 2.3): a new link for an account not verified yet. */
export function ResendVerificationDialog({
  open,
  onClose,
  initialEmail,
}: {
  open: boolean;
  onClose: () => void;
  initialEmail: string;
}) {
  return (
    <EmailLinkDialog
      open={open}
      onClose={onClose}
      title="Resend Verification Email"
      description="Enter the email address you signed up with and we will send you a new verification link."
      initialEmail={initialEmail}
      submitLabel="Send verification email"
      send={sendVerificationEmail}
      failureTexts={resendVerificationErrors}
      sentMessage={verificationMessages.resendSucceeded}
      doneLabel="Done"
    />
  );
}
