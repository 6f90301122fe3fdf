import { describe, expect, it } from 'vitest';
import { findLinks } from '../../platform/mail/mailer';
import { passwordResetMail, verificationMail } from './auth-mails';

describe('account mails', () => {
  it('carry the link in the text and the HTML, escaped in HTML', () => {
    const link = 'https://app.example/reset-password?token=abc&x=1';
    const mail = passwordResetMail('ada@example.com', 'Ada <Admin>', link);
    expect(mail.subject).toBe('Reset your ReelCraft password');
    expect(findLinks(mail.text)).toEqual([link]);
    expect(mail.html).toContain('href="https://app.example/reset-password?token=abc&amp;x=1"');
    expect(mail.html).toContain('Hello Ada &lt;Admin&gt;,');
    expect(mail.html).not.toContain('<Admin>');
  });

  it('name the product and the validity of a verification link', () => {
    const mail = verificationMail('ada@example.com', '', 'https://app.example/verify/abc');
    expect(mail).toMatchObject({ to: 'ada@example.com', subject: 'Verify your email for ReelCraft' });
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(mail.text).toContain('24 hours');
    expect(findLinks(mail.text)).toEqual(['https://app.example/verify/abc']);
  });
});
