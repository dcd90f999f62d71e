import { MenuIcon } from '@/components/ui/icons';
import { IconButton } from '@/components/ui/icon-button';
import { usePageTitle } from '@/stores/header-store';
import { NotificationsButton } from './notifications-button';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

interface AppHeaderProps {
  navigationDrawerId: string;
  isNavigationOpen: boolean;
  onOpenNavigation: () => void;
}

/** The top bar: the menu button (phones), the page title (spec 2, "Home" by default), theme, notifications, user. */
export function AppHeader({ navigationDrawerId, isNavigationOpen, onOpenNavigation }: AppHeaderProps) {
  const pageTitle = usePageTitle();
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/80">
      <div className="flex h-16 items-center gap-1 px-2 sm:gap-2 sm:px-4 lg:px-8">
        <IconButton
          label="Open navigation"
          aria-haspopup="dialog"
          aria-expanded={isNavigationOpen}
          aria-controls={navigationDrawerId}
          data-tour="open-navigation"
          onClick={onOpenNavigation}
          className="lg:hidden"
        >
          <MenuIcon />
        </IconButton>
        <p className="min-w-0 flex-1 truncate pl-1 text-base font-semibold tracking-tight text-foreground sm:text-lg lg:pl-0">
          {pageTitle}
        </p>
        <div className="flex shrink-0 items-center gap-0.5 sm:gap-1">
          <ThemeToggle />
          <NotificationsButton />
          <span aria-hidden="true" className="mx-1 hidden h-6 w-px bg-border sm:block" />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
