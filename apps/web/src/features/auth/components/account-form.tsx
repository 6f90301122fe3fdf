import { loginMessages } from '@reelcraft/contract';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { buttonClasses } from '../../../components/button-styles';
import { FormMessage } from '../../../components/form-message';
import { Spinner } from '../../../components/spinner';
import { PasswordField, TextField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';
import { asksToVerifyEmail, loginErrors, registerErrors } from '../auth-errors';
import {
  currentPasswordError,
  emailError,
  fullNameError,
  NEW_PASSWORD_HINT,
  newPasswordError,
} from '../validation';
import { GoogleSignInLink } from './google-sign-in-link';

export type AccountFormMode = 'sign-in' | 'create';

const modes: { id: AccountFormMode; label: string }[] = [
  { id: 'sign-in', label: 'Sign In' },
  { id: 'create', label: 'Create Account' },
];

interface FieldErrors {
  fullName?: string | null;
  email?: string | null;
  password?: string | null;
}

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
}

/**
 * Sign In and Create Account in one form (spec 000 section 2.3): Full Name only when creating; email
 * (an email input) and password always; every field required. Failures show the catalogue's texts.
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
}: AccountFormProps) {
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const login = useLogin();
  const register = useRegister();
  const fullNameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const tabRefs = useRef<Record<AccountFormMode, HTMLButtonElement | null>>({
    'sign-in': null,
    create: null,
  });

  const creating = mode === 'create';
  const pending = login.isPending || register.isPending;

  let failure: string | null = null;
  if (creating && register.isError) failure = errorMessage(register.error, registerErrors);
  else if (!creating && login.isError) failure = errorMessage(login.error, loginErrors);
  else if (!creating && googleFailed && login.isIdle) failure = loginMessages.googleFailed;

  const switchMode = (next: AccountFormMode) => {
    if (next === mode) return;
    login.reset();
    register.reset();
    setErrors({});
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const problems: FieldErrors = {
      fullName: creating ? fullNameError(fullName) : null,
      email: emailError(email),
      password: creating ? newPasswordError(password) : currentPasswordError(password),
    };
    setErrors(problems);
    const firstInvalid = problems.fullName
      ? fullNameRef
      : problems.email
        ? emailRef
        : problems.password
          ? passwordRef
          : null;
    if (firstInvalid) {
      firstInvalid.current?.focus();
      return;
    }
    onSubmitStart();
    if (creating) {
      register.mutate({ fullName, email, password }, { onSuccess: () => onRegistered(email.trim()) });
    } else {
      login.mutate({ email, password }, { onSuccess: onSignedIn });
    }
  };

  return (
    <div>
      <h1 className="font-display text-3xl font-semibold tracking-tight">
        {creating ? 'Create your account' : 'Welcome back'}
      </h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        {creating
          ? 'Start turning ideas into finished videos in minutes.'
          : 'Sign in to keep creating videos with ReelCraft.'}
      </p>

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

      <form
        id="account-form"
        role="tabpanel"
        aria-labelledby={`account-tab-${mode}`}
        noValidate
        onSubmit={submit}
        className="space-y-4"
      >
        {creating && (
          <TextField
            ref={fullNameRef}
            label="Full Name"
            name="full_name"
            autoComplete="name"
            required
            value={fullName}
            error={errors.fullName}
            onChange={(event) => {
              setFullName(event.target.value);
              setErrors((current) => ({ ...current, fullName: null }));
            }}
          />
        )}
        <TextField
          ref={emailRef}
          label="Email"
          type="email"
          name="email"
          autoComplete={creating ? 'email' : 'username'}
          required
          value={email}
          error={errors.email}
          onChange={(event) => {
            onEmailChange(event.target.value);
            setErrors((current) => ({ ...current, email: null }));
          }}
        />
        <PasswordField
          ref={passwordRef}
          label="Password"
          name="password"
          autoComplete={creating ? 'new-password' : 'current-password'}
          required
          value={password}
          error={errors.password}
          hint={creating ? NEW_PASSWORD_HINT : undefined}
          onChange={(event) => {
            setPassword(event.target.value);
            setErrors((current) => ({ ...current, password: null }));
          }}
        />

        <FormMessage tone="error">
          {failure && (
            <>
              <p>{failure}</p>
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
  );
}
