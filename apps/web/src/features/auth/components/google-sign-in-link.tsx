import { buttonClasses } from '../../../components/button-styles';
import { GoogleIcon } from '../../../components/icons';
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
