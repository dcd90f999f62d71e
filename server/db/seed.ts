import { inArray } from 'drizzle-orm';
import type { Role, UserStatus } from '../../contract/users';
import { hashPassword } from '../lib/passwords';
import type { Database } from './client';
import { seedChat } from './seed-chat';
import { seedQuestionnaires } from './seed-questionnaires';
import { demoLibrary, rivalsLibrary, seedLibrary, type LibrarySeed } from './seed-library';
import { rightHandersArsenal, seedPitching, type PitchingSeed } from './seed-pitching';
import { seedSchedule, type ScheduleSeed } from './seed-schedule';
import { seedTracking, type TrackingSeed } from './seed-tracking';
import {
  athleteGroupMembers,
  athleteGroups,
  customSidebarItems,
  organizations,
  passengers,
  platformAdmins,
  users,
} from './schema';

interface DemoPerson {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  status?: UserStatus;
  /** An athlete's profile: Pitch Smart needs the date of birth, the throwing workload the height and weight. */
  dateOfBirth?: string;
  heightInches?: number;
  weightPounds?: number;
}

interface DemoOrganization {
  organization: typeof organizations.$inferInsert;
  people: DemoPerson[];
  groups: { name: string; description: string; members: string[] }[];
  sidebar: { label: string; link: string; icon: string; roles: Role[] }[];
  trips: {
    trip: string;
    departureDate: string;
    travellers: (string | { firstName: string; lastName: string })[];
  }[];
  /** Exercises and workouts (issue 13); the workouts are made by the first coach. */
  library: LibrarySeed;
  /** The calendar around today, programs and an application (issue 14), made by the first coach. */
  schedule: ScheduleSeed;
  /** Completed logs of past entries, maxes, records and the activity feed (issue 15). */
  tracking?: TrackingSeed;
  /** Pitches and arm-sensor throws of the pitchers' completed throwing workouts (issue 16). */
  pitching?: PitchingSeed;
}

export const demoOrganizationSlugs = ['demo', 'rivals'] as const;

/**
 * An athlete's profile measures: a date of birth `years` and `months` before today (so the demo's ages stay as
 * written whenever it is seeded), and the height and weight when known.
 */
function profile(years: number, months: number, heightInches?: number, weightPounds?: number) {
  const born = new Date();
  born.setUTCMonth(born.getUTCMonth() - (years * 12 + months), 1);
  return { dateOfBirth: born.toISOString().slice(0, 10), heightInches, weightPounds };
}

