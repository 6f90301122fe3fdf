import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

// Reads what the server "sent": without SMTP it writes each mail to DATA_DIR/mail as an .eml file
// (RFC 5322, MIME parts, usually quoted-printable). Playwright's config exports DATA_DIR as E2E_DATA_DIR.

function mailDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  return path.join(dataDir, 'mail');
}

/** Quoted-printable (RFC 2045): `=\r\n` is a soft line break, `=XX` a byte; the bytes are UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const chars = Array.from(text.replace(/=\r?\n/g, ''));
  const bytes: number[] = [];
  for (let index = 0; index < chars.length; index += 1) {
    const hex = `${chars[index + 1] ?? ''}${chars[index + 2] ?? ''}`;
    if (chars[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(chars[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: rest.join('\r\n\r\n') };
}

/** The decoded text of every leaf part of a message (or of the message itself when not multipart). */
function textsOf(part: Part): string[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    return part.body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .flatMap((chunk) => textsOf(splitPart(chunk.replace(/^\r?\n/, ''))));
  }
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return [decodeQuotedPrintable(part.body)];
  if (encoding === 'base64') return [Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')];
  return [part.body];
}

/** The newest mail to `recipient` that contains a link matching `pattern`, and that link. */
function findLink(recipient: string, pattern: RegExp): string | null {
  const dir = mailDir();
  if (!fs.existsSync(dir)) return null;
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => path.join(dir, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs || b.localeCompare(a));
  for (const file of files) {
    const message = splitPart(fs.readFileSync(file, 'utf8'));
    if (!(message.headers.get('to') ?? '').toLowerCase().includes(recipient.toLowerCase())) continue;
    for (const text of textsOf(message)) {
      const link = text.match(pattern)?.[0];
      if (link) return link;
    }
  }
  return null;
}

/** Waits for the mail to `recipient` and answers its link that matches `pattern` (http(s), no spaces). */
export async function mailedLink(recipient: string, pattern: RegExp): Promise<string> {
  await expect
    .poll(() => findLink(recipient, pattern), { message: `a mail to ${recipient} with ${pattern}` })
    .not.toBeNull();
  return findLink(recipient, pattern) ?? '';
}
