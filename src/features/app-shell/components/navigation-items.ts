import type { Role } from '@contract';
import type { Icon } from '@/components/ui/icons';
import {
  ActivityIcon,
  BookIcon,
  CalendarIcon,
  ClipboardIcon,
  DumbbellIcon,
  HomeIcon,
  LayersIcon,
  ListChecksIcon,
  MessageIcon,
  PlaneIcon,
  SlidersIcon,
  UsersIcon,
} from '@/components/ui/icons';
import type { FileRouteTypes } from '@/routeTree.gen';

export interface NavigationItem {
  label: string;
  to: FileRouteTypes['to'];
  icon: Icon;
  /** Who sees it; everyone when absent (e.g. organisation settings will be `['admin']`). */
  roles?: readonly Role[];
}

/**
 * The app's own screens in the side navigation, in product.md's order. Only screens that exist are listed:
 * each later issue adds its entry here (users, groups, workout library, schedule, …, profile).
 */
export const navigationItems: readonly NavigationItem[] = [
  { label: 'Home', to: '/app/dashboard', icon: HomeIcon },
  { label: 'Users', to: '/app/users', icon: UsersIcon, roles: ['admin', 'coach'] },
  { label: 'Groups', to: '/app/groups', icon: LayersIcon, roles: ['admin', 'coach'] },
  { label: 'Workout library', to: '/app/library', icon: DumbbellIcon, roles: ['admin', 'coach'] },
  { label: 'Schedule', to: '/app/schedule', icon: CalendarIcon },
  { label: 'Completed', to: '/app/completed', icon: ListChecksIcon },
  { label: 'Questionnaires', to: '/app/questionnaires', icon: ClipboardIcon, roles: ['admin', 'coach'] },
  { label: 'Activity', to: '/app/activities', icon: ActivityIcon },
  { label: 'Chat', to: '/app/chat', icon: MessageIcon },
  { label: 'Travel roster', to: '/app/travel-roster', icon: PlaneIcon },
  { label: 'Reports', to: '/app/reports', icon: BookIcon, roles: ['admin', 'coach'] },
  { label: 'Organisation settings', to: '/app/settings', icon: SlidersIcon, roles: ['admin'] },
];

export function navigationItemsFor(role: Role): NavigationItem[] {
  return navigationItems.filter((item) => !item.roles || item.roles.includes(role));
}
