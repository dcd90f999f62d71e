import { actionMail } from './templates';

/** The mail with the link to choose a new password. */
export function passwordResetMail(input: {
  organizationName: string;
  logoUrl: string | null;
  firstName: string;
  link: string;
}): { subject: string; text: string; html: string } {
  return {
    subject: `Reset your ${input.organizationName} password`,
    ...actionMail({
      organizationName: input.organizationName,
      logoUrl: input.logoUrl,
      greeting: `Hi ${input.firstName},`,
      paragraphs: [
        `Someone asked to reset the password of your ${input.organizationName} account. Choose a new password with the button below.`,
      ],
      action: { label: 'Choose a new password', url: input.link },
      footnote:
        'The link works once, for 1 hour. If you did not ask for it, ignore this mail: your password stays as it is.',
    }),
  };
}
