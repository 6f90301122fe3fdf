import { verificationMessages } from '@reelcraft/contract';
import { useState, type FormEvent } from 'react';
import { buttonClasses } from '../../../components/button-styles';
import { Dialog } from '../../../components/dialog';
import { FormMessage } from '../../../components/form-message';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useResendVerification } from '../api/resend-verification';
import { resendVerificationErrors } from '../auth-errors';
import { emailError } from '../validation';

interface ResendVerificationDialogProps {
  open: boolean;
  onClose: () => void;
  initialEmail: string;
}

/** Resend verification (spec 000 section 2.3): a new link for an account not verified yet. */
export function ResendVerificationDialog({ open, onClose, initialEmail }: ResendVerificationDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Resend Verification Email"
      description="Enter the email address you signed up with and we will send you a new verification link."
    >
      <ResendVerificationForm initialEmail={initialEmail} onClose={onClose} />
    </Dialog>
  );
}

function ResendVerificationForm({ initialEmail, onClose }: Omit<ResendVerificationDialogProps, 'open'>) {
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const resend = useResendVerification();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = emailError(email);
    setFieldError(problem);
    if (problem) return;
    resend.mutate(email);
  };

  if (resend.isSuccess) {
    return (
      <div className="mt-5 space-y-5">
        <FormMessage tone="success">{verificationMessages.resendSucceeded}</FormMessage>
        <div className="flex justify-end">
          <button type="button" onClick={onClose} className={buttonClasses()}>
            Done
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
        {resend.isError && errorMessage(resend.error, resendVerificationErrors)}
      </FormMessage>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} className={buttonClasses({ variant: 'secondary' })}>
          Cancel
        </button>
        <button type="submit" disabled={resend.isPending} className={buttonClasses()}>
          {resend.isPending && <Spinner />}
          {resend.isPending ? 'Sending…' : 'Send verification email'}
        </button>
      </div>
    </form>
  );
}
