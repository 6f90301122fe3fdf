import type { Logger } from 'pino';
import {
  floodMessages,
  passwordMessages,
  serverDetailMessages,
  verificationMessages,
  type LoginForm,
  type MessageAnswer,
  type RegisterAnswer,
  type RegisterBody,
  type ResetPasswordBody,
  type TokenResponse,
  type VerifyEmailAnswer,
} from '@reelcraft/contract';
import {
  HttpError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  unauthorized,
} from '../../platform/http/http-error';
import type { FloodLimits } from '../../config';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';
import type { Mailer, MailMessage } from '../../platform/mail/mailer';
import { toUserAnswer, type UserRow, type UsersService } from '../users';
import type { AccountTokensRepository } from './account-tokens.repository';
import { passwordResetMail, verificationMail } from './auth-mails';
import type { AccountTokenPurpose } from './auth.schema';
import { nextWholeSecond, type Clock } from './clock';
import { accountKeyOf, LoginRefusedError, type LoginThrottle } from './login-throttle';
import type { PasswordHasher } from './password-hasher';
import { hashSecretToken, isWellFormedToken, newSecretToken } from './secret-token';
import type { SessionIssuer } from './session-issuer';

const VERIFICATION_LINK_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_LINK_TTL_MS = 60 * 60 * 1000;

// Ours: the spec shows none of these success texts (the screens show their own catalogue texts).
const REGISTERED_MESSAGE = 'Account created. Check your inbox for the link to verify your email.';
const VERIFIED_MESSAGE = 'Email verified. You can now sign in.';
const ALREADY_VERIFIED_MESSAGE = 'This email address is already verified. You can sign in.';
const RESEND_MESSAGE =
  'If this email belongs to an account waiting for verification, a new link is on its way.';
const RESET_REQUESTED_MESSAGE =
  'If this email belongs to an account, a link to reset its password is on its way.';

export interface AuthServiceDependencies {
  users: UsersService;
  accountTokens: AccountTokensRepository;
  throttle: LoginThrottle;
  passwords: PasswordHasher;
  sessions: SessionIssuer;
  mailer: Mailer;
  /** Where the web app is reached, for the links in mails. */
  publicUrl: string;
  rateLimiter: Pick<RateLimiter, 'take'>;
  floodLimits: FloodLimits;
  logger: Logger;
  now: Clock;
}

/**
 * The rules of password accounts: registration, email verification, login with its throttle, and
 * password reset. Answers never reveal whether an address has an account, except the 409 of
 * registration (which the spec requires).
 */
export class AuthService {
  constructor(private readonly deps: AuthServiceDependencies) {}

  /** Creates an unverified account and mails its verification link. */
  async register(body: RegisterBody, clientAddress: string): Promise<RegisterAnswer> {
    const { signupsPerAddress, windowSeconds } = this.deps.floodLimits;
    await this.deps.rateLimiter.take(
      [{ bucket: 'signup:address', key: clientAddress, rule: { limit: signupsPerAddress, windowSeconds } }],
      floodMessages.signups,
    );
    const passwordHash = await this.deps.passwords.hash(body.password);
    const user = await this.deps.users.createIfEmailFree({
      email: body.email,
      passwordHash,
      fullName: body.full_name,
      companyName: body.company_name,
      role: body.role,
      phoneNumber: body.phone_number,
    });
    if (!user) throw conflict(serverDetailMessages.emailAlreadyRegistered);
    await this.sendVerificationLink(user);
    return { message: REGISTERED_MESSAGE, user: toUserAnswer(user) };
  }

