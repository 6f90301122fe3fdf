import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer, findLinks } from './mailer';
import type { MailLogger } from './mailer';

const VERIFY_LINK = 'http://localhost:3000/verify-email?token=abc.DEF_123-xyz';

let mailDir: string;

beforeEach(async () => {
  mailDir = await mkdtemp(path.join(os.tmpdir(), 'mailer-'));
});

afterEach(async () => {
  await rm(mailDir, { recursive: true, force: true });
});

/** A pino logger whose JSON lines are kept in memory, as the real server's logger writes them. */
function capturedLogger(): { logger: MailLogger; lines: () => Record<string, unknown>[] } {
  const output: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      output.push(chunk.toString());
      callback();
    },
  });
  return {
    logger: pino({ level: 'info' }, stream),
    lines: () =>
      output
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

/** Unfolds RFC 5322 header lines and returns the headers of a raw message by lower-case name. */
function headersOf(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

describe('findLinks', () => {
  it('finds http and https links without the punctuation around them', () => {
    expect(
      findLinks(`Confirm: ${VERIFY_LINK}. Or (see https://example.com/help), not ftp://x or mailto:a@b.`),
    ).toEqual([VERIFY_LINK, 'https://example.com/help']);
  });
});

describe('mailer without SMTP', () => {
  it('writes the message to an .eml file and logs where, not its links', async () => {
    const { logger, lines } = capturedLogger();
    const mailer = createMailer({ from: 'ReelCraft <no-reply@localhost>', mailDir, logger });
    const { messageId } = await mailer.send({
      to: 'Ana.Silva+test@example.com',
      subject: 'Verify your email',
      text: `Welcome!\n\nConfirm your address: ${VERIFY_LINK}\n`,
      html: `<p>Confirm your address: <a href="${VERIFY_LINK}">verify</a></p>`,
    });
    await mailer.close();

    const files = await readdir(mailDir);
    expect(files).toHaveLength(1);
    const [file = ''] = files;
    expect(file).toMatch(/^\d{8}T\d{9}Z-ana\.silva_test@example\.com-[0-9a-f]{8}\.eml$/);

    const raw = await readFile(path.join(mailDir, file), 'utf8');
    const headers = headersOf(raw);
    expect(headers.get('to')).toBe('Ana.Silva+test@example.com');
    expect(headers.get('from')).toBe('ReelCraft <no-reply@localhost>');
    expect(headers.get('subject')).toBe('Verify your email');
    expect(headers.get('message-id')).toBe(messageId);
    expect(raw).toContain('Confirm your address:');
    expect(raw).toContain('text/html');
    expect(raw).toContain('\r\n');

    // A verification or reset link is a credential: the production log only says where the mail is.
    expect(lines()).toEqual([
      expect.objectContaining({
        level: 30,
        to: 'Ana.Silva+test@example.com',
        subject: 'Verify your email',
        file: path.join(mailDir, file),
      }),
    ]);
    expect(JSON.stringify(lines())).not.toContain('abc.DEF_123-xyz');
  });

  it('logs the links too when asked (development)', async () => {
    const { logger, lines } = capturedLogger();
    const mailer = createMailer({ from: 'no-reply@localhost', mailDir, logger, logLinks: true });
    await mailer.send({
      to: 'Ana.Silva+test@example.com',
      subject: 'Verify your email',
      text: `Welcome!\n\nConfirm your address: ${VERIFY_LINK}\n`,
    });
    await mailer.close();
    const linkLines = lines().filter((line) => line.link !== undefined);
    expect(linkLines).toEqual([
      expect.objectContaining({
        level: 30,
        to: 'Ana.Silva+test@example.com',
        subject: 'Verify your email',
        link: VERIFY_LINK,
        msg: expect.stringContaining(VERIFY_LINK),
      }),
    ]);
  });

  it('keeps each message in its own file, with no temporary file left', async () => {
    const { logger } = capturedLogger();
    const mailer = createMailer({
      from: 'no-reply@localhost',
      mailDir: path.join(mailDir, 'nested'),
      logger,
    });
    await mailer.send({ to: 'a@example.com', subject: 'One', text: 'first' });
    await mailer.send({ to: 'a@example.com', subject: 'Two', text: 'second' });
    await mailer.send({ to: '../../evil/../x', subject: 'Three', text: 'third' });
    await mailer.close();
    const files = await readdir(path.join(mailDir, 'nested'));
    expect(files).toHaveLength(3);
    expect(files.every((name) => name.endsWith('.eml') && !name.includes('/'))).toBe(true);
    expect(await readdir(mailDir)).toEqual(['nested']);
  });

  it('accepts a minimal logger object', async () => {
    const calls: [Record<string, unknown>, string][] = [];
    const mailer = createMailer({
      from: 'no-reply@localhost',
      mailDir,
      logLinks: true,
      logger: { info: (object, message) => calls.push([object, message]) },
    });
    await mailer.send({ to: 'b@example.com', subject: 'Reset', text: 'Reset: https://x.test/r?t=1' });
    expect(calls.map(([object]) => object.link).filter(Boolean)).toEqual(['https://x.test/r?t=1']);
  });
});

interface ReceivedMail {
  from: string;
  recipients: string[];
  data: string;
}

/** Just enough SMTP (RFC 5321) to accept messages: greeting, EHLO/HELO, MAIL, RCPT, DATA, QUIT. */
async function startSmtpListener(): Promise<{
  port: number;
  received: ReceivedMail[];
  close: () => Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const server = net.createServer((socket) => {
    let buffered = '';
    let inData = false;
    let current: ReceivedMail = { from: '', recipients: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);

    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      let newline: number;
      while ((newline = buffered.indexOf('\r\n')) !== -1) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = { from: '', recipients: [], data: '' };
            reply('250 2.0.0 Ok: queued');
          } else {
            // Dot-stuffing: a leading dot was doubled by the client.
            current.data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 test-smtp');
        else if (verb === 'MAIL') {
          current.from = line.replace(/^MAIL FROM:\s*/i, '').replace(/[<>]/g, '');
          reply('250 2.1.0 Ok');
        } else if (verb === 'RCPT') {
          current.recipients.push(line.replace(/^RCPT TO:\s*/i, '').replace(/[<>]/g, ''));
          reply('250 2.1.5 Ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 Ok');
        else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('502 Command not implemented');
      }
    });
    socket.on('error', () => undefined);
    reply('220 test-smtp ESMTP');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('mailer with SMTP', () => {
  it('delivers the message to the SMTP server and writes no file', async () => {
    const smtp = await startSmtpListener();
    const { logger, lines } = capturedLogger();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'ReelCraft <no-reply@reelcraft.test>',
      mailDir,
      logger,
    });
    try {
      const { messageId } = await mailer.send({
        to: 'customer@example.com',
        subject: 'Your video is ready',
        text: `Watch it here: ${VERIFY_LINK}\n.leading dot line`,
      });

      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail?.from).toBe('no-reply@reelcraft.test');
      expect(mail?.recipients).toEqual(['customer@example.com']);
      const headers = headersOf(mail?.data ?? '');
      expect(headers.get('to')).toBe('customer@example.com');
      expect(headers.get('subject')).toBe('Your video is ready');
      expect(headers.get('message-id')).toBe(messageId);
      expect(mail?.data).toContain('Watch it here:');
      expect(mail?.data).toContain('\r\n.leading dot line');

      expect(await readdir(mailDir)).toEqual([]);
      // Real deliveries do not copy the message's links (often secrets) into the log.
      expect(lines().some((line) => line.link !== undefined)).toBe(false);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });
});
