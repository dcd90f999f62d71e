import type { CustomSidebarItem } from '@contract';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { useId } from 'react';
import { OrganizationLogo } from '@/components/organization-logo';
import { ExternalLinkIcon, NamedIcon } from '@/components/ui/icons';
import { authQueries } from '@/lib/auth/auth-queries';
import { chatQueries } from '@/lib/chat-sync/chat-queries';
import { brandingFrom } from '@/lib/settings/settings-queries';
import { sidebarQueries } from '@/lib/settings/sidebar-queries';
import { sidebarLinkTarget, visibleSidebarItems } from '../custom-sidebar-links';
import { navigationItemsFor } from './navigation-items';

const linkClass =
  'group relative flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring aria-[current=page]:bg-primary-soft aria-[current=page]:font-semibold aria-[current=page]:text-primary-ink';

interface SideNavigationProps {
  /** Called after a link is followed (the phone drawer closes itself). */
  onNavigate?: () => void;
  /** Shown at the right of the organisation header (the phone drawer's close button). */
  headerAction?: ReactNode;
}

/**
 * The side navigation of spec 2: the organisation at the top, the app's screens, then the organisation's
 * own links from `/api/customSidebarItems`. The same content fills the desktop sidebar and the phone drawer.
 */
export function SideNavigation({ onNavigate, headerAction }: SideNavigationProps) {
  const { data: me } = useSuspenseQuery(authQueries.me());
  const { data: customItems } = useQuery(sidebarQueries.customItems());
  const { organizationName, logoUrl } = brandingFrom(me.organization);
  const role = me.user.role;
  const customLinks = visibleSidebarItems(customItems ?? [], role);
  const customHeadingId = useId();

  return (
    <nav aria-label="Main" className="flex h-full flex-col bg-surface">
      <div className="flex h-16 shrink-0 items-center gap-3 border-b border-border pr-2 pl-4">
        <Link
          to="/app/dashboard"
          onClick={onNavigate}
          className="flex min-w-0 flex-1 items-center gap-3 rounded-lg py-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <OrganizationLogo src={logoUrl} organizationName={organizationName} className="size-9" />
          <span className="line-clamp-2 text-[0.9375rem] leading-tight font-semibold tracking-tight text-foreground">
            {organizationName}
          </span>
        </Link>
        {headerAction}
      </div>

      <div className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {navigationItemsFor(role).map(({ label, to, icon: ItemIcon }) => (
            <li key={to}>
              <Link to={to} onClick={onNavigate} className={linkClass} data-tour={`nav:${to}`}>
                <span
                  aria-hidden="true"
                  className="absolute inset-y-2 -left-3 w-1 rounded-r-full bg-primary opacity-0 transition-opacity group-aria-[current=page]:opacity-100"
                />
                <ItemIcon className="size-5" />
                <span className="min-w-0 flex-1 truncate">{label}</span>
                {to === '/app/chat' ? <ChatUnreadBadge /> : null}
              </Link>
            </li>
          ))}
        </ul>

        {customLinks.length > 0 ? (
          <div className="mt-6">
            <h2
              id={customHeadingId}
              className="px-3 pb-2 text-xs font-semibold tracking-wider text-muted-foreground uppercase"
            >
              Quick links
            </h2>
            <ul aria-labelledby={customHeadingId} className="space-y-1">
              {customLinks.map((item) => (
                <li key={item.id}>
                  <CustomSidebarLink item={item} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>

      <p className="shrink-0 border-t border-border px-5 py-3 text-xs text-muted-foreground">
        Powered by Connect Platform
      </p>
    </nav>
  );
}

/** The total of unread chat messages beside "Chat" (the live 'chat' event reads the list again). */
function ChatUnreadBadge() {
  const { data: conversations } = useQuery(chatQueries.list());
  const unread = conversations?.reduce((total, conversation) => total + conversation.unread, 0) ?? 0;
  if (unread === 0) return null;
  return (
    <span className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
      {unread > 99 ? '99+' : unread}
      <span className="sr-only">{' unread'}</span>
    </span>
  );
}

const isPlainLeftClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

function CustomSidebarLink({ item, onNavigate }: { item: CustomSidebarItem; onNavigate?: () => void }) {
  const navigate = useNavigate();
  const target = sidebarLinkTarget(item.link);
  if (!target) return null;

  if (target.kind === 'external') {
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
        <NamedIcon iconName={item.icon} className="size-5" />
        <span className="min-w-0 flex-1 truncate">{item.label}</span>
        <ExternalLinkIcon className="size-4 opacity-70" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    );
  }
  // An organisation's path is data, not one of the typed routes: the router resolves it at click time.
  return (
    <a
      href={target.href}
      className={linkClass}
      onClick={(event) => {
        if (!isPlainLeftClick(event)) return;
        event.preventDefault();
        void navigate({ href: target.href });
        onNavigate?.();
      }}
    >
      <NamedIcon iconName={item.icon} className="size-5" />
      <span className="min-w-0 flex-1 truncate">{item.label}</span>
    </a>
  );
}
