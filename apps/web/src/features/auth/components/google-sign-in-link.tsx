import { buttonClasses } from '../../../components/button-styles';
import { GOOGLE_SIGN_IN_URL, useAuthProviders } from '../api/get-auth-providers';

/**
 * Sign-in through Google (spec 000 section 2.3): a plain navigation to the server, which redirects to
 * the identity provider. Shown only when this server has Google sign-in configured.
 */
export function GoogleSignInLink() {
  const providers = useAuthProviders();
  if (!providers.data?.google) return null;
  return (
    <>
      <a
        href={GOOGLE_SIGN_IN_URL}
        className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'w-full' })}
      >
        <GoogleIcon />
        Continue with Google
      </a>
      <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
        <span aria-hidden="true" className="h-px flex-1 bg-zinc-200 dark:bg-white/10" />
        or
        <span aria-hidden="true" className="h-px flex-1 bg-zinc-200 dark:bg-white/10" />
      </div>
    </>
  );
}

/** Google's "G" in its own colours (brand mark, so not currentColor). */
function GoogleIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className}>
      <path
        fill="#4285F4"
        d="M23.52 12.27c0-.85-.08-1.67-.22-2.45H12v4.64h6.46a5.52 5.52 0 0 1-2.4 3.62v3h3.88c2.27-2.09 3.58-5.17 3.58-8.81Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.24 0 5.96-1.07 7.94-2.9l-3.88-3.02c-1.07.72-2.45 1.15-4.06 1.15-3.13 0-5.78-2.11-6.72-4.95H1.27v3.11A12 12 0 0 0 12 24Z"
      />
      <path
        fill="#FBBC05"
        d="M5.28 14.28A7.2 7.2 0 0 1 4.9 12c0-.79.14-1.56.38-2.28V6.61H1.27a12 12 0 0 0 0 10.78l4.01-3.11Z"
      />
      <path
        fill="#EA4335"
        d="M12 4.77c1.76 0 3.35.61 4.6 1.8l3.44-3.44A11.5 11.5 0 0 0 12 0 12 12 0 0 0 1.27 6.61l4.01 3.11C6.22 6.88 8.87 4.77 12 4.77Z"
      />
    </svg>
  );
}
