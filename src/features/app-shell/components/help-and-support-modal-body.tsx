import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';
import { MailIcon } from '@/components/ui/icons';
import { textLinkClass } from '@/components/ui/text-link-class';
import type { ModalBodyProps } from '@/components/modal/modal-host';
import { authQueries } from '@/lib/auth/auth-queries';
import { brandingFrom } from '@/lib/settings/settings-queries';

/** Who to ask when something does not work: the organisation's support mailbox, and the terms. */
export function HelpAndSupportModalBody({ closeModal }: ModalBodyProps) {
  const { data: me } = useSuspenseQuery(authQueries.me());
  const { organizationName } = brandingFrom(me.organization);
  const supportEmail = me.organization.supportEmail?.trim();

  return (
    <div className="space-y-4 text-sm text-muted-foreground">
      {supportEmail ? (
        <>
          <p>
            Questions about your account, your training or this app? {organizationName} answers at its support
            mailbox.
          </p>
          <a
            href={`mailto:${supportEmail}`}
            className="flex min-h-11 items-center gap-3 rounded-lg border border-border px-3 font-medium text-foreground transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <MailIcon className="size-5 text-primary-ink" />
            <span className="truncate">{supportEmail}</span>
          </a>
        </>
      ) : (
        <p>
          Questions about your account or your training? Ask a coach or an administrator of {organizationName}
          .
        </p>
      )}
      <p>
        Read the{' '}
        <Link to="/terms-of-service" className={textLinkClass} onClick={closeModal}>
          terms of service
        </Link>
        .
      </p>
      <div className="flex justify-end pt-2">
        <Button variant="secondary" onClick={closeModal}>
          Done
        </Button>
      </div>
    </div>
  );
}
