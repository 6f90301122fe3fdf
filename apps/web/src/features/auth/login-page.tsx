import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { AccountForm, type AccountFormMode } from './components/account-form';
import { AuthLayout } from './components/auth-layout';
import { ForgotPasswordDialog } from './components/forgot-password-dialog';
import { NeedHelp } from './components/need-help';
import { ResendVerificationDialog } from './components/resend-verification-dialog';
import { ResetPasswordDialog, ResetPasswordForm } from './components/reset-password-dialog';

type OpenDialog = 'forgot' | 'reset' | 'resend' | null;

/** The reset token of a mailed link: `token`, or `reset_token` as older links spell it. */
function resetTokenIn(search: URLSearchParams): string | null {
  return search.get('token') || search.get('reset_token') || null;
}

/**
 * `/login` and `/reset-password` (spec 000 section 2.3): sign in or create an account, sign in with
 * Google, and get help (forgot password, reset password, resend verification) in dialogs. A reset
 * link's token in the query opens the reset dialog with it filled in.
 */
export function LoginPage() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const urlResetToken = resetTokenIn(search);

  // `?mode=create` (the landing's Get Started) opens on Create Account.
  const [mode, setMode] = useState<AccountFormMode>(() =>
    search.get('mode') === 'create' ? 'create' : 'sign-in',
  );
  const [email, setEmail] = useState('');
  const [dialog, setDialog] = useState<OpenDialog>(urlResetToken ? 'reset' : null);
  const [resetToken, setResetToken] = useState(urlResetToken ?? '');
  const [signedInHere, setSignedInHere] = useState(false);
  // Signed in (or being checked) before this screen opened: not someone signing in on it right now.
  const [signedInOnArrival] = useState(session.status !== 'signed-out');

  // A reset link opened while this screen is already showing (another click in the mail).
  const [linkSeen, setLinkSeen] = useState(urlResetToken);
  if (urlResetToken !== linkSeen) {
    setLinkSeen(urlResetToken);
    if (urlResetToken) {
      setResetToken(urlResetToken);
      setDialog('reset');
    }
  }

  const dropFromQuery = (...names: string[]) => {
    if (!names.some((name) => search.has(name))) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of names) next.delete(name);
        return next;
      },
      { replace: true },
    );
  };

  // Signed in (here, or already when /login was opened): on to the redirect-after-login path, else
  // onboarding or the dashboard; the session store picked which when the sign-in happened.
  if (session.status === 'signed-in' && (location.pathname === paths.login || signedInHere)) {
    return <Navigate to={session.destination} replace />;
  }

  // A reset link is for whoever holds it: a signed-in user gets the reset form, not the sign-in form.
  if (session.status === 'signed-in' && signedInOnArrival && location.pathname === paths.resetPassword) {
    return (
      <AuthLayout title="Reset Password">
        <h1 className="font-display text-3xl font-semibold tracking-tight">Reset Password</h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          Choose a new password for your account.
        </p>
        <ResetPasswordForm
          initialToken={resetToken}
          onClose={() => void navigate(paths.dashboard)}
          onReset={() => dropFromQuery('token', 'reset_token')}
          onRequestNewLink={() => setDialog('forgot')}
          doneLabel="Back to the dashboard"
        />
        <ForgotPasswordDialog
          open={dialog === 'forgot'}
          onClose={() => setDialog(null)}
          initialEmail={session.user.email}
          onEnterToken={() => setDialog(null)}
        />
      </AuthLayout>
    );
  }

  const closeDialog = () => {
    setDialog(null);
    dropFromQuery('token', 'reset_token');
  };

  return (
    <AuthLayout title={mode === 'create' ? 'Create Account' : 'Sign In'} showcase>
      <AccountForm
        mode={mode}
        onModeChange={setMode}
        email={email}
        onEmailChange={setEmail}
        googleFailed={search.get('error') === 'google'}
        onSubmitStart={() => dropFromQuery('error')}
        onSignedIn={() => setSignedInHere(true)}
        onRegistered={(registered) => navigate(paths.verifyEmail, { state: { email: registered } })}
        onResendVerification={() => setDialog('resend')}
        onResetPassword={() => setDialog('forgot')}
        firstSignIn={(location.state as { verified?: unknown } | null)?.verified === true}
        sessionExpired={
          session.status === 'signed-out' && (session.endedBy === 'expired' || session.endedBy === 'rejected')
        }
      />

      <NeedHelp
        onForgotPassword={() => setDialog('forgot')}
        onResendVerification={() => setDialog('resend')}
      />

      <ForgotPasswordDialog
        open={dialog === 'forgot'}
        onClose={closeDialog}
        initialEmail={email}
        onEnterToken={() => {
          setResetToken('');
          setDialog('reset');
        }}
      />
      <ResetPasswordDialog
        open={dialog === 'reset'}
        onClose={closeDialog}
        initialToken={resetToken}
        onReset={() => dropFromQuery('token', 'reset_token')}
        onRequestNewLink={() => {
          dropFromQuery('token', 'reset_token');
          setDialog('forgot');
        }}
      />
      <ResendVerificationDialog open={dialog === 'resend'} onClose={closeDialog} initialEmail={email} />
    </AuthLayout>
  );
}
