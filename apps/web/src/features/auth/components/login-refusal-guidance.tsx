import { loginMessages, type LoginRefusal } from '@reelcraft/contract';
import { useNow } from '../../../lib/use-now';

/** From this many tries left, a wrong password warns that the next ones pause sign-in. */
const WARN_FROM_ATTEMPTS_LEFT = 2;

const clockTime = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/** "in 15 minutes", rounded up: a pause shown as "in 0 minutes" would still refuse. */
function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** The pause's end as the sign-in screen words it (the clock time and how long until then). */
export function pausedUntilText(endsAt: number, now: number): string {
  return loginMessages.pausedUntil(clockTime.format(endsAt), waitText(endsAt - now));
}

/**
 * The guidance under a refused sign-in (issue 36), after the catalogue's text: how many tries are
 * left when few are; while sign-in is paused, until when, and the password reset when it lifts the
 * pause (the server says whether it does).
 */
export function LoginRefusalGuidance({
  refusal,
  onResetPassword,
}: {
  refusal: LoginRefusal;
  onResetPassword: () => void;
}) {
  // Every 15 s: "in N minutes" stays right, and the screen says when the pause is over.
  const now = useNow(15_000);
  const resetButton = (
    <button
      type="button"
      onClick={onResetPassword}
      className="font-semibold underline underline-offset-2 hover:no-underline"
    >
      {loginMessages.resetPasswordAction}
    </button>
  );

  const { lockout, attempts_left: attemptsLeft } = refusal;
  if (lockout) {
    const endsAt = Date.parse(lockout.ends_at);
    if (endsAt <= now) return <p className="mt-1">{loginMessages.pauseOver}</p>;
    return (
      <>
        <p className="mt-1">{pausedUntilText(endsAt, now)}</p>
        {lockout.password_reset_unlocks ? (
          <p className="mt-1">
            {loginMessages.resetUnlocks} {resetButton}
          </p>
        ) : (
          <p className="mt-1">{loginMessages.addressPaused}</p>
        )}
      </>
    );
  }
  if (attemptsLeft !== undefined && attemptsLeft > 0 && attemptsLeft <= WARN_FROM_ATTEMPTS_LEFT) {
    return (
      <p className="mt-1">
        {loginMessages.attemptsLeft(attemptsLeft)} {resetButton}
      </p>
    );
  }
  return null;
}
