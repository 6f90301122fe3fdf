import { emailBodySchema, newPasswordSchema } from '@reelcraft/contract';

// Field checks of the account forms, run before sending. The rules are the contract's: the same
// email and new-password schemas the server validates with; only the wording is the screen's.

export function emailError(value: string): string | null {
  if (!value.trim()) return 'Enter your email address.';
  if (!emailBodySchema.shape.email.safeParse(value.trim()).success) return 'Enter a valid email address.';
  return null;
}

/** Signing in checks presence only: an existing password is judged by the server, not by today's rule. */
export function currentPasswordError(value: string): string | null {
  return value ? null : 'Enter your password.';
}

export const NEW_PASSWORD_MIN_LENGTH = newPasswordSchema.minLength ?? 8;
export const NEW_PASSWORD_HINT = `At least ${NEW_PASSWORD_MIN_LENGTH} characters.`;

export function newPasswordError(value: string): string | null {
  if (!value) return 'Enter a password.';
  if (!newPasswordSchema.safeParse(value).success) {
    return value.length < NEW_PASSWORD_MIN_LENGTH
      ? `Use at least ${NEW_PASSWORD_MIN_LENGTH} characters.`
      : 'This password is too long.';
  }
  return null;
}

export function fullNameError(value: string): string | null {
  return value.trim() ? null : 'Enter your full name.';
}
