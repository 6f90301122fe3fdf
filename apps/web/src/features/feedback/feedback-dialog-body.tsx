import { zodResolver } from '@hookform/resolvers/zod';
import {
  feedbackMessages,
  isFeedbackAnswered,
  submitFeedbackBodySchema,
  type FeedbackQuestion,
  type SubmitFeedbackBody,
} from '@reelcraft/contract';
import { useEffect, useId, useMemo, useRef, type InputHTMLAttributes, type Ref } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { CircleAlertIcon, CircleCheckIcon, MailIcon } from 'lucide-react';
import { useSession } from '../../lib/session';
import { showServerFieldErrors, type FieldOfLoc } from '../../lib/server-field-errors';
import { supportEmail } from '../../lib/support';
import { buttonClasses } from '../../components/button-styles';
import { FormMessage } from '../../components/form-message';
import { Spinner } from '../../components/spinner';
import { inputClasses } from '../../components/text-field';
import { FeedbackLoading } from './feedback-loading';
import { useFeedbackQuestions } from './get-feedback-questions';
import { useSubmitFeedback } from './submit-feedback';

type Answer = string | string[];

/** The form holds the answers by question position: question ids are data, not safe field names. */
interface FeedbackFormInput {
  user_id: string;
  answers: Answer[];
}

/**
 * The form's rules for these questions (spec 000 section 5): the contract's user ID rule, and each
 * required question answered (a checkbox question needs one option). What is valid becomes the
 * submission, with only what was answered: blank texts and empty selections are no answer.
 */
function feedbackFormSchema(questions: readonly FeedbackQuestion[]) {
  return z
    .object({
      user_id: submitFeedbackBodySchema.shape.user_id,
      answers: z.array(z.union([z.string(), z.array(z.string())])).superRefine((answers, context) => {
        questions.forEach((question, index) => {
          if (question.required && !isFeedbackAnswered(question, answers[index])) {
            context.addIssue({ code: 'custom', message: feedbackMessages.answerRequired, path: [index] });
          }
        });
      }),
    })
    .transform(({ user_id, answers }): SubmitFeedbackBody => ({
      user_id,
      answers: Object.fromEntries(
        questions.flatMap((question, index) => {
          const value = answers[index];
          if (value === undefined || !isFeedbackAnswered(question, value)) return [];
          return [[question.id, typeof value === 'string' ? value.trim() : value]];
        }),
      ),
      timestamp: new Date().toISOString(),
    }));
}

/** What the feedback dialog shows: the questions' form, or the panel of what happened. */
export function FeedbackDialogBody({ onClose }: { onClose: () => void }) {
  const questions = useFeedbackQuestions();
  const submit = useSubmitFeedback();

  if (submit.isSuccess) return <ThanksPanel onClose={onClose} />;
  if (questions.isPending) return <FeedbackLoading />;
  if (questions.isError) {
    return (
      <ContactPanel
        retrying={questions.isFetching}
        onRetry={() => void questions.refetch()}
        onClose={onClose}
      />
    );
  }
  return <FeedbackForm questions={questions.data} submit={submit} onCancel={onClose} />;
}

