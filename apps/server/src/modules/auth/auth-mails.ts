import type { MailMessage } from '../../platform/mail/mailer';

const PRODUCT_NAME = 'ReelCraft';

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

interface LinkMail {
  to: string;
  name: string;
  subject: string;
  intro: string;
  action: string;
  link: string;
  validity: string;
  ignore: string;
}

/** Plain text and simple HTML carrying the same words; the link is written out in both. */
function linkMail({ to, name, subject, intro, action, link, validity, ignore }: LinkMail): MailMessage {
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const text = [greeting, '', intro, '', link, '', validity, ignore, '', `The ${PRODUCT_NAME} team`, ''].join(
    '\n',
  );
  const href = escapeHtml(link);
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5; color: #111;">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${href}" style="display: inline-block; padding: 10px 16px; background: #4f46e5; color: #fff; text-decoration: none; border-radius: 6px;">${escapeHtml(action)}</a></p>`,
    `<p>Or copy this link into your browser:<br><a href="${href}">${href}</a></p>`,
    `<p>${escapeHtml(validity)} ${escapeHtml(ignore)}</p>`,
    `<p>The ${PRODUCT_NAME} team</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}

export function verificationMail(to: string, name: string, link: string): MailMessage {
  return linkMail({
    to,
    name,
    subject: `Verify your email for ${PRODUCT_NAME}`,
    intro: `Welcome to ${PRODUCT_NAME}! Please confirm your email address by opening this link:`,
    action: 'Verify email',
    link,
    validity: 'The link is valid for 24 hours and works once.',
    ignore: `If you did not create a ${PRODUCT_NAME} account, you can ignore this email.`,
  });
}

export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  return linkMail({
    to,
    name,
    subject: `Reset your ${PRODUCT_NAME} password`,
    intro: `Someone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new password, open this link:`,
    action: 'Reset password',
    link,
    validity: 'The link is valid for 1 hour and works once.',
    ignore: 'If you did not ask for this, you can ignore this email: your password stays as it is.',
  });
}