  /**
   * The OAuth2 password grant. Wrong address and wrong password get the same 401 after the same
   * work; the throttle is checked first, so a blocked account answers 429 even with the right password.
   * Both refusals are LoginRefusedErrors: the 401 says how many tries are left and, on the one that
   * starts a pause, until when; the 429 says until when and whether a password reset lifts it.
   */
  async login(form: LoginForm, clientAddress: string): Promise<TokenResponse> {
    const accountKey = accountKeyOf(form.username);
    await this.deps.throttle.assertAllowed(accountKey, clientAddress);
    const user = await this.deps.users.findActiveByEmail(form.username);
    const passwordMatches = await this.deps.passwords.verify(user?.passwordHash, form.password);
    if (!user || !passwordMatches) {
      await this.deps.throttle.recordFailure(accountKey, clientAddress);
      const { attemptsLeft, lockout } = await this.deps.throttle.standing(accountKey, clientAddress);
      throw new LoginRefusedError(
        401,
        {
          detail: serverDetailMessages.invalidCredentials,
          attempts_left: attemptsLeft,
          ...(lockout ? { lockout } : {}),
        },
        unauthorized().headers,
      );
    }
    await this.deps.throttle.clearAccount(accountKey);
    if (!user.emailVerifiedAt) throw forbidden(serverDetailMessages.emailNotVerified);
    return this.deps.sessions.issue(user);
  }

  /**
   * Verifies the address of the link's account. Each way a link can fail has its own answer, whose
   * detail is the catalogue text the screen shows (spec 000 section 8, Verification).
   */
  async verifyEmail(token: string): Promise<VerifyEmailAnswer> {
    if (!isWellFormedToken(token)) throw badRequest(verificationMessages.invalidLinkFormat);
    const now = this.deps.now();
    const tokenHash = hashSecretToken(token);
    const consumed = await this.deps.accountTokens.consume('verify_email', tokenHash, now);
    if (!consumed) return this.answerUnusableVerificationLink(tokenHash, now);

    const user = await this.deps.users.findActiveById(consumed.userId);
    if (!user) throw notFound(verificationMessages.userNotFound);
    if (!user.emailVerifiedAt) await this.deps.users.changeAccount(user.id, { emailVerifiedAt: now });
    // The address is proven: older links of the account have nothing left to do.
    await this.deps.accountTokens.consumeAllOf(user.id, 'verify_email', now);
    return user.emailVerifiedAt
      ? { message: ALREADY_VERIFIED_MESSAGE, already_verified: true }
      : { message: VERIFIED_MESSAGE, already_verified: false };
  }

  /**
   * Mails a new link to an unverified account; answers the same for any address, at once: the
   * lookup and the mail happen after the answer, so its timing tells nothing either.
   */
  async resendVerification(email: string, clientAddress: string): Promise<MessageAnswer> {
    await this.takeMail(email, clientAddress);
    this.afterAnswer('verification resend', async () => {
      const user = await this.deps.users.findActiveByEmail(email);
      if (user && !user.emailVerifiedAt) await this.sendVerificationLink(user);
    });
    return { message: RESEND_MESSAGE };
  }

