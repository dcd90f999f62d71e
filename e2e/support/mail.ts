import { afterAll, beforeAll } from 'vitest';
import { SmtpInbox } from '../../server/testing/smtp-inbox';

/** Where scripts/test-e2e.ts points the server's SMTP_URL. */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);

/** For a suite: an SMTP server in this process that receives what the server under test mails. */
export function useSmtpInbox(): SmtpInbox {
  const inbox = new SmtpInbox();
  beforeAll(async () => {
    await inbox.start(smtpPort);
  });
  afterAll(async () => {
    await inbox.close();
  });
  return inbox;
}