const demo: DemoOrganization = {
  organization: {
    slug: 'demo',
    name: 'Demo Baseball Academy',
    companyLogo: '/org-logos/demo.svg',
    supportEmail: 'support@demo.test',
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
    timeZone: 'America/Chicago',
    weekStartsOn: 'monday',
  },
  people: [
    { email: 'admin@demo.test', firstName: 'Morgan', lastName: 'Reyes', role: 'admin' },
    { email: 'coach@demo.test', firstName: 'Casey', lastName: 'Jordan', role: 'coach' },
    {
      email: 'athlete@demo.test',
      firstName: 'Jamie',
      lastName: 'Rivera',
      role: 'athlete',
      // No height yet (people.test.ts keeps it empty): Jamie's throws show the "height and weight needed" state.
      ...profile(17, 4, undefined, 185),
    },
    {
      email: 'tyler.brooks@demo.test',
      firstName: 'Tyler',
      lastName: 'Brooks',
      role: 'athlete',
      ...profile(18, 9, 75, 195),
    },
    {
      email: 'diego.martinez@demo.test',
      firstName: 'Diego',
      lastName: 'Martinez',
      role: 'athlete',
      ...profile(16, 2, 70, 170),
    },
    {
      email: 'sam.whitaker@demo.test',
      firstName: 'Sam',
      lastName: 'Whitaker',
      role: 'athlete',
      ...profile(18, 6, 72, 180),
    },
    // Noah is 14, so a 14-year-old's Pitch Smart limits show; his weight is not on his profile yet.
    {
      email: 'noah.kim@demo.test',
      firstName: 'Noah',
      lastName: 'Kim',
      role: 'athlete',
      ...profile(14, 7, 66),
    },
    {
      email: 'eli.thompson@demo.test',
      firstName: 'Eli',
      lastName: 'Thompson',
      role: 'athlete',
      ...profile(15, 11, 69, 160),
    },
    { email: 'pending@demo.test', firstName: 'Riley', lastName: 'Chen', role: 'athlete', status: 'pending' },
  ],
  groups: [
    {
      name: 'Pitchers',
      description: 'Throwing program and arm care',
      members: ['athlete@demo.test', 'tyler.brooks@demo.test', 'noah.kim@demo.test'],
    },
    {
      name: 'Position Players',
      description: 'Hitting, fielding and speed',
      members: [
        'diego.martinez@demo.test',
        'sam.whitaker@demo.test',
        'eli.thompson@demo.test',
        'athlete@demo.test',
      ],
    },
    {
      name: '2027 Graduates',
      description: 'Recruiting class of 2027',
      members: ['tyler.brooks@demo.test', 'sam.whitaker@demo.test'],
    },
  ],
  sidebar: [
    { label: 'Team Calendar', link: 'https://calendar.demo.test/academy', icon: 'calendar', roles: [] },
    {
      label: 'Nutrition Guide',
      link: '/app/dashboard?guide=nutrition',
      icon: 'apple',
      roles: ['athlete', 'coach', 'admin'],
    },
    {
      label: 'Scouting Reports',
      link: 'https://scouting.demo.test',
      icon: 'clipboard',
      roles: ['admin', 'coach'],
    },
  ],
  trips: [
    {
      trip: 'Spring Classic — Phoenix',
      departureDate: '2027-03-12',
      travellers: [
        'coach@demo.test',
        'athlete@demo.test',
        'tyler.brooks@demo.test',
        'diego.martinez@demo.test',
        'noah.kim@demo.test',
        { firstName: 'Pat', lastName: 'Rivera' },
      ],
    },
    {
      trip: 'Summer Showcase — Atlanta',
      departureDate: '2027-06-20',
      travellers: [
        'coach@demo.test',
        'sam.whitaker@demo.test',
        'eli.thompson@demo.test',
        'athlete@demo.test',
      ],
    },
  ],
  library: demoLibrary,
  schedule: {
    window: { pastDays: 56, futureDays: 27 },
    // A baseball academy's week: pitchers lift Monday and Thursday, throw Tuesday, run Wednesday, pen Friday.
    groups: [
      {
        group: 'Pitchers',
        week: {
          mon: [{ workout: 'Lower Body Strength A', time: '15:30' }],
          tue: [{ workout: 'Pitcher Arm Care', time: '15:30' }],
          wed: [{ workout: 'Speed & Agility', time: '15:30' }],
          thu: [{ workout: 'Upper Body Strength A', time: '15:30' }],
          fri: [{ workout: 'Bullpen Day', time: '15:30' }],
        },
      },
      {
        group: 'Position Players',
        week: {
          mon: [{ workout: 'Position Player Practice Plan', time: '16:30' }],
          tue: [{ workout: 'Lower Body Strength A', time: '17:00' }],
          wed: [{ workout: 'Med-Ball Power', time: '16:30' }],
          thu: [{ workout: 'Position Player Practice Plan', time: '16:30' }],
          fri: [{ workout: 'Upper Body Strength A', time: '17:00' }],
        },
      },
      { group: '2027 Graduates', week: { sat: [{ workout: 'Speed & Agility', time: '09:00' }] } },
    ],
    entries: [
      // Jamie's own morning routine: today always has a workout for athlete@demo.test, weekends too.
      { athlete: 'athlete@demo.test', day: 0, workout: 'Dynamic Warm-Up', time: '07:00' },
      { athlete: 'athlete@demo.test', day: -1, workout: 'Dynamic Warm-Up', time: '07:00' },
      { athlete: 'athlete@demo.test', day: 1, workout: 'Dynamic Warm-Up', time: '07:00' },
      { athlete: 'diego.martinez@demo.test', day: -2, workout: 'Speed & Agility' },
      { athlete: 'eli.thompson@demo.test', day: 2, workout: 'Med-Ball Power', time: '08:00' },
    ],
    skips: [{ athlete: 'tyler.brooks@demo.test', reason: 'Sore elbow: rest and treatment' }],
    programs: [
      {
        name: 'Off-Season Strength — 4 weeks',
        description: 'Four training days a week: lower, speed, upper and med-ball power, building each week.',
        workouts: [0, 7, 14, 21].flatMap((week) => [
          { day: week + 1, workout: 'Lower Body Strength A' },
          { day: week + 2, workout: 'Speed & Agility' },
          { day: week + 4, workout: 'Upper Body Strength A' },
          { day: week + 5, workout: 'Med-Ball Power' },
        ]),
      },
      {
        name: 'Return to Throw — 3 weeks',
        description: 'Arm care every other day, back on the mound in week two.',
        workouts: [
          ...[1, 3, 5, 8, 10, 15, 17].map((day) => ({ day, workout: 'Pitcher Arm Care' })),
          { day: 1, workout: 'Dynamic Warm-Up' },
          { day: 12, workout: 'Bullpen Day' },
          { day: 19, workout: 'Bullpen Day' },
          { day: 21, workout: 'Bullpen Day' },
        ],
      },
    ],
    applications: [{ program: 'Return to Throw — 3 weeks', athlete: 'noah.kim@demo.test', weekday: 'mon' }],
  },
  // Maxes from body weight and age (ADR 048): a trained high-school player benches about 1.0-1.1 × body weight,
  // back squats about 1.4-1.5 ×, trap-bar deadlifts about 1.8 ×; pitchers a little less on the bench.
  tracking: {
    testedDaysAgo: 60,
    athletes: [
      {
        email: 'athlete@demo.test',
        days: 56,
        // 17, 185 lb, pitcher and position player.
        maxes: { 'Trap-Bar Deadlift': 335, 'Bench Press': 185, 'Back Squat': 265 },
        workingLoads: {
          'Split Squat': 95,
          'Romanian Deadlift': 165,
          'Single-Arm Dumbbell Row': 50,
          'Landmine Press': 45,
        },
      },
      {
        email: 'tyler.brooks@demo.test',
        days: 21,
        // 18, 195 lb, pitcher.
        maxes: { 'Trap-Bar Deadlift': 355, 'Bench Press': 195, 'Back Squat': 285 },
        workingLoads: {
          'Split Squat': 105,
          'Romanian Deadlift': 185,
          'Single-Arm Dumbbell Row': 60,
          'Landmine Press': 50,
        },
      },
      {
        email: 'diego.martinez@demo.test',
        days: 21,
        // 16, 170 lb, position player.
        maxes: { 'Trap-Bar Deadlift': 295, 'Bench Press': 165, 'Back Squat': 235 },
        workingLoads: {
          'Split Squat': 75,
          'Romanian Deadlift': 145,
          'Single-Arm Dumbbell Row': 45,
          'Landmine Press': 35,
        },
      },
    ],
  },
  pitching: {
    athletes: [
      { email: 'athlete@demo.test', pitchesPerOuting: [35, 55], arsenal: rightHandersArsenal },
      { email: 'tyler.brooks@demo.test', pitchesPerOuting: [40, 60], arsenal: rightHandersArsenal },
    ],
    warningFor: 'tyler.brooks@demo.test',
  },
};

