import { z } from 'zod';
import { VERIFICATION_TIMEOUT_MS } from '../constants';
import { defineCall } from '../define-call';
import { isoDateTimeSchema, messageAnswerSchema, redirectAnswerSchema } from '../shared-schemas';
import { passwordMessages } from '../messages';

const TAG = 'auth';

/** Any status other than FREE_SUBSCRIPTION_STATUS counts as subscribed (spec 000 section 3). */
export const userSchema = z.object({
  id: z.string(),
  email: z.email(),
  full_name: z.string(),
  company_name: z.string().nullable(),
  role: z.string().nullable(),
  phone_number: z.string().nullable(),
  is_onboarded: z.boolean(),
  profile_picture_url: z.string().nullable(),
  subscription_status: z.string(),
  subscription_expiry: isoDateTimeSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds from now. */
  expires_in: z.number().int().positive(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

const emailSchema = z.email().max(254);
/** The spec shows no strength rule; ours is a length range (NIST 800-63B favours length over classes). */
export const newPasswordSchema = z.string().min(8).max(128);

/** The OAuth2 password form (DESIGN.md section 3): `username` carries the email. */
export const loginFormSchema = z.object({
  username: z.string().trim().min(1).max(254),
  // Not newPasswordSchema: an account's password is checked, not judged, at login.
  password: z.string().min(1).max(1024),
  grant_type: z.literal('password').default('password'),
  scope: z.string().max(1024).default(''),
  client_id: z.string().max(256).optional(),
  client_secret: z.string().max(256).optional(),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/**
 * Ours (issue 36): a pause of password sign-in after too many wrong passwords, for the address typed
 * (or for the client address, after many failures across accounts).
 */
export const loginLockoutSchema = z.object({
  /** When a sign-in from this client address is accepted again. */
  ends_at: isoDateTimeSchema,
  /**
   * Whether resetting the password lifts the pause at once: true when only the typed address is paused,
   * false when the client address is (a reset forgives the account's failures, not the address's).
   */
  password_reset_unlocks: z.boolean(),
});
export type LoginLockout = z.infer<typeof loginLockoutSchema>;

/**
 * Ours (issue 36): the body of a refused password sign-in. A 401 says how many wrong passwords are
 * left before the pause (the same for an address with and without an account), and the one that
 * starts it carries `lockout`; a 429 (also with `Retry-After`) carries `lockout`.
 */
export const loginRefusalSchema = z.object({
  detail: z.string(),
  attempts_left: z.number().int().min(0).optional(),
  lockout: loginLockoutSchema.optional(),
});
export type LoginRefusal = z.infer<typeof loginRefusalSchema>;

/**
 * Issues an access token for email and password; 403 with `Email not verified` until verified; 401
 * and 429 answer a `loginRefusalSchema` body.
 */
export const login = defineCall({
  name: 'login',
  method: 'POST',
  path: '/auth/login',
  auth: 'none',
  tag: TAG,
  summary: 'Sign in with email and password',
  body: loginFormSchema,
  bodyEncoding: 'form',
  response: tokenResponseSchema,
});

/** The screen sends phone_number, company_name and role empty; they are filled in later. */
export const registerBodySchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  full_name: z.string().trim().min(1).max(200),
  phone_number: z.string().max(40).default(''),
  company_name: z.string().max(200).default(''),
  role: z.string().max(100).default(''),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** Shape not shown in the spec: ours confirms and returns the new, not yet verified, user. */
export const registerAnswerSchema = z.object({ message: z.string(), user: userSchema });
export type RegisterAnswer = z.infer<typeof registerAnswerSchema>;

/** Creates an account and mails a verification link; no session until the email is verified. */
export const register = defineCall({
  name: 'register',
  method: 'POST',
  path: '/auth/register',
  auth: 'none',
  tag: TAG,
  summary: 'Create an account',
  body: registerBodySchema,
  successStatus: 201,
  response: registerAnswerSchema,
});

export const getCurrentUser = defineCall({
  name: 'getCurrentUser',
  method: 'GET',
  path: '/auth/me',
  auth: 'bearer',
  tag: TAG,
  summary: 'The signed-in user; also how the client validates its token',
  response: userSchema,
});

/** Editable account details (spec: "user details"); email and subscription are not editable here. */
export const profileUpdateSchema = z
  .object({
    full_name: z.string().trim().min(1).max(200),
    company_name: z.string().max(200).nullable(),
    role: z.string().max(100).nullable(),
    phone_number: z.string().max(40).nullable(),
    /**
     * One of the caller's uploaded images: its storage URI (`gcs_uri`) or a signed URL of it; null
     * removes the picture. Any other address answers 422 (issue 37). Answered as a fresh signed URL.
     */
    profile_picture_url: z
      .url({ protocol: /^(https?|local|s3|gs)$/ })
      .max(4096)
      .nullable(),
  })
  .partial();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** The spec describes the profile update on both paths; both do the same. */
export const updateCurrentUser = defineCall({
  name: 'updateCurrentUser',
  method: 'PUT',
  path: '/auth/me',
  auth: 'bearer',
  tag: TAG,
  summary: 'Update the signed-in user (same as PUT /user/profile)',
  body: profileUpdateSchema,
  response: userSchema,
});

/** Which sign-in methods this instance offers, so the login screen shows only working buttons. */
export const authProvidersSchema = z.object({ google: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/**
 * Ours, not the spec's: Google sign-in is optional for a self-hosted instance, and the screen hides its
 * button when this answers `google: false`.
 */
export const getAuthProviders = defineCall({
  name: 'getAuthProviders',
  method: 'GET',
  path: '/auth/providers',
  auth: 'none',
  tag: TAG,
  summary: 'Sign-in methods this instance offers',
  response: authProvidersSchema,
});

export const googleCallbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(2048).optional(),
  /** Set by the identity provider when the user declines. */
  error: z.string().max(256).optional(),
});

/**
 * Starts sign-in with Google: a browser navigation (not a fetch) answered with a redirect to the
 * provider. The callback below redirects back into the app with `access_token` and `token_type` in the
 * query (spec 000 section 2.2), or with `error` on failure.
 */
export const initiateGoogleLogin = defineCall({
  name: 'initiateGoogleLogin',
  method: 'GET',
  path: '/auth/google/initiate',
  auth: 'none',
  tag: TAG,
  summary: 'Redirect to Google sign-in',
  successStatus: 302,
  responseKind: 'redirect',
  response: redirectAnswerSchema,
});

export const completeGoogleLogin = defineCall({
  name: 'completeGoogleLogin',
  method: 'GET',
  path: '/auth/google/callback',
  auth: 'none',
  tag: TAG,
  summary: 'Google sign-in callback: redirects into the app with the token in the query',
  query: googleCallbackQuerySchema,
  successStatus: 302,
  responseKind: 'redirect',
  response: redirectAnswerSchema,
});

export const emailBodySchema = z.object({ email: emailSchema });
export type EmailBody = z.infer<typeof emailBodySchema>;

/** Answers the same whether or not the address has an account, so it cannot probe for accounts. */
export const requestPasswordReset = defineCall({
  name: 'requestPasswordReset',
  method: 'POST',
  path: '/auth/forgot-password',
  auth: 'none',
  tag: TAG,
  summary: 'Mail a password reset link',
  body: emailBodySchema,
  response: messageAnswerSchema,
});

export const resetPasswordBodySchema = z.object({
  token: z.string().min(1).max(2048),
  new_password: newPasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** The reset form's own check, before sending: confirmation must equal the new password. */
export const resetPasswordFormSchema = resetPasswordBodySchema
  .extend({ confirm_password: z.string() })
  .refine((form) => form.new_password === form.confirm_password, {
    message: passwordMessages.passwordsDoNotMatch,
    path: ['confirm_password'],
  });

export const resetPassword = defineCall({
  name: 'resetPassword',
  method: 'POST',
  path: '/auth/reset-password',
  auth: 'none',
  tag: TAG,
  summary: 'Set a new password with a reset token',
  body: resetPasswordBodySchema,
  response: messageAnswerSchema,
});

/** Like the reset request, answers the same for unknown addresses. */
export const resendVerification = defineCall({
  name: 'resendVerification',
  method: 'POST',
  path: '/auth/resend-verification',
  auth: 'none',
  tag: TAG,
  summary: 'Mail a new verification link',
  body: emailBodySchema,
  response: messageAnswerSchema,
});

/**
 * The spec shows `message`; ours adds `already_verified` (issue 36): true when the link's account was
 * verified before this link was opened (by another link, a password reset or Google), which a used or
 * expired link of a verified account also answers, instead of an error.
 */
export const verifyEmailAnswerSchema = messageAnswerSchema.extend({ already_verified: z.boolean() });
export type VerifyEmailAnswer = z.infer<typeof verifyEmailAnswerSchema>;

/** The token comes from the mailed link; the spec puts this call outside /auth. */
export const verifyEmail = defineCall({
  name: 'verifyEmail',
  method: 'GET',
  path: '/verify/:token',
  auth: 'none',
  tag: TAG,
  summary: 'Verify an email address',
  params: z.object({ token: z.string().min(1).max(2048) }),
  timeoutMs: VERIFICATION_TIMEOUT_MS,
  response: verifyEmailAnswerSchema,
});
