import { randomUUID } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Sends one message; resolves once the SMTP server accepted it or the .eml file is in place. */
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): Promise<void>;
}

/** The part of a pino (or Fastify) logger the mailer uses. */
export interface MailLogger {
  info(object: Record<string, unknown>, message: string): void;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://...`; unset: messages are written to `mailDir`. */
  smtpUrl?: string;
  /** Sender, e.g. `ReelCraft <no-reply@example.com>`. */
  from: string;
  /** Where .eml files go when there is no SMTP server (DATA_DIR/mail). */
  mailDir: string;
  /**
   * Without SMTP, also log the links of each mail (development only): a verification or reset link is
   * a credential, so production logs only say which .eml file holds the mail.
   */
  logLinks?: boolean;
  logger: MailLogger;
}

// Trailing punctuation is almost always the sentence around the link, not part of it.
const LINK_PATTERN = /https?:\/\/[^\s<>"'`]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/** Every http(s) URL in a text, in order, without surrounding punctuation. */
export function findLinks(text: string): string[] {
  return Array.from(text.matchAll(LINK_PATTERN), (match) => match[0].replace(TRAILING_PUNCTUATION, ''));
}

/** A recipient reduced to characters that are safe in a file name. */
function safeRecipient(to: string): string {
  const safe = to
    .toLowerCase()
    .replace(/[^a-z0-9@._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 64);
  return safe.length > 0 ? safe : 'recipient';
}

function fileTimestamp(date: Date): string {
  // 2025-01-31T12:00:00.123Z -> 20250131T120000123Z: sortable and valid on every file system.
  return date.toISOString().replace(/[-:.]/g, '');
}

async function writeFileAtomically(dir: string, name: string, content: Buffer): Promise<string> {
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, name);
  // A dot-file in the same directory: same file system for the rename, and ignored by *.eml readers.
  const tmp = path.join(dir, `.${randomUUID()}.tmp`);
  let handle: FileHandle | undefined;
  try {
    handle = await open(tmp, 'wx', 0o600);
    await handle.writeFile(content);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(tmp, target);
    return target;
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await rm(tmp, { force: true }).catch(() => undefined);
    throw error;
  }
}

function createSmtpMailer(smtpUrl: string, from: string, logger: MailLogger): Mailer {
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send({ to, subject, text, html }) {
      const info = await transport.sendMail({ from, to, subject, text, html });
      logger.info({ to, subject, messageId: info.messageId }, `Mail to ${to} sent`);
      return { messageId: info.messageId };
    },
    async close() {
      transport.close();
    },
  };
}

function createFileMailer(mailDir: string, from: string, logger: MailLogger, logLinks: boolean): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send({ to, subject, text, html }) {
      const info = await transport.sendMail({ from, to, subject, text, html });
      if (!Buffer.isBuffer(info.message)) throw new Error('Mail transport did not produce a buffer');
      const name = `${fileTimestamp(new Date())}-${safeRecipient(to)}-${randomUUID().slice(0, 8)}.eml`;
      const file = await writeFileAtomically(mailDir, name, info.message);
      logger.info({ to, subject, file }, `Mail to ${to} written to ${file}`);
      // In development the log is a quicker way to follow a verification or reset link than the file.
      if (logLinks) {
        for (const link of findLinks(text)) {
          logger.info({ to, subject, link }, `Link in mail to ${to} ("${subject}"): ${link}`);
        }
      }
      return { messageId: info.messageId };
    },
    async close() {
      transport.close();
    },
  };
}

/** SMTP when `smtpUrl` is set, otherwise .eml files in `mailDir` (their links logged with `logLinks`). */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.from, options.logger)
    : createFileMailer(options.mailDir, options.from, options.logger, options.logLinks ?? false);
}
