import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Avatar } from '@/components/ui/avatar';
import { ChevronDownIcon, LifeBuoyIcon, ListChecksIcon, SignOutIcon, UserIcon } from '@/components/ui/icons';
import { Popover } from '@/components/ui/popover';
import { Spinner } from '@/components/ui/spinner';
import { authQueries } from '@/lib/auth/auth-queries';
import { roleLabels } from '@/lib/auth/role-labels';
import { brandingFrom } from '@/lib/settings/settings-queries';
import { modalBodyTypes, useModalActions } from '@/stores/modal-store';
import {
  useIsOnboardingComplete,
  useIsOnboardingGuideHidden,
  useOnboardingTourActions,
} from '@/stores/onboarding-tour-store';
import { useSignOut } from '../api/sign-out';
import { ThemeChoiceField } from './theme-choice-field';

const menuItemClass =
  'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left text-sm font-medium text-foreground transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-70';

/** The header's user menu: who is signed in (name, role, organisation), the theme, help, and sign-out. */
export function UserMenu() {
  const { data: me } = useSuspenseQuery(authQueries.me());
  const signOut = useSignOut();
  const { openModal } = useModalActions();
  const { user } = me;
  const isGuideHidden = useIsOnboardingGuideHidden();
  const isTourComplete = useIsOnboardingComplete();
  const { guideShown } = useOnboardingTourActions();
  // Spec 4: a hidden guide comes back from here, for staff whose tour is not finished.
  const canShowGuide = user.role !== 'athlete' && isGuideHidden && !isTourComplete;
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const { organizationName } = brandingFrom(me.organization);

  return (
    <Popover
      panelLabel="Account"
      panelClassName="w-[min(20rem,calc(100vw-1rem))]"
      triggerClassName="flex min-h-11 items-center gap-2 rounded-lg py-1 pr-1.5 pl-1 text-left transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-expanded:bg-muted sm:pr-2"
      trigger={
        <>
          <span className="sr-only">Account menu</span>
          <Avatar firstName={user.firstName} lastName={user.lastName} />
          <span className="hidden min-w-0 sm:block">
            <span className="block max-w-40 truncate text-sm leading-tight font-semibold text-foreground">
              {fullName}
            </span>
            <span className="block text-xs leading-tight text-muted-foreground">{roleLabels[user.role]}</span>
          </span>
          <ChevronDownIcon className="hidden size-4 text-muted-foreground sm:block" />
        </>
      }
    >
      {(close) => (
        <>
          <div className="flex items-center gap-3 px-3 pt-2.5 pb-3">
            <Avatar firstName={user.firstName} lastName={user.lastName} className="size-11 text-base" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-foreground">{fullName}</p>
              <p className="truncate text-xs text-muted-foreground">{user.email}</p>
              <p className="mt-0.5 truncate text-xs text-muted-foreground">
                {roleLabels[user.role]} · {organizationName}
              </p>
            </div>
          </div>
          <div className="border-t border-border px-1.5 pt-3 pb-2">
            <ThemeChoiceField />
          </div>
          <div className="space-y-0.5 border-t border-border pt-1.5">
            <Link to="/app/profile" className={menuItemClass} onClick={close}>
              <UserIcon className="size-5 text-muted-foreground" />
              Profile
            </Link>
            {canShowGuide ? (
              <button
                type="button"
                className={menuItemClass}
                onClick={() => {
                  close();
                  guideShown();
                }}
              >
                <ListChecksIcon className="size-5 text-muted-foreground" />
                Show the guide
              </button>
            ) : null}
            <button
              type="button"
              className={menuItemClass}
              onClick={() => {
                close();
                openModal({ title: 'Help and support', bodyType: modalBodyTypes.helpAndSupport, size: 'sm' });
              }}
            >
              <LifeBuoyIcon className="size-5 text-muted-foreground" />
              Help and support
            </button>
            <button
              type="button"
              className={menuItemClass}
              disabled={signOut.isPending}
              aria-busy={signOut.isPending || undefined}
              onClick={() => signOut.mutate()}
            >
              {signOut.isPending ? (
                <Spinner className="size-5" />
              ) : (
                <SignOutIcon className="size-5 text-muted-foreground" />
              )}
              {signOut.isPending ? 'Signing out…' : 'Sign out'}
            </button>
          </div>
        </>
      )}
    </Popover>
  );
}
