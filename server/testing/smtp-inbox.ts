import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP server received it, with its text and HTML parts decoded. */
export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeWords(header: string): string {
  // RFC 2047 encoded words, as nodemailer writes a subject that is not plain ASCII.
  return header.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replaceAll('_', ' ')),
  );
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(source: string): Part {
  const separator = source.indexOf('\r\n\r\n');
  const head = separator === -1 ? source : source.slice(0, separator);
  const body = separator === -1 ? '' : source.slice(separator + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = part.headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body, 'base64').toString('utf8');
  return part.body;
}

/** The text/plain and text/html parts of a message, at any depth of multipart. */
function leafParts(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leafParts(splitPart(chunk.replace(/^\r\n/, ''))));
}

export function parseMail(raw: string, to: string[]): ReceivedMail {
  const message = splitPart(raw);
  const parts = leafParts(message);
  const partOf = (type: string) =>
    parts.find((part) => (part.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(type));
  const text = partOf('text/plain');
  const html = partOf('text/html');
  return {
    to,
    from: message.headers.get('from') ?? '',
    subject: decodeWords(message.headers.get('subject') ?? ''),
    text: text ? decodeBody(text) : '',
    html: html ? decodeBody(html) : '',
    raw,
  };
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives, for tests that follow links from mail. */
export class SmtpInbox {
  readonly mails: ReceivedMail[] = [];
  private waiters: { match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];
  private readonly server: SMTPServer;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
          this.receive(parseMail(Buffer.concat(chunks).toString('utf8'), to));
          callback();
        });
      },
    });
  }

  /**
   * Listens on 127.0.0.1 (port 0: any free port) and answers the smtp:// URL to send to. The URL asks nodemailer
   * for one pooled connection, so mails arrive in the order the server sends them: a mail asked for after a
   * request proves that a mail of that request would have arrived by then (see `nextMailTo`). Close the mailer
   * (createTestContext's close does) before the inbox, or the idle connection holds the close up.
   */
  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    const address = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${address.port}?pool=true&maxConnections=1`;
  }

  private receive(mail: ReceivedMail) {
    this.mails.push(mail);
    const waiting = this.waiters.filter((waiter) => waiter.match(mail));
    this.waiters = this.waiters.filter((waiter) => !waiting.includes(waiter));
    for (const waiter of waiting) waiter.resolve(mail);
  }

  /**
   * The next mail to this address that arrives from now on (or within `timeoutMs`, else it rejects). Call it
   * before the request that sends the mail. To show a request mailed nothing, wait for a mail asked for after it:
   * mails arrive in order (see `start`), so once that one is here, the request's own would be too.
   */
  nextMailTo(address: string, timeoutMs = 5_000): Promise<ReceivedMail> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`No mail to ${address} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        match: (mail) => mail.to.includes(address.toLowerCase()),
        resolve: (mail) => {
          clearTimeout(timer);
          resolve(mail);
        },
      });
    });
  }

  mailsTo(address: string): ReceivedMail[] {
    return this.mails.filter((mail) => mail.to.includes(address.toLowerCase()));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The first link in a mail's text that leads to a path starting with `pathPrefix`. */
export function linkIn(mail: ReceivedMail, pathPrefix: string): URL {
  for (const match of mail.text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(pathPrefix)) return url;
  }
  throw new Error(`No link to ${pathPrefix} in the mail "${mail.subject}":\n${mail.text}`);
}
