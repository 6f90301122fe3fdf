import { passwordMessages } from '@reelcraft/contract';
import { useState, type FormEvent } from 'react';
import { buttonClasses } from '../../../components/button-styles';
import { Dialog } from '../../../components/dialog';
import { FormMessage } from '../../../components/form-message';
import { Spinner } from '../../../components/spinner';
import { PasswordField, TextField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { resetPasswordErrors } from '../auth-errors';
import { NEW_PASSWORD_HINT, newPasswordError } from '../validation';

interface ResetPasswordDialogProps {
  open: boolean;
  onClose: () => void;
  /** The token of the mailed link (`token` or `reset_token` in the query), or empty to type it in. */
  initialToken: string;
  /** The reset went through: the link is spent, so the caller drops it from the address. */
  onReset: () => void;
  /** Opens the forgot-password dialog, for a link that is spent or expired. */
  onRequestNewLink: () => void;
}

/**
 * Reset password (spec 000 sections 2.3 and 5): reset token, new password and its confirmation; while
 * the two differ, `Passwords do not match` shows and the submit is disabled, as it is while sending.
 */
export function ResetPasswordDialog({ open, onClose, ...formProps }: ResetPasswordDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Reset Password"
      description="Choose a new password for your account."
    >
      <ResetPasswordForm onClose={onClose} {...formProps} />
    </Dialog>
  );
}

function ResetPasswordForm({
  initialToken,
  onClose,
  onReset,
  onRequestNewLink,
}: Omit<ResetPasswordDialogProps, 'open'>) {
  const [token, setToken] = useState(initialToken);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ token?: string | null; password?: string | null }>({});
  const reset = useResetPassword();

  const mismatch = confirmation !== '' && password !== confirmation;
  const differ = password !== confirmation;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (differ || reset.isPending) return;
    const problems = {
      token: token.trim() ? null : 'Enter the reset token from the email.',
      password: newPasswordError(password),
    };
    setErrors(problems);
    if (problems.token || problems.password) return;
    reset.mutate({ token, new_password: password }, { onSuccess: onReset });
  };

  if (reset.isSuccess) {
    return (
      <div className="mt-5 space-y-5">
        <FormMessage tone="success">{passwordMessages.resetSucceeded}</FormMessage>
        <div className="flex justify-end">
          <button type="button" onClick={onClose} className={buttonClasses()}>
            Back to Sign In
          </button>
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="mt-5 space-y-4">
      <TextField
        label="Reset token"
        data-autofocus={initialToken ? undefined : true}
        name="token"
        autoComplete="off"
        spellCheck={false}
        required
        value={token}
        error={errors.token}
        hint={initialToken ? 'Filled in from your reset link.' : 'The token from the reset email.'}
        onChange={(event) => {
          setToken(event.target.value);
          setErrors((current) => ({ ...current, token: null }));
        }}
      />
      <PasswordField
        label="New password"
        data-autofocus={initialToken ? true : undefined}
        name="new-password"
        autoComplete="new-password"
        required
        value={password}
        error={errors.password}
        hint={NEW_PASSWORD_HINT}
        onChange={(event) => {
          setPassword(event.target.value);
          setErrors((current) => ({ ...current, password: null }));
        }}
      />
      <PasswordField
        label="Confirm password"
        name="confirm-password"
        autoComplete="new-password"
        required
        value={confirmation}
        error={mismatch ? passwordMessages.passwordsDoNotMatch : null}
        hint="Type the new password again."
        onChange={(event) => setConfirmation(event.target.value)}
      />
      <FormMessage tone="error">
        {reset.isError && (
          <>
            <p>{errorMessage(reset.error, resetPasswordErrors)}</p>
            <button
              type="button"
              onClick={onRequestNewLink}
              className="mt-1 font-semibold underline underline-offset-2 hover:no-underline"
            >
              Send me a new link
            </button>
          </>
        )}
      </FormMessage>
      <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} className={buttonClasses({ variant: 'secondary' })}>
          Cancel
        </button>
        <button type="submit" disabled={differ || reset.isPending} className={buttonClasses()}>
          {reset.isPending && <Spinner />}
          {reset.isPending ? 'Resetting…' : 'Reset password'}
        </button>
      </div>
    </form>
  );
}
