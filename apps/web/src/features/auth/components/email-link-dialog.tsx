import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { buttonClasses } from '../../../components/button-styles';
import { Dialog } from '../../../components/dialog';
import { FormMessage } from '../../../components/form-message';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { errorMessage, type ErrorCatalogue } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { emailFormSchema, type EmailFormInput } from '../validation';

interface EmailLinkDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  /** What the sign-in form holds, so the user does not type it twice. */
  initialEmail: string;
  submitLabel: string;
  /** Asks the server to mail the link. */
  send: (email: string) => Promise<unknown>;
  /** The texts for a failed request (spec 000 section 8). */
  failureTexts: ErrorCatalogue;
  sentMessage: string;
  /** The button that closes the dialog once the link is sent. */
  doneLabel: string;
  /** Another way on once the link is sent, beside the done button. */
  sentAction?: { label: string; onClick: () => void };
}

/**
 * A dialog that mails a link to one address (spec 000 section 2.3): Forgot Password and Resend
 * Verification Email differ only in their texts and the call they make.
 */
export function EmailLinkDialog({ open, onClose, title, description, ...formProps }: EmailLinkDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      <EmailLinkForm onClose={onClose} {...formProps} />
    </Dialog>
  );
}

function EmailLinkForm({
  onClose,
  initialEmail,
  submitLabel,
  send,
  failureTexts,
  sentMessage,
  doneLabel,
  sentAction,
}: Omit<EmailLinkDialogProps, 'open' | 'title' | 'description'>) {
  const { register, handleSubmit, setError, formState } = useForm<EmailFormInput>({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: initialEmail },
  });
  const request = useMutation({
    mutationFn: send,
    // A 422 about the address is shown under the field, not once more below it.
    onError: (error) => {
      if (showServerFieldErrors(error, ['email'], setError)) request.reset();
    },
  });

  if (request.isSuccess) {
    return (
      <div className="mt-5 space-y-5">
        <FormMessage tone="success">{sentMessage}</FormMessage>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {sentAction && (
            <button
              type="button"
              onClick={sentAction.onClick}
              className={buttonClasses({ variant: 'secondary' })}
            >
              {sentAction.label}
            </button>
          )}
          <button type="button" onClick={onClose} className={buttonClasses()}>
            {doneLabel}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(({ email }) => request.mutate(email))(event)}
      className="mt-5 space-y-5"
    >
      <TextField
        label="Email"
        data-autofocus
        type="email"
        autoComplete="email"
        required
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <FormMessage tone="error">{request.isError && errorMessage(request.error, failureTexts)}</FormMessage>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} className={buttonClasses({ variant: 'secondary' })}>
          Cancel
        </button>
        <button type="submit" disabled={request.isPending} className={buttonClasses()}>
          {request.isPending && <Spinner />}
          {request.isPending ? 'Sending…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
