import type { ComponentType, ReactNode, SVGProps } from 'react';
import { createElement } from 'react';

/*
 * Line icons on a 24 px grid, drawn after Lucide (ISC licence). Inlined rather than a dependency: the shell
 * needs about twenty, and each is a few bytes. Decorative by default (aria-hidden); the control that holds an
 * icon carries the accessible name.
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;
export type Icon = ComponentType<IconProps>;

export function createIcon(paths: ReactNode): Icon {
  return function LineIcon({ className = 'size-5', ...props }: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className={`shrink-0 ${className}`}
        {...props}
      >
        {paths}
      </svg>
    );
  };
}

export const MenuIcon = createIcon(<path d="M4 6h16M4 12h16M4 18h16" />);
export const CloseIcon = createIcon(<path d="M18 6 6 18M6 6l12 12" />);
/** A pulse line: what happened lately. */
export const ActivityIcon = createIcon(<path d="M22 12h-4l-3 9L9 3l-3 9H2" />);
export const HomeIcon = createIcon(
  <>
    <path d="M15 21v-8a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v8" />
    <path d="M3 10a2 2 0 0 1 .709-1.528l7-6a2 2 0 0 1 2.582 0l7 6A2 2 0 0 1 21 10v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
  </>,
);
export const PlaneIcon = createIcon(
  <path d="M17.8 19.2 16 11l3.5-3.5C21 6 21.5 4 21 3c-1-.5-3 0-4.5 1.5L13 8 4.8 6.2c-.5-.1-.9.1-1.1.5l-.3.5c-.2.5-.1 1 .3 1.3L9 12l-2 3H4l-1 1 3 2 2 3 1-1v-3l3-2 3.5 5.3c.3.4.8.5 1.3.3l.5-.2c.4-.3.6-.7.5-1.2z" />,
);
export const BellIcon = createIcon(
  <>
    <path d="M10.268 21a2 2 0 0 0 3.464 0" />
    <path d="M3.262 15.326A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.673C19.41 13.956 18 12.499 18 8A6 6 0 0 0 6 8c0 4.499-1.411 5.956-2.738 7.326" />
  </>,
);
export const SunIcon = createIcon(
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2m-7.07-17.07 1.41 1.41m11.32 11.32 1.41 1.41M2 12h2m16 0h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41" />
  </>,
);
export const MoonIcon = createIcon(<path d="M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9Z" />);
export const MonitorIcon = createIcon(
  <>
    <rect width="20" height="14" x="2" y="3" rx="2" />
    <path d="M8 21h8M12 17v4" />
  </>,
);
export const ChevronDownIcon = createIcon(<path d="m6 9 6 6 6-6" />);
export const SignOutIcon = createIcon(
  <>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
    <path d="m16 17 5-5-5-5M21 12H9" />
  </>,
);
export const ExternalLinkIcon = createIcon(
  <>
    <path d="M15 3h6v6M10 14 21 3" />
    <path d="M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />
  </>,
);
export const LinkIcon = createIcon(
  <>
    <path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71" />
    <path d="M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71" />
  </>,
);
export const CalendarIcon = createIcon(
  <>
    <path d="M8 2v4M16 2v4" />
    <rect width="18" height="18" x="3" y="4" rx="2" />
    <path d="M3 10h18" />
  </>,
);
export const AppleIcon = createIcon(
  <>
    <path d="M12 20.94c1.5 0 2.75 1.06 4 1.06 3 0 6-8 6-12.22A4.91 4.91 0 0 0 17 5c-2.22 0-4 1.44-5 2-1-.56-2.78-2-5-2a4.9 4.9 0 0 0-5 4.78C2 14 5 22 8 22c1.25 0 2.5-1.06 4-1.06Z" />
    <path d="M10 2c1 .5 2 2 2 5" />
  </>,
);
/** Safari's share button (a box with an arrow up), as the install guide refers to it. */
export const ShareIcon = createIcon(
  <>
    <path d="M4 12v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8" />
    <path d="m16 6-4-4-4 4M12 2v13" />
  </>,
);
/** A browser's menu button (three dots). */
export const MoreVerticalIcon = createIcon(
  <>
    <circle cx="12" cy="5" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="12" cy="19" r="1" />
  </>,
);
export const DownloadIcon = createIcon(
  <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3" />,
);
export const ClipboardIcon = createIcon(
  <>
    <rect width="8" height="4" x="8" y="2" rx="1" />
    <path d="M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2" />
  </>,
);
export const BookIcon = createIcon(
  <path d="M4 19.5v-15A2.5 2.5 0 0 1 6.5 2H19a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H6.5a1 1 0 0 1 0-5H20" />,
);
export const UserIcon = createIcon(
  <>
    <path d="M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2" />
    <circle cx="12" cy="7" r="4" />
  </>,
);
export const UsersIcon = createIcon(
  <>
    <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
    <circle cx="9" cy="7" r="4" />
    <path d="M22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75" />
  </>,
);
export const LayersIcon = createIcon(<path d="m12 2 10 5-10 5L2 7l10-5Zm-10 10 10 5 10-5M2 17l10 5 10-5" />);
export const SlidersIcon = createIcon(
  <path d="M21 4h-7M10 4H3m18 8h-9m-4 0H3m18 8h-5m-4 0H3M14 2v4m-6 4v4m8 4v4" />,
);
export const SearchIcon = createIcon(
  <>
    <circle cx="11" cy="11" r="8" />
    <path d="m21 21-4.3-4.3" />
  </>,
);
export const CheckIcon = createIcon(<path d="M20 6 9 17l-5-5" />);
export const PlusIcon = createIcon(<path d="M12 5v14M5 12h14" />);
export const ListChecksIcon = createIcon(<path d="m3 17 2 2 4-4M3 7l2 2 4-4m4-3h8m-8 6h8m-8 6h8" />);
export const DumbbellIcon = createIcon(
  <>
    <path d="M14.4 14.4 9.6 9.6m11.9 11.9-1.4-1.4M3.9 3.9 2.5 2.5" />
    <path d="M18.657 21.485a2 2 0 1 1-2.829-2.828l-1.767 1.768a2 2 0 1 1-2.829-2.829l6.364-6.364a2 2 0 1 1 2.829 2.829l-1.768 1.767a2 2 0 1 1 2.828 2.829z" />
    <path d="M6.404 12.768a2 2 0 1 1-2.829-2.829l1.768-1.767a2 2 0 1 1-2.828-2.829l2.828-2.828a2 2 0 1 1 2.829 2.828l1.767-1.768a2 2 0 1 1 2.829 2.829z" />
  </>,
);
export const InboxIcon = createIcon(
  <>
    <path d="M22 12h-6l-2 3h-4l-2-3H2" />
    <path d="M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z" />
  </>,
);
export const LifeBuoyIcon = createIcon(
  <>
    <circle cx="12" cy="12" r="10" />
    <circle cx="12" cy="12" r="4" />
    <path d="m4.93 4.93 4.24 4.24m5.66 5.66 4.24 4.24m-4.24-9.9 4.24-4.24M4.93 19.07l4.24-4.24" />
  </>,
);
export const MailIcon = createIcon(
  <>
    <rect width="20" height="16" x="2" y="4" rx="2" />
    <path d="m22 7-8.97 5.7a1.94 1.94 0 0 1-2.06 0L2 7" />
  </>,
);
export const AlertCircleIcon = createIcon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 8v4m0 4h.01" />
  </>,
);

