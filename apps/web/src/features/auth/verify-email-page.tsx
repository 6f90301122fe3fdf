import { VERIFICATION_REDIRECT_DELAY_MS } from '@reelcraft/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { CircleAlertIcon, CircleCheckIcon, MailIcon } from 'lucide-react';
import { buttonClasses } from '../../components/button-styles';
import { Spinner } from '../../components/spinner';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useVerifyEmail } from './api/verify-email';
import { canRetryVerification, verificationErrorMessage, wantsNewVerificationLink } from './auth-errors';
import { AuthLayout } from './components/auth-layout';
import { ResendVerificationDialog } from './components/resend-verification-dialog';

type Tone = 'info' | 'pending' | 'success' | 'error';

const toneClasses: Record<Tone, string> = {
  info: 'bg-violet-500/10 text-violet-600 dark:text-violet-300',
  pending: 'bg-zinc-500/10 text-zinc-600 dark:text-zinc-300',
  success: 'bg-emerald-500/10 text-emerald-600 dark:text-emerald-300',
  error: 'bg-red-500/10 text-red-600 dark:text-red-300',
};

function StatusCard({
  tone,
  icon,
  title,
  children,
}: {
  tone: Tone;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="rounded-3xl border border-zinc-200 bg-white p-8 text-center shadow-xl shadow-zinc-900/5 dark:border-white/10 dark:bg-zinc-900/60 dark:shadow-black/30">
      <span className={`mx-auto flex size-14 items-center justify-center rounded-full ${toneClasses[tone]}`}>
        {icon}
      </span>
      <h1 className="font-display mt-6 text-2xl font-semibold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}

/** No token: what to do with the mail we sent (also where registration lands). */
function CheckInbox() {
  const location = useLocation();
  const state = location.state as { email?: unknown } | null;
  const email = typeof state?.email === 'string' ? state.email : '';
  const [resendOpen, setResendOpen] = useState(false);
  return (
    <StatusCard tone="info" icon={<MailIcon className="size-7" />} title="Check your inbox">
      <p className="mt-3 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
        {email ? (
          <>
            We sent a verification link to{' '}
            <strong className="font-semibold text-zinc-900 dark:text-white">{email}</strong>.
          </>
        ) : (
          'We sent a verification link to the email address you signed up with.'
        )}{' '}
        Open it to activate your account, then sign in.
      </p>
      <ul className="mt-5 space-y-1.5 text-left text-sm text-zinc-600 dark:text-zinc-400">
        <li>• The link works once and is valid for 24 hours.</li>
        <li>• Nothing there? Look in your spam or promotions folder.</li>
      </ul>
      <div className="mt-8 flex flex-col gap-3">
        <Link to={paths.login} className={buttonClasses({ size: 'lg' })}>
          Return to Login
        </Link>
        <button
          type="button"
          onClick={() => setResendOpen(true)}
          className={buttonClasses({ variant: 'ghost', size: 'lg' })}
        >
          Resend verification email
        </button>
      </div>
      <ResendVerificationDialog open={resendOpen} onClose={() => setResendOpen(false)} initialEmail={email} />
    </StatusCard>
  );
}

/**
 * Signed in, without a token: every session is of a verified account (password sign-in refuses an
 * unverified one, Google signs in only a verified address, a reset verifies), so there is nothing to
 * check in an inbox: the screen says so and leads back to the app (issue 36).
 */
function AlreadySignedIn({ email }: { email: string }) {
  return (
    <StatusCard tone="success" icon={<CircleCheckIcon className="size-7" />} title="Your email is verified">
      <p className="mt-3 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
        <strong className="font-semibold text-zinc-900 dark:text-white">{email}</strong> is verified and you
        are signed in. There is nothing more to do here.
      </p>
      <div className="mt-8 flex flex-col gap-3">
        <Link to={paths.dashboard} className={buttonClasses({ size: 'lg' })}>
          Go to the dashboard
        </Link>
      </div>
    </StatusCard>
  );
}

/**
 * With a token: pending, then success (on after 3 s) or the catalogue's error. Success goes on to sign
 * in, or to the dashboard for a user signed in already. An account verified before this link (by an
 * earlier link, a reset, Google) says so rather than that the link is spent.
 */
function VerifyToken({ token }: { token: string }) {
  const verification = useVerifyEmail(token);
  const navigate = useNavigate();
  const signedIn = useSession().status === 'signed-in';
  const [resendOpen, setResendOpen] = useState(false);
  const verified = verification.isSuccess;
  const alreadyVerified = verification.data?.already_verified === true;
  // Signed in: on to the dashboard. Else to sign in, marked as a first sign-in when this link verified
  // the account (an account verified before may well have been used).
  const next = signedIn
    ? { to: paths.dashboard, label: 'Continue to the dashboard', going: 'the dashboard' }
    : { to: paths.login, label: 'Continue to Sign In', going: 'sign in' };
  const firstSignIn = !signedIn && !alreadyVerified;
  const nextState = firstSignIn ? { verified: true } : null;

  useEffect(() => {
    if (!verified) return;
    const timer = setTimeout(
      () => void navigate(next.to, { replace: true, state: firstSignIn ? { verified: true } : null }),
      VERIFICATION_REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [verified, navigate, next.to, firstSignIn]);

  if (verification.isPending || (verification.isFetching && verification.isError)) {
    return (
      <StatusCard tone="pending" icon={<Spinner className="size-7" />} title="Verifying your email">
        <p role="status" className="mt-3 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
          Checking your verification link. This takes a moment.
        </p>
      </StatusCard>
    );
  }

  if (verification.isError) {
    const retryable = canRetryVerification(verification.error);
    const newLinkHelps = wantsNewVerificationLink(verification.error);
    return (
      <StatusCard
        tone="error"
        icon={<CircleAlertIcon className="size-7" />}
        title="We could not verify your email"
      >
        <p role="alert" className="mt-3 text-sm leading-6 text-zinc-700 dark:text-zinc-300">
          {verificationErrorMessage(verification.error)}
        </p>
        {retryable ? (
          <p className="mt-2 text-sm leading-6 text-zinc-500 dark:text-zinc-400">
            This can pass: try the link again in a moment.
          </p>
        ) : newLinkHelps ? (
          <p className="mt-2 text-sm leading-6 text-zinc-500 dark:text-zinc-400">
            Ask for a new link below, or sign in if you have verified your email already.
          </p>
        ) : (
          <p className="mt-2 text-sm leading-6 text-zinc-500 dark:text-zinc-400">
            Open the latest link in the mail we sent, or sign in and ask for a new link there.
          </p>
        )}
        <div className="mt-8 flex flex-col gap-3">
          {retryable && (
            <button
              type="button"
              onClick={() => void verification.refetch()}
              className={buttonClasses({ size: 'lg' })}
            >
              Try Again
            </button>
          )}
          {newLinkHelps && (
            <button
              type="button"
              onClick={() => setResendOpen(true)}
              className={buttonClasses({ size: 'lg' })}
            >
              Resend verification email
            </button>
          )}
          <Link
            to={paths.login}
            className={buttonClasses({
              variant: retryable || newLinkHelps ? 'secondary' : 'primary',
              size: 'lg',
            })}
          >
            Return to Login
          </Link>
        </div>
        <ResendVerificationDialog open={resendOpen} onClose={() => setResendOpen(false)} initialEmail="" />
      </StatusCard>
    );
  }

  return (
    <StatusCard
      tone="success"
      icon={<CircleCheckIcon className="size-7" />}
      title={alreadyVerified ? 'Email already verified' : 'Email verified'}
    >
      <p role="status" className="mt-3 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
        {alreadyVerified
          ? 'This email address was verified before: this link has nothing left to do.'
          : 'Your email address is confirmed.'}{' '}
        Taking you to {next.going}…
      </p>
      <div className="mt-8 flex flex-col gap-3">
        <Link to={next.to} replace state={nextState} className={buttonClasses({ size: 'lg' })}>
          {next.label}
        </Link>
      </div>
    </StatusCard>
  );
}

/**
 * `/verify-email` (token in the query) and `/verify/:token` (spec 000 section 2.4): instructions
 * without a token (for a signed-in user, that their email is verified), else the verification and
 * its outcome.
 */
export function VerifyEmailPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const session = useSession();
  const token = params.token || search.get('token') || '';
  return (
    <AuthLayout title="Verify email">
      {token ? (
        <VerifyToken key={token} token={token} />
      ) : session.status === 'signed-in' ? (
        <AlreadySignedIn email={session.user.email} />
      ) : (
        <CheckInbox />
      )}
    </AuthLayout>
  );
}
