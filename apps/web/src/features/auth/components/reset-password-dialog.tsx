import { zodResolver } from '@hookform/resolvers/zod';
import { passwordMessages } from '@reelcraft/contract';
import { useForm, useWatch } from 'react-hook-form';
import { buttonClasses } from '../../../components/button-styles';
import { Dialog } from '../../../components/dialog';
import { FormMessage } from '../../../components/form-message';
import { Spinner } from '../../../components/spinner';
import { PasswordField, TextField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useResetPassword } from '../api/reset-password';
import { resetPasswordErrors } from '../auth-errors';
import { NEW_PASSWORD_HINT, resetFormSchema, type ResetFormInput } from '../validation';

interface ResetPasswordDialogProps {
  open: boolean;
  onClose: () => void;
  /** The token of the mailed link (`token` or `reset_token` in the query), or empty to type it in. */
  initialToken: string;
  /** The reset went through: the link is spent, so the caller drops it from the address. */
  onReset: () => void;
  /** Opens the forgot-password dialog, for a link that is spent or expired. */
  onRequestNewLink: () => void;
  /** The button that leaves once the password is reset. */
  doneLabel?: string;
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

/** The reset form on its own, for a page of its own (a signed-in user following a reset link). */
export function ResetPasswordForm({
  initialToken,
  onClose,
  onReset,
  onRequestNewLink,
  doneLabel = 'Back to Sign In',
}: Omit<ResetPasswordDialogProps, 'open'>) {
  const { register, handleSubmit, setError, control, formState } = useForm<ResetFormInput>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { token: initialToken, new_password: '', confirm_password: '' },
  });
  const [password, confirmation] = useWatch({ control, name: ['new_password', 'confirm_password'] });
  const reset = useResetPassword();
  const errors = formState.errors;

  // Checked as the user types, not on submit (spec 000 section 5): the mismatch shows once the
  // confirmation has something in it, and the submit stays disabled while the two differ.
  const mismatch = confirmation !== '' && password !== confirmation;
  const differ = password !== confirmation;

  const submit = handleSubmit(({ token, new_password }) => {
    if (reset.isPending) return;
    reset.mutate(
      { token, new_password },
      {
        onSuccess: onReset,
        // A 422 about the token or the password is shown under its field, not once more below.
        onError: (error) => {
          if (showServerFieldErrors(error, ['token', 'new_password'], setError)) reset.reset();
        },
      },
    );
  });

  if (reset.isSuccess) {
    return (
      <div className="mt-5 space-y-5">
        <FormMessage tone="success">{passwordMessages.resetSucceeded}</FormMessage>
        <div className="flex justify-end">
          <button type="button" onClick={onClose} className={buttonClasses()}>
            {doneLabel}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-5 space-y-4">
      <TextField
        label="Reset token"
        data-autofocus={initialToken ? undefined : true}
        autoComplete="off"
        spellCheck={false}
        required
        error={errors.token?.message}
        hint={initialToken ? 'Filled in from your reset link.' : 'The token from the reset email.'}
        {...register('token')}
      />
      <PasswordField
        label="New password"
        data-autofocus={initialToken ? true : undefined}
        autoComplete="new-password"
        required
        error={errors.new_password?.message}
        hint={NEW_PASSWORD_HINT}
        {...register('new_password')}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        required
        error={mismatch ? passwordMessages.passwordsDoNotMatch : errors.confirm_password?.message}
        hint="Type the new password again."
        {...register('confirm_password')}
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
