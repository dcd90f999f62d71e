import type { CustomSidebarItem, Organization, Passenger, Settings, User } from '@contract';
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
