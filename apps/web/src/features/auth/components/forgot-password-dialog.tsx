import { passwordMessages } from '@reelcraft/contract';
import { useState, type FormEvent } from 'react';
import { buttonClasses } from '../../../components/button-styles';
import { Dialog } from '../../../components/dialog';
import { FormMessage } from '../../../components/form-message';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { forgotPasswordErrors } from '../auth-errors';
import { emailError } from '../validation';

interface ForgotPasswordDialogProps {
  open: boolean;
  onClose: () => void;
  /** What the sign-in form holds, so the user does not type it twice. */
  initialEmail: string;
  /** Opens the reset dialog, for a user who already has the token from the mail. */
  onEnterToken: () => void;
}

/** Forgot password (spec 000 section 2.3): the email of the account, then a mailed reset link. */
export function ForgotPasswordDialog({
  open,
  onClose,
  initialEmail,
  onEnterToken,
}: ForgotPasswordDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Forgot Password"
      description="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <ForgotPasswordForm initialEmail={initialEmail} onClose={onClose} onEnterToken={onEnterToken} />
    </Dialog>
  );
}

function ForgotPasswordForm({
  initialEmail,
  onClose,
  onEnterToken,
}: Omit<ForgotPasswordDialogProps, 'open'>) {
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const request = useRequestPasswordReset();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = emailError(email);
    setFieldError(problem);
    if (problem) return;
    request.mutate(email);
  };

  if (request.isSuccess) {
    return (
      <div className="mt-5 space-y-5">
        <FormMessage tone="success">{passwordMessages.resetEmailSent}</FormMessage>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" onClick={onEnterToken} className={buttonClasses({ variant: 'secondary' })}>
            I have a reset token
          </button>
          <button type="button" onClick={onClose} className={buttonClasses()}>
            Back to Sign In
          </button>
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="mt-5 space-y-5">
      <TextField
        label="Email"
        data-autofocus
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        error={fieldError}
        onChange={(event) => {
          setEmail(event.target.value);
          setFieldError(null);
        }}
      />
      <FormMessage tone="error">
        {request.isError && errorMessage(request.error, forgotPasswordErrors)}
      </FormMessage>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} className={buttonClasses({ variant: 'secondary' })}>
          Cancel
        </button>
        <button type="submit" disabled={request.isPending} className={buttonClasses()}>
          {request.isPending && <Spinner />}
          {request.isPending ? 'Sending…' : 'Send reset link'}
        </button>
      </div>
    </form>
  );
}