export const ArrowUpIcon = createIcon(<path d="m5 12 7-7 7 7M12 19V5" />);
export const ArrowDownIcon = createIcon(<path d="M12 5v14m7-7-7 7-7-7" />);
export const PencilIcon = createIcon(
  <path d="M21.17 6.81a2.83 2.83 0 0 0-4-4L3.84 16.17a2 2 0 0 0-.5.83l-1.32 4.35a.5.5 0 0 0 .62.62l4.35-1.32a2 2 0 0 0 .83-.5zM15 5l4 4" />,
);
export const MessageIcon = createIcon(
  <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />,
);
export const TrashIcon = createIcon(
  <path d="M3 6h18m-2 0v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6m3 0V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2m-6 5v6m4-6v6" />,
);

/**
 * Icons an organisation can name for its custom sidebar items (`icon` in contract/organizations.ts);
 * an unknown or missing name gets the plain link icon.
 */
const sidebarIcons: Record<string, Icon> = {
  apple: AppleIcon,
  bell: BellIcon,
  book: BookIcon,
  calendar: CalendarIcon,
  clipboard: ClipboardIcon,
  dumbbell: DumbbellIcon,
  home: HomeIcon,
  'life-buoy': LifeBuoyIcon,
  link: LinkIcon,
  'list-checks': ListChecksIcon,
  mail: MailIcon,
  plane: PlaneIcon,
  user: UserIcon,
  users: UsersIcon,
};

export function iconByName(name: string | null): Icon {
  return (name ? sidebarIcons[name.trim().toLowerCase()] : undefined) ?? LinkIcon;
}

/** The icon an organisation named (see `iconByName`). */
export function NamedIcon({ iconName, ...props }: IconProps & { iconName: string | null }) {
  return createElement(iconByName(iconName), props);
}
export const UploadIcon = createIcon(
  <path d="M12 15V3m0 0L7 8m5-5 5 5M4 15v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4" />,
);
