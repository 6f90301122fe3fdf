import { passwordMessages } from '@reelcraft/contract';
import { sendPasswordResetEmail } from '../api/request-password-reset';
import { forgotPasswordErrors } from '../auth-errors';
import { EmailLinkDialog } from './email-link-dialog';

/** Forgot password (spec 000 section 2.3): the email of the account, then a mailed reset link. */
export function ForgotPasswordDialog({
  open,
  onClose,
  initialEmail,
  onEnterToken,
}: {
  open: boolean;
  onClose: () => void;
  initialEmail: string;
  /** Opens the reset dialog, for a user who already has the token from the mail. */
  onEnterToken: () => void;
}) {
  return (
    <EmailLinkDialog
      open={open}
      onClose={onClose}
      title="Forgot Password"
      description="Enter the email address of your account and we will send you a link to choose a new password."
      initialEmail={initialEmail}
      submitLabel="Send reset link"
      send={sendPasswordResetEmail}
      failureTexts={forgotPasswordErrors}
      sentMessage={passwordMessages.resetEmailSent}
      doneLabel="Back to Sign In"
      sentAction={{ label: 'I have a reset token', onClick: onEnterToken }}
    />
  );
}