function FeedbackForm({
  questions,
  submit,
  onCancel,
}: {
  questions: FeedbackQuestion[];
  submit: ReturnType<typeof useSubmitFeedback>;
  onCancel: () => void;
}) {
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const idPrefix = useId();
  const schema = useMemo(() => feedbackFormSchema(questions), [questions]);
  const { control, register, handleSubmit, setError, formState } = useForm<
    FeedbackFormInput,
    unknown,
    SubmitFeedbackBody
  >({
    resolver: zodResolver(schema),
    defaultValues: {
      // A signed-in user sends their own id; only a guest types one.
      user_id: user?.id ?? '',
      answers: questions.map((question) => (question.type === 'checkbox' ? [] : '')),
    },
  });
  const userId = useWatch({ control, name: 'user_id' });
  const guestWithoutId = !user && userId.trim() === '';
  const disabledReasonId = `${idPrefix}-submit-reason`;
  const sending = submit.isPending;

  // The server names a question by its id (`["body", "answers", "<id>"]`); the form by its position.
  const fieldOfLoc: FieldOfLoc<FeedbackFormInput> = (loc) => {
    if (loc.includes('user_id')) return 'user_id';
    const answersAt = loc.indexOf('answers');
    if (answersAt < 0) return undefined;
    const index = questions.findIndex((question) => question.id === loc[answersAt + 1]);
    return index >= 0 ? `answers.${index}` : undefined;
  };

  const send = handleSubmit((body) => {
    if (sending) return;
    submit.mutate(body, {
      // Issues about a question are shown at the question, not once more as a failure below.
      onError: (error) => {
        if (showServerFieldErrors(error, fieldOfLoc, setError)) submit.reset();
      },
    });
  });

  return (
    <form noValidate onSubmit={(event) => void send(event)} className="mt-2">
      <p className="text-sm leading-6 text-zinc-600 dark:text-zinc-400">
        Tell us what works and what gets in your way. Questions marked{' '}
        <span aria-hidden="true" className="font-semibold text-red-600 dark:text-red-400">
          *
        </span>
        <span className="sr-only">required</span> need an answer.
      </p>

      <div className="mt-6 space-y-7">
        {user ? (
          <p className="rounded-xl bg-zinc-100 px-3.5 py-2.5 text-sm text-zinc-700 dark:bg-white/5 dark:text-zinc-300">
            Sending as <span className="font-medium">{user.full_name || user.email}</span>
            {user.full_name && <span className="text-zinc-500 dark:text-zinc-400"> ({user.email})</span>}
          </p>
        ) : (
          <GuestContactField
            inputId={`${idPrefix}-user-id`}
            error={formState.errors.user_id?.message}
            {...register('user_id')}
          />
        )}

        {questions.map((question, index) => (
          <Controller
            key={question.id}
            control={control}
            name={`answers.${index}`}
            render={({ field, fieldState }) => (
              <QuestionField
                question={question}
                inputId={`${idPrefix}-${index}`}
                inputRef={field.ref}
                value={field.value}
                error={fieldState.error?.message}
                onChange={field.onChange}
              />
            )}
          />
        ))}
      </div>

      {submit.isError && (
        <FormMessage tone="error" className="mt-6">
          {feedbackMessages.submitFailed}
        </FormMessage>
      )}

      {/* The spec disables Submit for a guest without a user ID: the reason is shown beside it and read
          with it, so the grey button is never a riddle (issue 36). */}
      {guestWithoutId && (
        <p id={disabledReasonId} className="mt-6 text-sm text-zinc-600 sm:text-right dark:text-zinc-400">
          {feedbackMessages.guestNeedsContact}
        </p>
      )}
      <div
        className={`flex flex-col-reverse gap-3 sm:flex-row sm:justify-end ${guestWithoutId ? 'mt-3' : 'mt-8'}`}
      >
        <button type="button" onClick={onCancel} className={buttonClasses({ variant: 'secondary' })}>
          Cancel
        </button>
        <button
          type="submit"
          disabled={sending || guestWithoutId}
          aria-describedby={guestWithoutId ? disabledReasonId : undefined}
          className={buttonClasses({ variant: 'primary' })}
        >
          {sending && <Spinner />}
          {sending ? 'Sending…' : 'Submit feedback'}
        </button>
      </div>
    </form>
  );
}

/**
 * What a guest gives instead of an account (spec 000 section 2.9: "a signed-out user must enter a user
 * ID"): a visitor has none, so an email address is asked for first. Required, and marked so like the
 * required questions.
 */