  /**
   * Mails a reset link (1 h, single use) to the account of the address; answers the same for any
   * address, at once (see `resendVerification`).
   */
  async requestPasswordReset(email: string, clientAddress: string): Promise<MessageAnswer> {
    await this.takeMail(email, clientAddress);
    this.afterAnswer('password reset request', async () => {
      const user = await this.deps.users.findActiveByEmail(email);
      if (!user) return;
      const token = await this.createToken(user.id, 'reset_password', RESET_LINK_TTL_MS);
      const link = `${this.deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await this.sendMail(passwordResetMail(user.email, user.fullName, link));
    });
    return { message: RESET_REQUESTED_MESSAGE };
  }

  /**
   * Sets the new password and ends every session issued until now. The link came by mail, so it
   * also proves the address: an unverified account becomes verified.
   */
  async resetPassword(body: ResetPasswordBody): Promise<MessageAnswer> {
    const invalidLink = () => badRequest(serverDetailMessages.invalidResetToken);
    if (!isWellFormedToken(body.token)) throw invalidLink();
    const now = this.deps.now();
    const consumed = await this.deps.accountTokens.consume(
      'reset_password',
      hashSecretToken(body.token),
      now,
    );
    if (!consumed) throw invalidLink();
    const user = await this.deps.users.findActiveById(consumed.userId);
    if (!user) throw invalidLink();

    // Every session issued until now ends, its open sockets included, on every instance.
    await this.deps.users.endSessions(user.id, nextWholeSecond(now), {
      passwordHash: await this.deps.passwords.hash(body.new_password),
      emailVerifiedAt: user.emailVerifiedAt ?? now,
    });
    await this.deps.accountTokens.consumeAllOf(user.id, 'reset_password', now);
    // Whoever was locked out by failed guesses can now sign in with the new password.
    await this.deps.throttle.clearAccount(accountKeyOf(user.email));
    return { message: passwordMessages.resetSucceeded };
  }

  /**
   * The answer for a verification link that cannot be used, most specific reason first. A used or
   * expired link of an account verified meanwhile (by another link, a reset, Google) has nothing left
   * to do: it says the account is verified, so the user goes on to sign in (issue 36: a resent link
   * opened after the first one said "expired or invalid").
   */
  private async answerUnusableVerificationLink(tokenHash: string, now: Date): Promise<VerifyEmailAnswer> {
    const row = await this.deps.accountTokens.findByHash('verify_email', tokenHash);
    if (!row) throw badRequest(verificationMessages.invalidLink);
    const user = await this.deps.users.findActiveById(row.userId);
    if (!user) throw notFound(verificationMessages.userNotFound);
    if (user.emailVerifiedAt) return { message: ALREADY_VERIFIED_MESSAGE, already_verified: true };
    if (row.usedAt) throw conflict(verificationMessages.linkExpiredOrInvalid);
    if (row.expiresAt <= now) throw new HttpError(410, verificationMessages.linkExpired);
    // Unused and unexpired yet not consumed: another request took it a moment ago.
    throw conflict(verificationMessages.linkExpiredOrInvalid);
  }

  private async sendVerificationLink(user: UserRow): Promise<void> {
    const token = await this.createToken(user.id, 'verify_email', VERIFICATION_LINK_TTL_MS);
    const link = `${this.deps.publicUrl}/verify/${encodeURIComponent(token)}`;
    await this.sendMail(verificationMail(user.email, user.fullName, link));
  }

  private async createToken(userId: string, purpose: AccountTokenPurpose, ttlMs: number): Promise<string> {
    const token = newSecretToken();
    await this.deps.accountTokens.insert({
      userId,
      purpose,
      tokenHash: hashSecretToken(token),
      expiresAt: new Date(this.deps.now().getTime() + ttlMs),
    });
    return token;
  }

  /**
   * A mail that cannot be sent must not undo the account or reveal the address: it is logged, and
   * the user can ask for a new link.
   */
  /** One more account mail asked for this recipient and from this client address, or 429. */
  private takeMail(email: string, clientAddress: string): Promise<void> {
    const { mailsPerRecipient, mailsPerAddress, windowSeconds } = this.deps.floodLimits;
    return this.deps.rateLimiter.take(
      [
        {
          bucket: 'mail:recipient',
          key: accountKeyOf(email),
          rule: { limit: mailsPerRecipient, windowSeconds },
        },
        { bucket: 'mail:address', key: clientAddress, rule: { limit: mailsPerAddress, windowSeconds } },
      ],
      floodMessages.mails,
    );
  }

  /** Work that must not make the answer wait (nor its timing depend on it); failures are logged. */
  private afterAnswer(what: string, work: () => Promise<void>): void {
    this.pending = this.pending
      .then(work)
      .catch((error: unknown) => this.deps.logger.error({ err: error }, `An account mail (${what}) failed`));
  }

  /** The mails still being sent after their answers (tests and shutdown wait for them). */
  private pending: Promise<void> = Promise.resolve();

  settled(): Promise<void> {
    return this.pending;
  }

  private async sendMail(message: MailMessage): Promise<void> {
    try {
      await this.deps.mailer.send(message);
    } catch (error) {
      this.deps.logger.error({ err: error, subject: message.subject }, 'Sending an account mail failed');
    }
  }
}
