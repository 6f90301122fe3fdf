import { zodResolver } from '@hookform/resolvers/zod';
import { loginMessages, sessionMessages } from '@reelcraft/contract';
import { useRef, type KeyboardEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { ClockAlertIcon } from 'lucide-react';
import { buttonClasses } from '../../../components/button-styles';
import { FormMessage } from '../../../components/form-message';
import { Spinner } from '../../../components/spinner';
import { PasswordField, TextField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api-client';
import { showServerFieldErrors, type FieldOfLoc } from '../../../lib/server-field-errors';
import { loginRefusalOf, useLogin } from '../api/login';
import { useRegister } from '../api/register';
import { asksToVerifyEmail, loginErrors, registerErrors } from '../auth-errors';
import {
  createAccountFormSchema,
  NEW_PASSWORD_HINT,
  signInFormSchema,
  type AccountFormInput,
} from '../validation';
import { GoogleSignInLink } from './google-sign-in-link';
import { LoginRefusalGuidance } from './login-refusal-guidance';

export type AccountFormMode = 'sign-in' | 'create';

const modes: { id: AccountFormMode; label: string }[] = [
  { id: 'sign-in', label: 'Sign In' },
  { id: 'create', label: 'Create Account' },
];

const resolvers = {
  'sign-in': zodResolver(signInFormSchema),
  create: zodResolver(createAccountFormSchema),
};

/** One form for both tabs: the tab (the form's context) picks the rules it is checked by. */
const accountResolver: Resolver<AccountFormInput, AccountFormMode> = (values, mode, options) =>
  resolvers[mode ?? 'sign-in'](values, mode, options);

/** A 422 of the sign-in names the email `username`, as the OAuth2 password form does. */
const fieldOfLoc: FieldOfLoc<AccountFormInput> = (loc) =>
  loc.includes('username') || loc.includes('email')
    ? 'email'
    : loc.includes('password')
      ? 'password'
      : loc.includes('full_name')
        ? 'full_name'
        : undefined;

interface AccountFormProps {
  mode: AccountFormMode;
  onModeChange: (mode: AccountFormMode) => void;
  /** Kept by the page so the help dialogs start with it. */
  email: string;
  onEmailChange: (email: string) => void;
  /** The Google sign-in came back with an error (`?error=google`). */
  googleFailed: boolean;
  /** The user tried again: the Google error no longer applies. */
  onSubmitStart: () => void;
  onSignedIn: () => void;
  onRegistered: (email: string) => void;
  onResendVerification: () => void;
  /** Opens Forgot Password: a reset lifts a pause of sign-in after too many wrong passwords. */
  onResetPassword: () => void;
  /** Just verified a new account: this first sign-in is not a return, so no "Welcome back". */
  firstSignIn?: boolean;
  /** The last session expired or was refused: said until the user tries to sign in again. */
  sessionExpired?: boolean;
}

/**
 * Sign In and Create Account in one form (spec 000 section 2.3): Full Name only when creating; email
 * (an email input) and password always; every field required. Field problems show under their field
 * (the server's 422 too); other failures show the catalogue's texts.
 */
export function AccountForm({
  mode,
  onModeChange,
  email,
  onEmailChange,
  googleFailed,
  onSubmitStart,
  onSignedIn,
  onRegistered,
  onResendVerification,
  onResetPassword,
  firstSignIn = false,
  sessionExpired = false,
}: AccountFormProps) {
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<
    AccountFormInput,
    AccountFormMode
  >({
    resolver: accountResolver,
    context: mode,
    defaultValues: { full_name: '', email, password: '' },
  });
  // Registered here, in the order they are shown, though Full Name shows on one tab only: the form
  // focuses the first invalid field in the order its fields were registered.
  const fields = {
    full_name: register('full_name'),
    email: register('email', {
      onChange: (event: { target: HTMLInputElement }) => onEmailChange(event.target.value),
    }),
    password: register('password'),
  };
  const login = useLogin();
  const registration = useRegister();
  const tabRefs = useRef<Record<AccountFormMode, HTMLButtonElement | null>>({
    'sign-in': null,
    create: null,
  });

  const creating = mode === 'create';
  const pending = login.isPending || registration.isPending;
  const errors = formState.errors;

  let failure: string | null = null;
  const refusal = !creating && login.isError ? loginRefusalOf(login.error) : null;
  if (creating && registration.isError) failure = errorMessage(registration.error, registerErrors);
  else if (!creating && login.isError) failure = errorMessage(login.error, loginErrors);
  else if (!creating && googleFailed && login.isIdle) failure = loginMessages.googleFailed;
  // Why the user is here, until an attempt of theirs has its own answer (issue 36: it flashed on the
  // screen the session ended on, then a bare sign-in form followed).
  const showSessionExpired = sessionExpired && !creating && login.isIdle && !failure;

  const switchMode = (next: AccountFormMode) => {
    if (next === mode) return;
    login.reset();
    registration.reset();
    clearErrors();
    onModeChange(next);
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next: AccountFormMode =
      event.key === 'Home'
        ? 'sign-in'
        : event.key === 'End'
          ? 'create'
          : mode === 'sign-in'
            ? 'create'
            : 'sign-in';
    switchMode(next);
    tabRefs.current[next]?.focus();
  };

  // A 422 whose issues found their fields is shown there, not once more above the button.
  const showOnFields = (mutation: { reset: () => void }) => (error: Error) => {
    if (showServerFieldErrors(error, fieldOfLoc, setError)) mutation.reset();
  };

  const submit = handleSubmit((values) => {
    if (pending) return;
    onSubmitStart();
    if (creating) {
      registration.mutate(
        { fullName: values.full_name, email: values.email, password: values.password },
        { onSuccess: () => onRegistered(values.email), onError: showOnFields(registration) },
      );
    } else {
      login.mutate(
        { email: values.email, password: values.password },
        { onSuccess: onSignedIn, onError: showOnFields(login) },
      );
    }
  });

  return (
    <div>
      <h1 className="font-display text-3xl font-semibold tracking-tight">
        {creating ? 'Create your account' : firstSignIn ? 'Welcome to ReelCraft' : 'Welcome back'}
      </h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        {creating
          ? 'Start turning ideas into finished videos in minutes.'
          : firstSignIn
            ? 'Your email is verified. Sign in to make your first video.'
            : 'Sign in to keep creating videos with ReelCraft.'}
      </p>

      {showSessionExpired && (
        <div
          role="alert"
          className="mt-6 flex gap-2.5 rounded-xl border border-amber-300 bg-amber-50 px-3.5 py-3 text-sm leading-6 text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100"
        >
          <ClockAlertIcon className="mt-0.5 size-5 shrink-0" />
          <p>{sessionMessages.sessionExpired}</p>
        </div>
      )}

      <div
        role="tablist"
        aria-label="Account"
        className="mt-8 grid grid-cols-2 rounded-full border border-zinc-200 bg-zinc-100 p-1 dark:border-white/10 dark:bg-white/[0.04]"
      >
        {modes.map((item) => {
          const selected = item.id === mode;
          return (
            <button
              key={item.id}
              ref={(element) => {
                tabRefs.current[item.id] = element;
              }}
              type="button"
              role="tab"
              id={`account-tab-${item.id}`}
              aria-selected={selected}
              aria-controls="account-form"
              tabIndex={selected ? 0 : -1}
              onClick={() => switchMode(item.id)}
              onKeyDown={onTabKeyDown}
              className={`h-9 rounded-full text-sm font-medium transition-colors ${
                selected
                  ? 'bg-white text-zinc-900 shadow-sm dark:bg-zinc-800 dark:text-white'
                  : 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white'
              }`}
            >
              {item.label}
            </button>
          );
        })}
      </div>

      <div className="mt-6">
        <GoogleSignInLink />
      </div>

      {/* The panel is a wrapper: ARIA does not allow a <form> to take the tabpanel role. */}
      <div id="account-form" role="tabpanel" aria-labelledby={`account-tab-${mode}`}>
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          {creating && (
            <TextField
              label="Full Name"
              autoComplete="name"
              required
              error={errors.full_name?.message}
              {...fields.full_name}
            />
          )}
          <TextField
            label="Email"
            type="email"
            autoComplete={creating ? 'email' : 'username'}
            required
            error={errors.email?.message}
            {...fields.email}
          />
          <PasswordField
            label="Password"
            autoComplete={creating ? 'new-password' : 'current-password'}
            required
            error={errors.password?.message}
            hint={creating ? NEW_PASSWORD_HINT : undefined}
            {...fields.password}
          />

          <FormMessage tone="error">
            {failure && (
              <>
                <p>{failure}</p>
                {refusal && <LoginRefusalGuidance refusal={refusal} onResetPassword={onResetPassword} />}
                {!creating && asksToVerifyEmail(failure) && (
                  <button
                    type="button"
                    onClick={onResendVerification}
                    className="mt-1 font-semibold underline underline-offset-2 hover:no-underline"
                  >
                    Resend verification email
                  </button>
                )}
              </>
            )}
          </FormMessage>

          <button
            type="submit"
            disabled={pending}
            className={buttonClasses({ size: 'lg', className: 'mt-2 w-full' })}
          >
            {pending && <Spinner />}
            {pending
              ? creating
                ? 'Creating account…'
                : 'Signing in…'
              : creating
                ? 'Create Account'
                : 'Sign In'}
          </button>
        </form>
      </div>
    </div>
  );
}