function GuestContactField({
  inputId,
  error,
  ref,
  ...input
}: {
  inputId: string;
  error: string | undefined;
  ref: Ref<HTMLInputElement>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  const messageId = `${inputId}-message`;
  return (
    <div>
      <label htmlFor={inputId} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
        Email or user ID
        <RequiredAsterisk />
      </label>
      <input
        id={inputId}
        ref={ref}
        type="text"
        inputMode="email"
        autoComplete="email"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={messageId}
        className={`${inputClasses} mt-1.5`}
        {...input}
      />
      <p
        id={messageId}
        className={`mt-1.5 text-sm ${error ? 'text-red-600 dark:text-red-400' : 'text-zinc-500 dark:text-zinc-400'}`}
      >
        {error ?? 'The email address we can reply to, or the user ID of your ReelCraft account.'}
      </p>
    </div>
  );
}

/**
 * The mark of a required field. No space before it, and a word joiner, so it never wraps onto a line
 * of its own; the margin gives the gap a space would.
 */
function RequiredAsterisk() {
  return (
    <span aria-hidden="true" className="ml-1 text-red-600 dark:text-red-400">
      {'\u2060'}*
    </span>
  );
}

function RequiredMark() {
  return (
    <>
      <RequiredAsterisk /> <span className="sr-only">(required)</span>
    </>
  );
}

function QuestionField({
  question,
  inputId,
  inputRef,
  value,
  error,
  onChange,
}: {
  question: FeedbackQuestion;
  inputId: string;
  /** Takes the first control, which the form focuses when the question needs an answer. */
  inputRef: (element: HTMLElement | null) => void;
  value: Answer | undefined;
  error: string | undefined;
  onChange: (value: Answer) => void;
}) {
  const descriptionId = `${inputId}-description`;
  const errorId = `${inputId}-error`;
  const describedBy = [question.description ? descriptionId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  const description = question.description && (
    <p id={descriptionId} className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
      {question.description}
    </p>
  );
  const errorText = error && (
    <p id={errorId} className="mt-2 flex items-center gap-1.5 text-sm text-red-600 dark:text-red-400">
      <CircleAlertIcon className="size-4 shrink-0" />
      {error}
    </p>
  );
  const labelClasses = 'text-sm font-medium text-zinc-900 dark:text-zinc-100';

  if (question.type === 'text') {
    return (
      <div>
        <label htmlFor={inputId} className={labelClasses}>
          {question.question}
          {question.required && <RequiredMark />}
        </label>
        {description}
        <textarea
          id={inputId}
          ref={inputRef}
          rows={3}
          maxLength={5000}
          placeholder={question.placeholder ?? undefined}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          aria-required={question.required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`${inputClasses} mt-2 h-auto min-h-24 resize-y py-2.5`}
        />
        {errorText}
      </div>
    );
  }

  const selected = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  const isRadio = question.type === 'radio';
  return (
    <fieldset
      role={isRadio ? 'radiogroup' : undefined}
      aria-required={isRadio && question.required ? true : undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
    >
      <legend className={labelClasses}>
        {question.question}
        {question.required && <RequiredMark />}
      </legend>
      {description}
      <div className={`mt-3 grid gap-2 ${isRadio ? '' : 'sm:grid-cols-2'}`}>
        {question.options.map((option, index) => {
          const checked = selected.includes(option.value);
          return (
            <label
              key={option.value}
              className={`flex cursor-pointer items-center gap-3 rounded-xl border px-3.5 py-2.5 text-sm transition-colors ${
                checked
                  ? 'border-violet-500 bg-violet-500/10 text-zinc-900 dark:border-violet-400 dark:text-white'
                  : 'border-zinc-200 hover:border-zinc-300 hover:bg-zinc-50 dark:border-white/10 dark:hover:border-white/20 dark:hover:bg-white/5'
              }`}
            >
              <input
                id={index === 0 ? inputId : undefined}
                ref={index === 0 ? inputRef : undefined}
                type={isRadio ? 'radio' : 'checkbox'}
                name={question.id}
                value={option.value}
                checked={checked}
                onChange={(event) => {
                  if (isRadio) onChange(option.value);
                  else
                    onChange(
                      event.target.checked
                        ? [...selected, option.value]
                        : selected.filter((chosen) => chosen !== option.value),
                    );
                }}
                className="size-4 shrink-0 accent-violet-600"
              />
              {option.label}
            </label>
          );
        })}
      </div>
      {errorText}
    </fieldset>
  );
}

function ContactPanel({
  retrying,
  onRetry,
  onClose,
}: {
  retrying: boolean;
  onRetry: () => void;
  onClose: () => void;
}) {
  const email = supportEmail();
  return (
    <section aria-labelledby="feedback-contact-title" className="mt-4">
      <div className="flex flex-col items-center rounded-2xl border border-zinc-200 px-6 py-8 text-center dark:border-white/10">
        <span className="flex size-12 items-center justify-center rounded-full bg-violet-500/10 text-violet-600 dark:text-violet-300">
          <MailIcon className="size-6" />
        </span>
        <h3 id="feedback-contact-title" className="mt-4 font-semibold">
          Contact us instead
        </h3>
        <p className="mt-2 max-w-sm text-sm leading-6 text-zinc-600 dark:text-zinc-400">
          The feedback form could not be loaded right now. Write to us and we will read every word.
        </p>
        <a
          href={`mailto:${email}?subject=${encodeURIComponent('Feedback')}`}
          className={buttonClasses({ variant: 'primary', className: 'mt-5' })}
        >
          <MailIcon className="size-4" />
          Email {email}
        </a>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} className={buttonClasses({ variant: 'secondary' })}>
          Close
        </button>
        <button
          type="button"
          onClick={onRetry}
          disabled={retrying}
          className={buttonClasses({ variant: 'ghost' })}
        >
          {retrying && <Spinner />}
          Try again
        </button>
      </div>
    </section>
  );
}

function ThanksPanel({ onClose }: { onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  // The submit button that had the focus is gone: hand it to the way out.
  useEffect(() => closeRef.current?.focus(), []);
  return (
    <div className="mt-4 flex flex-col items-center px-2 py-6 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-emerald-500/10 text-emerald-600 dark:text-emerald-400">
        <CircleCheckIcon className="size-7" />
      </span>
      <p role="status" className="font-display mt-5 text-xl font-semibold tracking-tight">
        {feedbackMessages.thanks}
      </p>
      <p className="mt-2 max-w-sm text-sm leading-6 text-zinc-600 dark:text-zinc-400">
        Your answers went straight to the team that builds ReelCraft.
      </p>
      <button
        type="button"
        ref={closeRef}
        onClick={onClose}
        className={buttonClasses({ variant: 'primary', className: 'mt-6' })}
      >
        Close
      </button>
    </div>
  );
}
