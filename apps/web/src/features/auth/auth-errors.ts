import {
  loginMessages,
  passwordMessages,
  registerMessages,
  serverDetailMessages,
  verificationMessages,
} from '@reelcraft/contract';
import { ApiError, errorMessage, type ErrorCatalogue } from '../../lib/api-client';

// The error catalogues of the account screens (spec 000 section 8), verbatim from the contract.

export const loginErrors: ErrorCatalogue = {
  details: { [serverDetailMessages.emailNotVerified]: loginMessages.emailNotVerified },
  401: loginMessages.invalidCredentials,
  403: loginMessages.accessDenied,
  429: loginMessages.tooManyAttempts,
  network: loginMessages.networkError,
  fallback: loginMessages.failed,
};

export const registerErrors: ErrorCatalogue = {
  409: registerMessages.emailAlreadyRegistered,
  400: { fallback: registerMessages.invalidData },
  fallback: registerMessages.failed,
};

export const forgotPasswordErrors: ErrorCatalogue = {
  404: passwordMessages.featureUnavailable,
  fallback: passwordMessages.forgotFailed,
};

export const resetPasswordErrors: ErrorCatalogue = {
  404: passwordMessages.featureUnavailable,
  fallback: passwordMessages.resetFailed,
};

export const resendVerificationErrors: ErrorCatalogue = {
  404: verificationMessages.resendFeatureUnavailable,
  fallback: verificationMessages.resendFailed,
};

// The server answers each unusable link with its catalogue text as the detail (modules/auth):
// 400 malformed or unknown, 404 deleted account, 409 already used, 410 expired.
const verificationDetails = [
  verificationMessages.invalidLinkFormat,
  verificationMessages.invalidLink,
  verificationMessages.linkExpiredOrInvalid,
  verificationMessages.linkExpired,
  verificationMessages.userNotFound,
];

export const verificationErrors: ErrorCatalogue = {
  details: Object.fromEntries(verificationDetails.map((text) => [text, text])),
  400: verificationMessages.invalidLink,
  404: verificationMessages.endpointNotFound,
  409: verificationMessages.linkExpiredOrInvalid,
  410: verificationMessages.linkExpired,
  // A token the contract's path rule refuses (over-long) is not a link we sent.
  422: verificationMessages.invalidLinkFormat,
  network: verificationMessages.networkError,
  fallback: verificationMessages.serverError,
};

/** The verification screen's text for a failure: a server error (5xx) reads as the catalogue's. */
export function verificationErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'http' && error.status >= 500) {
    return verificationMessages.serverError;
  }
  return errorMessage(error, verificationErrors);
}

/**
 * Whether opening the same link again may work: only when no answer came or the server failed. A
 * link refused for what it is (malformed, unknown, used, expired, of a deleted account) is refused
 * the same way each time, so the screen offers no Try Again for it (issue 36).
 */
export function canRetryVerification(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.kind !== 'http' || error.status >= 500;
}

/** Whether a failed link is one a new link replaces: used (409) or expired (410). */
export function wantsNewVerificationLink(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && [409, 410].includes(error.status);
}

/** Whether a login error asks the user to verify their email, so the resend link is offered. */
export function asksToVerifyEmail(message: string | null | undefined): boolean {
  return !!message && message.toLowerCase().includes(loginMessages.verifyEmailHint);
}
