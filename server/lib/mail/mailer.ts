import { createTransport, type Transporter } from 'nodemailer';
import type { Env } from '../../env';

/** One mail, in plain text and HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** How features send mail; reached by handlers as `c.var.mailer`. Rejects when the mail could not be handed over. */
export interface Mailer {
  /** 'smtp' sends for real; 'log' writes each mail to the server log (development without SMTP). */
  readonly kind: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** Sends over SMTP with nodemailer; the URL carries host, port, TLS (smtps://) and credentials. */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }

  close(): Promise<void> {
    this.transport.close();
    return Promise.resolve();
  }
}

/** Writes each mail's recipient, subject and text (with its links) to the log, so the flows work without SMTP. */
export class LogMailer implements Mailer {
  readonly kind = 'log';

  constructor(private readonly write: (line: string) => void = (line) => console.log(line)) {}

  send(message: MailMessage): Promise<void> {
    this.write(`[mail] To: ${message.to}\n[mail] Subject: ${message.subject}\n${message.text}`);
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** The mailer the configuration asks for: SMTP when SMTP_URL is set, else the log. */
export function createMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>): Mailer {
  return env.SMTP_URL ? new SmtpMailer(env.SMTP_URL, env.MAIL_FROM) : new LogMailer();
}

/** The line the server logs once at start about mail; the URL's password is never printed. */
export function describeMailSetup(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>): string {
  if (!env.SMTP_URL)
    return '[mail] SMTP_URL is not set: mails are written to this log instead of being sent.';
  const url = new URL(env.SMTP_URL);
  return `[mail] Mail goes out over ${url.protocol}//${url.host} from ${env.MAIL_FROM}.`;
}