const rivals: DemoOrganization = {
  organization: {
    slug: 'rivals',
    name: 'Rivals Baseball Club',
    companyLogo: '/org-logos/rivals.svg',
    supportEmail: 'help@rivals.test',
    timeZone: 'America/New_York',
    weekStartsOn: 'sunday',
    primaryColor: '#b91c1c',
    secondaryColor: '#1f2937',
    accentColor: '#facc15',
  },
  people: [
    { email: 'admin@rivals.test', firstName: 'Jordan', lastName: 'Blake', role: 'admin' },
    { email: 'coach@rivals.test', firstName: 'Alex', lastName: 'Moreno', role: 'coach' },
    { email: 'athlete@rivals.test', firstName: 'Chris', lastName: 'Nolan', role: 'athlete' },
  ],
  groups: [{ name: 'Varsity', description: 'First team', members: ['athlete@rivals.test'] }],
  sidebar: [{ label: 'Club Handbook', link: 'https://rivals.test/handbook', icon: 'book', roles: [] }],
  trips: [
    {
      trip: 'Fall Tournament — Dallas',
      departureDate: '2027-10-02',
      travellers: ['coach@rivals.test', 'athlete@rivals.test'],
    },
  ],
  library: rivalsLibrary,
  schedule: {
    window: { pastDays: 7, futureDays: 14 },
    groups: [
      {
        group: 'Varsity',
        week: {
          mon: [{ workout: 'Rivals Total Body' }],
          wed: [{ workout: 'Rivals Total Body' }],
          fri: [{ workout: 'Rivals Total Body' }],
        },
      },
    ],
    entries: [{ athlete: 'athlete@rivals.test', day: 0, workout: 'Rivals Total Body', time: '06:30' }],
    skips: [],
    programs: [
      {
        name: 'Rivals Preseason',
        description: 'Three total-body days a week.',
        workouts: [1, 3, 5].map((day) => ({ day, workout: 'Rivals Total Body' })),
      },
    ],
    applications: [],
  },
};

