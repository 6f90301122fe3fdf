import fs from 'node:fs';
import path from 'node:path';

/** A mail as the file mailer wrote it to DATA_DIR/mail, decoded. */
export interface ReceivedMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

function splitHeadAndBody(raw: string): { headers: Map<string, string>; body: string } {
  const separator = raw.search(/\r?\n\r?\n/);
  const head = separator === -1 ? raw : raw.slice(0, separator);
  const body = separator === -1 ? '' : raw.slice(separator).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    default:
      return body;
  }
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`) in a header, decoded. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

/** Collects the text/plain and text/html parts of a (possibly multipart) message. */
function collectParts(raw: string, into: { text: string; html: string }): void {
  const { headers, body } = splitHeadAndBody(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      collectParts(part.replace(/^\r?\n/, ''), into);
    }
    return;
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding'));
  if (type.toLowerCase().startsWith('text/html')) into.html += decoded;
  else into.text += decoded;
}

export function readMail(file: string): ReceivedMail {
  const raw = fs.readFileSync(file, 'utf8');
  const { headers } = splitHeadAndBody(raw);
  const parts = { text: '', html: '' };
  collectParts(raw, parts);
  return {
    file,
    to: headers.get('to') ?? '',
    subject: decodeHeader(headers.get('subject') ?? ''),
    ...parts,
  };
}

/** Every mail written for the recipient, oldest first (file names start with a sortable time). */
export function mailsTo(dataDir: string, recipient: string): ReceivedMail[] {
  const mailDir = path.join(dataDir, 'mail');
  if (!fs.existsSync(mailDir)) return [];
  return fs
    .readdirSync(mailDir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => readMail(path.join(mailDir, name)))
    .filter((mail) => mail.to.toLowerCase().includes(recipient.toLowerCase()));
}

/** The latest mail to the recipient; fails the test when there is none. */
export function lastMailTo(dataDir: string, recipient: string): ReceivedMail {
  const mail = mailsTo(dataDir, recipient).at(-1);
  if (!mail) throw new Error(`No mail to ${recipient} in ${dataDir}/mail`);
  return mail;
}

/** The first link in the text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const link = (mail.text.match(/https?:\/\/\S+/g) ?? []).find((candidate) => candidate.startsWith(prefix));
  if (!link) throw new Error(`No link starting with ${prefix} in "${mail.subject}":\n${mail.text}`);
  return link;
}
