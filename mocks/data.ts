import type {
  CustomSidebarItem,
  GroupSummary,
  Organization,
  Passenger,
  Settings,
  User,
  UserListItem,
} from '@contract';
import { defaultPasswordPolicy, emptyOnboardingData } from '@contract';

// Mirrors the server's demo seed (server/db/seed.ts), so a mock session looks like a real one.

/** The password every demo account signs in with (the server's DEMO_PASSWORD default). */
export const demoPassword = 'connect-demo';

export const demoOrganization: Organization = {
  id: '0b6f3c1e-6a6c-4a53-9d4e-2f6f2d1c9a01',
  slug: 'demo',
  name: 'Demo Baseball Academy',
  companyLogo: '/org-logos/demo.svg',
  supportEmail: 'support@demo.test',
};

export const demoSettings: Settings = {
  name: demoOrganization.name,
  companyLogo: demoOrganization.companyLogo,
  supportEmail: demoOrganization.supportEmail,
  primaryColor: '#1d4ed8',
  secondaryColor: '#0f172a',
  accentColor: '#f59e0b',
  warmUpColor: '#f97316',
  mobilityColor: '#14b8a6',
  liftColor: '#6366f1',
  throwColor: '#ef4444',
  commandColor: '#8b5cf6',
  sprintColor: '#22c55e',
  plyoColor: '#eab308',
  medballColor: '#a16207',
  fieldingColor: '#0ea5e9',
  hittingColor: '#dc2626',
  practicePlanColor: '#64748b',
  passwordPolicy: defaultPasswordPolicy,
  weightUnit: 'lb',
  timeZone: 'America/Chicago',
  weekStartsOn: 'monday',
  plateStep: 5,
  barWeight: 45,
  recordNotifications: false,
  locale: 'en-US',
  chatAthletesToStaffOnly: false,
  uploadMaxVideoBytes: 100 * 1024 * 1024,
  uploadMaxOtherBytes: 20 * 1024 * 1024,
};

function demoUser(fields: Pick<User, 'id' | 'email' | 'firstName' | 'lastName' | 'role' | 'status'>): User {
  return {
    organizationId: demoOrganization.id,
    firebaseToken: null,
    onboardingSteps: {},
    onboardingData: emptyOnboardingData,
    onboardingHidden: false,
    onboarding: false,
    ...fields,
  };
}

export const demoUsers = {
  admin: demoUser({
    id: '5a0c8a8e-1d2b-4c4e-8f00-000000000001',
    email: 'admin@demo.test',
    firstName: 'Morgan',
    lastName: 'Reyes',
    role: 'admin',
    status: 'approved',
  }),
  coach: demoUser({
    id: '5a0c8a8e-1d2b-4c4e-8f00-000000000002',
    email: 'coach@demo.test',
    firstName: 'Casey',
    lastName: 'Jordan',
    role: 'coach',
    status: 'approved',
  }),
  athlete: demoUser({
    id: '5a0c8a8e-1d2b-4c4e-8f00-000000000003',
    email: 'athlete@demo.test',
    firstName: 'Jamie',
    lastName: 'Rivera',
    role: 'athlete',
    status: 'approved',
  }),
  /** Signed up, not yet approved by a coach. */
  pendingAthlete: demoUser({
    id: '5a0c8a8e-1d2b-4c4e-8f00-000000000004',
    email: 'pending@demo.test',
    firstName: 'Riley',
    lastName: 'Chen',
    role: 'athlete',
    status: 'pending',
  }),
} satisfies Record<string, User>;

export const demoSidebarItems: CustomSidebarItem[] = [
  {
    id: '7c1d2e3f-0000-4000-8000-000000000001',
    label: 'Nutrition Guide',
    link: '/app/dashboard?guide=nutrition',
    icon: 'apple',
    roles: ['admin', 'coach', 'athlete'],
    order: 1,
  },
];

export const demoPassengers: Passenger[] = [
  {
    id: '9e8d7c6b-0000-4000-8000-000000000001',
    firstName: 'Jamie',
    lastName: 'Rivera',
    userId: demoUsers.athlete.id,
    trip: 'Spring Classic — Phoenix',
    departureDate: '2027-03-12',
    seat: '12A',
    notes: null,
  },
];

/** The bearer token the mock API issues for a user; `userForToken` reverses it. */
export const tokenFor = (user: User): string => `mock-token-${user.id}`;

export function userForToken(token: string | null): User | undefined {
  if (!token) return undefined;
  return Object.values(demoUsers).find((user) => tokenFor(user) === token);
}

export const demoGroups: GroupSummary[] = [
  {
    id: '3f1e2d3c-0000-4000-8000-000000000001',
    name: '2027 Graduates',
    description: 'Recruiting class of 2027',
    memberCount: 2,
  },
  {
    id: '3f1e2d3c-0000-4000-8000-000000000002',
    name: 'Pitchers',
    description: 'Throwing program and arm care',
    memberCount: 3,
  },
  {
    id: '3f1e2d3c-0000-4000-8000-000000000003',
    name: 'Position Players',
    description: 'Hitting, fielding and speed',
    memberCount: 4,
  },
];

const [graduates, pitchers, positionPlayers] = demoGroups as [GroupSummary, GroupSummary, GroupSummary];
const groupRef = ({ id, name }: GroupSummary) => ({ id, name });

function listed(user: User, groups: GroupSummary[], createdAt: string): UserListItem {
  const { id, firstName, lastName, email, role, status } = user;
  return {
    id,
    firstName,
    lastName,
    email,
    role,
    status,
    invitationPending: false,
    groups: groups.map(groupRef),
    createdAt,
  };
}

function athlete(id: string, firstName: string, lastName: string, email: string): User {
  return demoUser({ id, email, firstName, lastName, role: 'athlete', status: 'approved' });
}

/** Everyone of the demo organisation as the users screen lists them (the seed's nine people and groups). */
export const demoPeople: UserListItem[] = [
  listed(demoUsers.admin, [], '2026-01-05T09:00:00.000Z'),
  listed(demoUsers.coach, [], '2026-01-05T09:05:00.000Z'),
  listed(demoUsers.athlete, [pitchers, positionPlayers], '2026-01-06T10:00:00.000Z'),
  listed(demoUsers.pendingAthlete, [], '2026-11-20T18:30:00.000Z'),
  listed(
    athlete('5a0c8a8e-1d2b-4c4e-8f00-000000000005', 'Tyler', 'Brooks', 'tyler.brooks@demo.test'),
    [graduates, pitchers],
    '2026-01-07T10:00:00.000Z',
  ),
  listed(
    athlete('5a0c8a8e-1d2b-4c4e-8f00-000000000006', 'Diego', 'Martinez', 'diego.martinez@demo.test'),
    [positionPlayers],
    '2026-01-07T10:05:00.000Z',
  ),
  listed(
    athlete('5a0c8a8e-1d2b-4c4e-8f00-000000000007', 'Sam', 'Whitaker', 'sam.whitaker@demo.test'),
    [graduates, positionPlayers],
    '2026-01-07T10:10:00.000Z',
  ),
  listed(
    athlete('5a0c8a8e-1d2b-4c4e-8f00-000000000008', 'Noah', 'Kim', 'noah.kim@demo.test'),
    [pitchers],
    '2026-01-07T10:15:00.000Z',
  ),
  listed(
    athlete('5a0c8a8e-1d2b-4c4e-8f00-000000000009', 'Eli', 'Thompson', 'eli.thompson@demo.test'),
    [positionPlayers],
    '2026-01-07T10:20:00.000Z',
  ),
];
