import type { AccountTokenPurpose } from '../../db/schema';
import type { RequestContext } from '../context';
import type { OrganizationRow, UserRow } from '../serializers';
import { absoluteLogoUrl, organizationOrigin } from './organization-origin';
import { actionMail } from './templates';

/** How long each kind of one-time link works (spec 2: reset 1 hour, activation 48 hours). */
export const accountLinkLifetimeMs: Record<AccountTokenPurpose, number> = {
  'password-reset': 60 * 60 * 1000,
  activation: 48 * 60 * 60 * 1000,
  invitation: 7 * 24 * 60 * 60 * 1000,
};

/** The screen each kind of link opens: activation and invitation share /activate-account (ADR 021). */
function linkPath(purpose: AccountTokenPurpose, userId: string, token: string): string {
  return purpose === 'password-reset'
    ? `/reset-password/${userId}/${token}`
    : `/activate-account/${userId}/${token}`;
}

interface MailText {
  subject: string;
  paragraphs: string[];
  actionLabel: string;
  footnote: string;
}

function linkMailText(purpose: AccountTokenPurpose, organizationName: string): MailText {
  switch (purpose) {
    case 'password-reset':
      return {
        subject: `Reset your ${organizationName} password`,
        paragraphs: [
          `Someone asked to reset the password of your ${organizationName} account. Choose a new password with the button below.`,
        ],
        actionLabel: 'Choose a new password',
        footnote:
          'The link works once, for 1 hour. If you did not ask for it, ignore this mail: your password stays as it is.',
      };
    case 'activation':
      return {
        subject: `Activate your ${organizationName} account`,
        paragraphs: [
          `Thanks for signing up to ${organizationName}. Confirm this is your email address to activate your account.`,
        ],
        actionLabel: 'Activate my account',
        footnote:
          'The link works once, for 48 hours. If you did not sign up, ignore this mail and no account will be activated.',
      };
    case 'invitation':
      return {
        subject: `You're invited to ${organizationName}`,
        paragraphs: [
          `${organizationName} has made you an account. Choose your password to sign in and get started.`,
        ],
        actionLabel: 'Choose my password',
        footnote:
          'The link works once, for 7 days. If it has expired, ask your coach or admin to send a new one.',
      };
  }
}

/**
 * Makes a one-time link of `purpose` for the user (older unused ones of that purpose stop working) and mails
 * it, from the organisation, with its name and logo, pointing at the organisation's host (ADR 018).
 */
export async function mailAccountLink(
  c: RequestContext,
  user: UserRow,
  organization: OrganizationRow,
  purpose: AccountTokenPurpose,
): Promise<void> {
  const { accountTokens, mailer } = c.var;
  const origin = await organizationOrigin(c, organization);
  const token = await accountTokens.createAccountToken(user, purpose, accountLinkLifetimeMs[purpose]);
  const text = linkMailText(purpose, organization.name);
  await mailer.send({
    to: user.email,
    subject: text.subject,
    ...actionMail({
      organizationName: organization.name,
      logoUrl: absoluteLogoUrl(organization, origin),
      greeting: `Hi ${user.firstName},`,
      paragraphs: text.paragraphs,
      action: { label: text.actionLabel, url: `${origin}${linkPath(purpose, user.id, token)}` },
      footnote: text.footnote,
    }),
  });
}

/** Runs a mail after the answer is sent: SMTP never delays a response, and a failure is logged, not thrown. */
export function sendAfterResponse(c: RequestContext, what: string, send: () => Promise<void>): void {
  const requestId = c.var.requestId;
  void send().catch((error: unknown) => {
    console.error(`[${requestId}] ${what} was not sent:`, error);
  });
}

/** Tells a user staff approved (or turned down) their sign-up; approval carries a sign-in button. */
export async function mailApprovalDecision(
  c: RequestContext,
  user: UserRow,
  organization: OrganizationRow,
  decision: 'approved' | 'rejected',
): Promise<void> {
  const origin = await organizationOrigin(c, organization);
  const approved = decision === 'approved';
  await c.var.mailer.send({
    to: user.email,
    subject: approved
      ? `Your ${organization.name} account is approved`
      : `Your ${organization.name} sign-up was not approved`,
    ...actionMail({
      organizationName: organization.name,
      logoUrl: absoluteLogoUrl(organization, origin),
      greeting: `Hi ${user.firstName},`,
      paragraphs: approved
        ? [`Good news: ${organization.name} has approved your account. You can sign in now.`]
        : [
            `${organization.name} did not approve your sign-up. If you think this is a mistake, contact your coach.`,
          ],
      action: approved
        ? { label: 'Sign in', url: `${origin}/login` }
        : { label: `Open ${organization.name}`, url: `${origin}/login` },
      footnote: approved
        ? `Sign in with the email address ${user.email}.`
        : 'You are receiving this because you signed up with this email address.',
    }),
  });
}
