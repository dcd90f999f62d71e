import { Link } from '@tanstack/react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { Icon } from '@/components/ui/icons';
import { UserIcon } from '@/components/ui/icons';
import { textLinkClass } from '@/components/ui/text-link-class';

interface NotAllowedPageProps {
  /** The screen's own title, so the header still says where the person is. */
  title: string;
  /** Who the screen is for, e.g. "This screen is for coaches and administrators". */
  audience?: string;
  /** Why, in the reader's terms. */
  reason?: string;
  icon?: Icon;
}

/** What someone sees on a screen their role may not use, reached by typing its address. */
export function NotAllowedPage({
  title,
  audience = 'This screen is for coaches and administrators',
  reason = "Your account cannot see the organisation's people. If you think it should, ask your coach.",
  icon = UserIcon,
}: NotAllowedPageProps) {
  return (
    <div className="space-y-6">
      <PageHeader title={title} />
      <Card>
        <EmptyState
          icon={icon}
          title={audience}
          action={
            <Link to="/app/dashboard" className={textLinkClass}>
              Back to Home
            </Link>
          }
        >
          {reason}
        </EmptyState>
      </Card>
    </div>
  );
}
