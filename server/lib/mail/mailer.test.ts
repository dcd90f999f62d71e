import { describe, expect, it } from 'vitest';
import { describeMailSetup, LogMailer } from './mailer';
import { actionMail } from './templates';

const link = 'https://academy.example/reset-password/u1/t0ken?a=1&b=2';

describe('mail', () => {
  it('escapes the organisation name and the link in the HTML, and keeps the text readable', () => {
    const mail = actionMail({
      organizationName: 'Tigers <script>alert(1)</script> & Co',
      logoUrl: 'https://academy.example/logo.png',
      greeting: 'Hi Jamie,',
      paragraphs: ['Choose a new password with the button below.'],
      action: { label: 'Choose a new password', url: link },
      footnote: 'The link works once.',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Tigers &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    expect(mail.html).toContain('href="https://academy.example/reset-password/u1/t0ken?a=1&amp;b=2"');
    expect(mail.html).toContain('src="https://academy.example/logo.png"');
    expect(mail.text).toContain(`Choose a new password: ${link}`);
  });

  it('writes each mail to the log, with its link, when no SMTP server is configured', async () => {
    const lines: string[] = [];
    const mailer = new LogMailer((line) => lines.push(line));
    await mailer.send({ to: 'jamie@demo.test', subject: 'Reset', text: `Open ${link}`, html: '<p>Open</p>' });
    expect(lines.join('\n')).toContain('To: jamie@demo.test');
    expect(lines.join('\n')).toContain(link);
  });

  it('describes the SMTP setup without its password', () => {
    const line = describeMailSetup({
      SMTP_URL: 'smtps://mailer:s3cret@mail.example.com:465',
      MAIL_FROM: 'x@y.z',
    });
    expect(line).toContain('smtps://mail.example.com:465');
    expect(line).not.toContain('s3cret');
  });
});