async function seedOrganization(db: Database, spec: DemoOrganization, passwordHash: string) {
  const [organization] = await db.insert(organizations).values(spec.organization).returning();
  if (!organization) throw new Error(`Could not create ${spec.organization.slug}`);
  const organizationId = organization.id;
  const people = await db
    .insert(users)
    .values(
      spec.people.map((person) => ({
        ...person,
        organizationId,
        passwordHash,
        status: person.status ?? 'approved',
        // The pending demo sign-up has confirmed its email and waits for approval (ADR 021).
        emailVerifiedAt: new Date(),
      })),
    )
    .returning();
  const idByEmail = new Map(people.map((person) => [person.email, person.id]));
  const userId = (email: string) => {
    const id = idByEmail.get(email);
    if (!id) throw new Error(`Unknown demo person ${email}`);
    return id;
  };
  const personByEmail = new Map(spec.people.map((person) => [person.email, person]));

  const groupIdByName = new Map<string, string>();
  for (const group of spec.groups) {
    const [created] = await db
      .insert(athleteGroups)
      .values({ organizationId, name: group.name, description: group.description })
      .returning();
    if (!created) continue;
    groupIdByName.set(group.name, created.id);
    await db
      .insert(athleteGroupMembers)
      .values(group.members.map((email) => ({ organizationId, groupId: created.id, userId: userId(email) })));
  }
  await db
    .insert(customSidebarItems)
    .values(spec.sidebar.map((item, order) => ({ ...item, organizationId, order })));
  await db.insert(passengers).values(
    spec.trips.flatMap(({ trip, departureDate, travellers }) =>
      travellers.map((traveller, index) => {
        const person = typeof traveller === 'string' ? personByEmail.get(traveller) : traveller;
        return {
          organizationId,
          trip,
          departureDate,
          userId: typeof traveller === 'string' ? userId(traveller) : null,
          firstName: person?.firstName ?? 'Guest',
          lastName: person?.lastName ?? '',
          seat: `${10 + Math.floor(index / 4)}${'ABCD'[index % 4]}`,
          notes: typeof traveller === 'string' ? null : 'Parent chaperone',
        };
      }),
    ),
  );
  const coach = spec.people.find((person) => person.role === 'coach');
  const coachId = coach ? userId(coach.email) : null;
  await seedLibrary(db, organizationId, spec.library, {
    weightUnit: organization.weightUnit,
    createdBy: coachId,
  });
  await seedSchedule(db, spec.schedule, {
    organizationId,
    timeZone: organization.timeZone,
    userId,
    groupId: (name) => groupIdByName.get(name)!,
    coachId,
  });
  if (spec.tracking) {
    await seedTracking(db, spec.tracking, {
      organizationId,
      timeZone: organization.timeZone,
      weightUnit: organization.weightUnit,
      userId,
      coachId,
    });
  }
  if (spec.pitching) {
    await seedPitching(db, spec.pitching, { organizationId, timeZone: organization.timeZone, userId });
  }
}

/** The platform operator's demo account: it signs in on the management host only (ADR 024). */
export const platformAdminAccount = { email: 'platform@connect.test', name: 'Platform Operator' } as const;

/** Adds the demo platform admin when the deployment has none, also to a database seeded before it existed. */
async function seedPlatformAdmin(db: Database, password: string): Promise<void> {
  const [existing] = await db.select({ id: platformAdmins.id }).from(platformAdmins).limit(1);
  if (existing) return;
  const passwordHash = await hashPassword(password);
  await db
    .insert(platformAdmins)
    .values({ ...platformAdminAccount, passwordHash })
    .onConflictDoNothing();
}

/**
 * Creates the demo organisations ("Demo Baseball Academy" and, for isolation, "Rivals Baseball Club").
 * With `reset`, existing demo organisations are removed first; otherwise an existing demo is left alone.
 */
export async function seedDemo(
  db: Database,
  options: { password: string; reset?: boolean },
): Promise<'seeded' | 'kept'> {
  await seedPlatformAdmin(db, options.password);
  const existing = await db
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(inArray(organizations.slug, [...demoOrganizationSlugs]));
  if (existing.length > 0 && !options.reset) return 'kept';
  // One hash for every demo account: they share DEMO_PASSWORD, and argon2id is deliberately slow.
  const passwordHash = await hashPassword(options.password);
  await db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    await database.delete(organizations).where(inArray(organizations.slug, [...demoOrganizationSlugs]));
    await seedOrganization(database, demo, passwordHash);
    await seedOrganization(database, rivals, passwordHash);
    await seedChat(database, demo.organization.slug, demo.groups[0]!.name);
    await seedQuestionnaires(database, demo.organization.slug);
  });
  return 'seeded';
}

/** The accounts `npm start` prints: every approved demo user, by organisation. */
export const demoAccounts = [demo, rivals].flatMap((spec) =>
  spec.people
    .filter((person) => person.status === undefined)
    .map(({ email, role }) => ({ email, role, organization: spec.organization.name })),
);
