import {
  emailBodySchema,
  loginFormSchema,
  newPasswordSchema,
  passwordMessages,
  registerBodySchema,
  resetPasswordBodySchema,
} from '@reelcraft/contract';
import { z } from 'zod';

// The account forms' schemas, checked before sending. The rules are the contract's: the same schemas
// the server validates the bodies with; only the wording is the screen's.

/** A check that `rule` (a contract schema) accepts the value. */
const accepts = (rule: z.ZodType) => (value: unknown) => rule.safeParse(value).success;

export const NEW_PASSWORD_MIN_LENGTH = newPasswordSchema.minLength ?? 8;
export const NEW_PASSWORD_HINT = `At least ${NEW_PASSWORD_MIN_LENGTH} characters.`;

const email = z
  .string()
  .trim()
  .min(1, { error: 'Enter your email address.', abort: true })
  .refine(accepts(emailBodySchema.shape.email), 'Enter a valid email address.');

const newPassword = z
  .string()
  .min(1, { error: 'Enter a password.', abort: true })
  .min(NEW_PASSWORD_MIN_LENGTH, { error: `Use at least ${NEW_PASSWORD_MIN_LENGTH} characters.`, abort: true })
  .refine(accepts(newPasswordSchema), 'This password is too long.');

/** Forgot password and resend verification: the one email of the request. */
export const emailFormSchema = z.object({ email });
export type EmailFormInput = z.input<typeof emailFormSchema>;

/**
 * Signing in checks presence only: an existing password is judged by the server, not by today's rule.
 * The contract names the email `username` (the OAuth2 password form).
 */
export const signInFormSchema = z.object({
  // Typed on the Create Account tab and kept for it; signing in does not use it.
  full_name: z.string(),
  email,
  password: z
    .string()
    .min(1, { error: 'Enter your password.', abort: true })
    .refine(accepts(loginFormSchema.shape.password), 'This password is too long.'),
});

export const createAccountFormSchema = z.object({
  full_name: z
    .string()
    .trim()
    .min(1, { error: 'Enter your full name.', abort: true })
    .refine(accepts(registerBodySchema.shape.full_name), 'This name is too long.'),
  email,
  password: newPassword,
});

/** Both tabs of the account form hold the same fields. */
export type AccountFormInput = z.input<typeof createAccountFormSchema>;

/**
 * The reset form (spec 000 section 5): the contract's body plus the confirmation, which must equal the
 * new password.
 */
export const resetFormSchema = z
  .object({
    token: z
      .string()
      .trim()
      .min(1, { error: 'Enter the reset token from the email.', abort: true })
      .refine(accepts(resetPasswordBodySchema.shape.token), 'This token is too long.'),
    new_password: newPassword,
    confirm_password: z.string(),
  })
  .refine((form) => form.new_password === form.confirm_password, {
    error: passwordMessages.passwordsDoNotMatch,
    path: ['confirm_password'],
  });
export type ResetFormInput = z.input<typeof resetFormSchema>;
