import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, athleteGroups, users } from '../../db/schema';
import { linkIn, SmtpInbox } from '../../testing/smtp-inbox';
import { createTestContext, type TestContext } from '../../testing/test-app';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type PersonBody = { message: string; user: Record<string, unknown> & { id: string } };
type ListBody = { data: { email: string; invitationPending: boolean }[] };

const inbox = new SmtpInbox();
let t: TestContext;
let admin: string;
let coach: string;
let athlete: string;
beforeAll(async () => {
  t = await createTestContext({ SMTP_URL: await inbox.start() });
  [admin, coach, athlete] = await Promise.all([
    t.signIn('admin@demo.test'),
    t.signIn('coach@demo.test'),
    t.signIn('athlete@demo.test'),
  ]);
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

async function idOf(email: string): Promise<string> {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`No user ${email}`);
  return row.id;
}
async function rowOf(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row!;
}
async function groupId(name: string): Promise<string> {
  const [group] = await t.db.select().from(athleteGroups).where(eq(athleteGroups.name, name));
  return group!.id;
}

const create = (token: string, body: Record<string, unknown>) =>
  t.request<PersonBody & ErrorBody>('POST', '/api/users', { token, body });
const read = (token: string, userId: string) =>
  t.request<PersonBody & ErrorBody>('GET', `/api/users/${userId}`, { token });
const patch = (token: string, userId: string, body: Record<string, unknown>) =>
  t.request<PersonBody & ErrorBody>('PATCH', `/api/users/${userId}`, { token, body });
const setRole = (token: string, userId: string, role: string) =>
  t.request<PersonBody & ErrorBody>('POST', `/api/users/${userId}/role`, { token, body: { role } });
const invite = (token: string, userId: string) =>
  t.request<{ message: string } & ErrorBody>('POST', `/api/users/${userId}/invitation`, { token, body: {} });

describe('POST /api/users', () => {
  it('adds an approved athlete with no password, in the chosen groups, and mails an invitation', async () => {
    const arriving = inbox.nextMailTo('ava.lopez@demo.test');
    const pitchers = await groupId('Pitchers');
    const response = await create(coach, {
      firstName: 'Ava',
      lastName: 'Lopez',
      email: 'Ava.Lopez@Demo.test',
      role: 'athlete',
      groupIds: [pitchers],
      phone: '+1 555 0100',
      bats: 'L',
      throws: 'R',
      heightInches: 70,
      graduationYear: 2028,
      position: '',
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Invitation sent to ava.lopez@demo.test.');
    expect(response.body.user).toMatchObject({
      firstName: 'Ava',
      email: 'ava.lopez@demo.test',
      role: 'athlete',
      status: 'approved',
      invitationPending: true,
      groups: [{ id: pitchers, name: 'Pitchers' }],
      phone: '+1 555 0100',
      bats: 'L',
      throws: 'R',
      heightInches: 70,
      position: null,
      notes: null,
    });
    const row = await rowOf('ava.lopez@demo.test');
    expect(row).toMatchObject({ passwordHash: null, emailVerifiedAt: null, status: 'approved' });

    const mail = await arriving;
    expect(mail.subject).toBe("You're invited to Demo Baseball Academy");
    expect(mail.text).toContain('Hi Ava,');
    const link = linkIn(mail, '/activate-account/');
    const [, , userId, token = ''] = link.pathname.split('/');
    expect(userId).toBe(row.id);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [stored] = await t.db.select().from(accountTokens).where(eq(accountTokens.userId, row.id));
    expect(stored).toMatchObject({ purpose: 'invitation' });
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 60 * 60 * 1000);

    const list = await t.request<ListBody>('GET', '/api/users?q=ava.lopez', { token: coach });
    expect(list.body.data).toEqual([expect.objectContaining({ invitationPending: true })]);
    const seeded = await t.request<ListBody>('GET', '/api/users?q=noah.kim', { token: coach });
    expect(seeded.body.data[0]?.invitationPending).toBe(false);
  });

  it('lets an admin add staff, and refuses a coach anything but athletes with 403', async () => {
    const byCoach = await create(coach, {
      firstName: 'Pat',
      lastName: 'Lee',
      email: 'pat.lee@demo.test',
      role: 'coach',
    });
    expect(byCoach.status).toBe(403);
    expect(await t.db.select().from(users).where(eq(users.email, 'pat.lee@demo.test'))).toHaveLength(0);
    const arriving = inbox.nextMailTo('pat.lee@demo.test');
    const byAdmin = await create(admin, {
      firstName: 'Pat',
      lastName: 'Lee',
      email: 'pat.lee@demo.test',
      role: 'coach',
    });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.user.role).toBe('coach');
    expect((await arriving).subject).toContain('invited');
  });

  it('refuses an email in use anywhere in the deployment, and bad fields, with 400 naming them', async () => {
    for (const email of ['noah.kim@demo.test', 'ATHLETE@rivals.test']) {
      const taken = await create(admin, { firstName: 'A', lastName: 'B', email, role: 'athlete' });
      expect(taken.status).toBe(400);
      expect(taken.body.error.fields).toEqual({ email: 'This email is already in use' });
    }
    const bad = await create(admin, {
      firstName: ' ',
      lastName: 'B',
      email: 'not-an-address',
      role: 'owner',
      heightInches: 20,
      weightPounds: 501,
      graduationYear: 1900,
      dateOfBirth: '2999-01-01',
      bats: 'X',
      throws: 'S',
      phone: 'call me',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields ?? {}).sort()).toEqual([
      'bats',
      'dateOfBirth',
      'email',
      'firstName',
      'graduationYear',
      'heightInches',
      'phone',
      'role',
      'throws',
      'weightPounds',
    ]);
    expect(bad.body.error.fields?.heightInches).toBe('The height is between 36 and 96 inches');
    expect(bad.body.error.fields?.dateOfBirth).toBe('The date of birth cannot be in the future');
    const groups = await create(admin, {
      firstName: 'A',
      lastName: 'B',
      email: 'groups@demo.test',
      role: 'coach',
      groupIds: [await groupId('Pitchers')],
    });
    expect(groups.body.error.fields).toEqual({ groupIds: 'Only athletes belong to groups' });
    const rivalsGroup = await create(admin, {
      firstName: 'A',
      lastName: 'B',
      email: 'groups@demo.test',
      role: 'athlete',
      groupIds: [await groupId('Varsity')],
    });
    expect(rivalsGroup.body.error.fields).toEqual({ groupIds: 'Choose groups from the list' });
    expect(await t.db.select().from(users).where(eq(users.email, 'groups@demo.test'))).toHaveLength(0);
  });

  it('refuses athletes with 403', async () => {
    const response = await create(athlete, {
      firstName: 'A',
      lastName: 'B',
      email: 'friend@demo.test',
      role: 'athlete',
    });
    expect(response.status).toBe(403);
  });
});

describe('GET /api/users/{userId}', () => {
  it('shows staff anyone in the organisation with profile, groups and notes', async () => {
    const noahId = await idOf('noah.kim@demo.test');
    await t.db.update(users).set({ notes: 'Shoulder check in May' }).where(eq(users.id, noahId));
    const response = await read(coach, noahId);
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({
      email: 'noah.kim@demo.test',
      groups: [{ name: 'Pitchers' }],
      invitationPending: false,
      notes: 'Shoulder check in May',
    });
    expect((await read(coach, await idOf('admin@demo.test'))).status).toBe(200);
  });

  it('shows an athlete itself without staff notes, and refuses anyone else with 403', async () => {
    const jamieId = await idOf('athlete@demo.test');
    const own = await read(athlete, jamieId);
    expect(own.status).toBe(200);
    expect(own.body.user).not.toHaveProperty('notes');
    expect((await read(athlete, await idOf('noah.kim@demo.test'))).status).toBe(403);
  });

  it("answers 404 for another organisation's user, and rivals staff 404 for demo ids", async () => {
    expect((await read(admin, await idOf('athlete@rivals.test'))).status).toBe(404);
    const rivalsAdmin = await t.signIn('admin@rivals.test');
    const rivalsAthlete = await t.signIn('athlete@rivals.test');
    const demoId = await idOf('athlete@demo.test');
    const response = await read(rivalsAdmin, demoId);
    expect(response.status).toBe(404);
    expect(JSON.stringify(response.body)).not.toContain('demo.test');
    expect((await read(rivalsAthlete, demoId)).status).toBe(403);
  });
});

describe('PATCH /api/users/{userId}', () => {
  it("lets a coach edit an athlete's profile and groups; only the fields sent change", async () => {
    const eliId = await idOf('eli.thompson@demo.test');
    const graduates = await groupId('2027 Graduates');
    const response = await patch(coach, eliId, {
      heightInches: 74,
      weightPounds: 190,
      bats: 'S',
      throws: 'L',
      dateOfBirth: '2009-04-02',
      position: 'Shortstop',
      notes: 'Quick feet',
      groupIds: [graduates],
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Eli Thompson is saved.');
    expect(response.body.user).toMatchObject({
      firstName: 'Eli',
      heightInches: 74,
      bats: 'S',
      throws: 'L',
      dateOfBirth: '2009-04-02',
      groups: [{ id: graduates, name: '2027 Graduates' }],
    });
    const cleared = await patch(coach, eliId, { position: '', weightPounds: null });
    expect(cleared.body.user).toMatchObject({ position: null, weightPounds: null, heightInches: 74 });
  });

  it('changes the email only to an address nobody uses', async () => {
    const eliId = await idOf('eli.thompson@demo.test');
    const taken = await patch(admin, eliId, { email: 'coach@demo.test' });
    expect(taken.status).toBe(400);
    expect(taken.body.error.fields).toEqual({ email: 'This email is already in use' });
    const moved = await patch(admin, eliId, { email: 'Eli.T@demo.test' });
    expect(moved.body.user.email).toBe('eli.t@demo.test');
    expect((await patch(admin, eliId, { email: 'eli.thompson@demo.test' })).status).toBe(200);
  });

  it('names every wrong field with 400 and saves none of the request', async () => {
    const eliId = await idOf('eli.thompson@demo.test');
    const response = await patch(coach, eliId, {
      heightInches: 97,
      weightPounds: 49.5,
      graduationYear: 2101,
      dateOfBirth: '2010-02-30',
      firstName: 'Elias',
      role: 'admin',
    });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toMatchObject({
      heightInches: 'The height is between 36 and 96 inches',
      weightPounds: 'Enter the weight as a whole number',
      graduationYear: 'The graduation year is between 1950 and 2100',
      dateOfBirth: 'Enter a real date (YYYY-MM-DD)',
      role: 'This field is not allowed here',
    });
    expect((await rowOf('eli.thompson@demo.test')).firstName).toBe('Eli');
  });

  it('lets an athlete change its own name and phone only, and refuses anything else with 403', async () => {
    const jamieId = await idOf('athlete@demo.test');
    const own = await patch(athlete, jamieId, { phone: '555-0142', firstName: 'Jamie' });
    expect(own.status).toBe(200);
    expect(own.body.user.phone).toBe('555-0142');
    for (const body of [{ heightInches: 80 }, { email: 'jamie@demo.test' }, { notes: 'mine' }]) {
      const refused = await patch(athlete, jamieId, body);
      expect(refused.status).toBe(403);
    }
    expect((await patch(athlete, await idOf('noah.kim@demo.test'), { phone: '555 0000' })).status).toBe(403);
    expect((await rowOf('athlete@demo.test')).heightInches).toBeNull();
  });

  it('lets a coach change only athletes, and its own name and phone', async () => {
    const coachId = await idOf('coach@demo.test');
    expect((await patch(coach, await idOf('admin@demo.test'), { phone: '555 0001' })).status).toBe(403);
    expect((await patch(coach, coachId, { phone: '555 0002' })).status).toBe(200);
    expect((await patch(coach, coachId, { email: 'casey@demo.test' })).status).toBe(403);
    expect((await patch(admin, coachId, { lastName: 'Jordan' })).status).toBe(200);
  });

  it("answers 404 for another organisation's user and changes nothing there", async () => {
    const rivalsAthleteId = await idOf('athlete@rivals.test');
    expect((await patch(admin, rivalsAthleteId, { phone: '555 0000' })).status).toBe(404);
    expect((await rowOf('athlete@rivals.test')).phone).toBeNull();
  });
});

describe('POST /api/users/{userId}/role', () => {
  it('lets an admin change a role, never its own, and refuses coaches', async () => {
    const noahId = await idOf('noah.kim@demo.test');
    expect((await setRole(coach, noahId, 'coach')).status).toBe(403);
    const promoted = await setRole(admin, noahId, 'coach');
    expect(promoted.status).toBe(200);
    expect(promoted.body.message).toBe('Noah Kim is now a coach.');
    // Groups are athlete groups: a coach is in none.
    expect(promoted.body.user).toMatchObject({ role: 'coach', groups: [] });
    const noah = await t.signIn('noah.kim@demo.test');
    expect((await t.request('GET', '/api/users', { token: noah })).status).toBe(200);
    expect((await setRole(admin, noahId, 'athlete')).body.user.role).toBe('athlete');
    expect((await t.request('GET', '/api/users', { token: noah })).status).toBe(403);

    const self = await setRole(admin, await idOf('admin@demo.test'), 'coach');
    expect(self.status).toBe(403);
    expect((await setRole(admin, noahId, 'owner')).status).toBe(400);
    expect((await setRole(admin, await idOf('athlete@rivals.test'), 'coach')).status).toBe(404);
  });

  it('lets a second admin be demoted while another admin remains', async () => {
    const diegoId = await idOf('diego.martinez@demo.test');
    expect((await setRole(admin, diegoId, 'admin')).status).toBe(200);
    const diego = await t.signIn('diego.martinez@demo.test');
    // Diego, now an admin, demotes the first admin: Diego remains, so it is allowed.
    const demoted = await setRole(diego, await idOf('admin@demo.test'), 'coach');
    expect(demoted.status).toBe(200);
    // And the first admin (now a coach) cannot undo it.
    expect((await setRole(admin, diegoId, 'athlete')).status).toBe(403);
    expect((await setRole(diego, await idOf('admin@demo.test'), 'admin')).status).toBe(200);
    expect((await setRole(admin, diegoId, 'athlete')).status).toBe(200);
  });
});

describe('POST /api/users/{userId}/invitation', () => {
  it('mails a new link to someone with no password; the older link stops working', async () => {
    const first = inbox.nextMailTo('max.young@demo.test');
    const created = await create(coach, {
      firstName: 'Max',
      lastName: 'Young',
      email: 'max.young@demo.test',
      role: 'athlete',
    });
    await first;
    const again = inbox.nextMailTo('max.young@demo.test');
    const response = await invite(coach, created.body.user.id);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('A new invitation is on its way to max.young@demo.test.');
    const mail = await again;
    expect(linkIn(mail, '/activate-account/').pathname).toContain(created.body.user.id);
    const tokens = await t.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, created.body.user.id));
    expect(tokens).toHaveLength(1);
  });

  it('refuses someone who has a password (409), a coach inviting staff (403), and rivals (404)', async () => {
    const noPassword = await create(admin, {
      firstName: 'Kim',
      lastName: 'Ng',
      email: 'kim.ng@demo.test',
      role: 'coach',
    });
    expect((await invite(coach, noPassword.body.user.id)).status).toBe(403);
    expect((await invite(admin, noPassword.body.user.id)).status).toBe(200);
    const withPassword = await invite(coach, await idOf('sam.whitaker@demo.test'));
    expect(withPassword.status).toBe(409);
    expect(withPassword.body.error.message).toContain('has already chosen a password');
    expect((await invite(admin, await idOf('athlete@rivals.test'))).status).toBe(404);
    expect((await invite(athlete, noPassword.body.user.id)).status).toBe(403);
  });
});

describe('POST /api/users/{userId}/status mails the decision on a sign-up', () => {
  it('mails an approval with a sign-in link, and a rejection; disabling sends nothing', async () => {
    const pendingId = await idOf('pending@demo.test');
    const approvedMail = inbox.nextMailTo('pending@demo.test');
    const approve = await t.request('POST', `/api/users/${pendingId}/status`, {
      token: coach,
      body: { status: 'approved' },
    });
    expect(approve.status).toBe(200);
    const approved = await approvedMail;
    expect(approved.subject).toBe('Your Demo Baseball Academy account is approved');
    expect(linkIn(approved, '/login').pathname).toBe('/login');

    await t.db.update(users).set({ status: 'pending' }).where(eq(users.id, pendingId));
    const rejectedMail = inbox.nextMailTo('pending@demo.test');
    await t.request('POST', `/api/users/${pendingId}/status`, { token: coach, body: { status: 'rejected' } });
    expect((await rejectedMail).subject).toBe('Your Demo Baseball Academy sign-up was not approved');

    const reApprovedMail = inbox.nextMailTo('pending@demo.test');
    await t.request('POST', `/api/users/${pendingId}/status`, { token: coach, body: { status: 'approved' } });
    expect((await reApprovedMail).subject).toContain('is approved');

    const before = inbox.mailsTo('pending@demo.test').length;
    await t.request('POST', `/api/users/${pendingId}/status`, { token: coach, body: { status: 'disabled' } });
    await t.request('POST', `/api/users/${pendingId}/status`, { token: coach, body: { status: 'approved' } });
    // Mails arrive in order: once a later approval's mail is here, one of the disabling or enabling would be too.
    const laterId = await idOf('noah.kim@demo.test');
    await t.db.update(users).set({ status: 'pending' }).where(eq(users.id, laterId));
    const laterMail = inbox.nextMailTo('noah.kim@demo.test');
    await t.request('POST', `/api/users/${laterId}/status`, { token: coach, body: { status: 'approved' } });
    await laterMail;
    expect(inbox.mailsTo('pending@demo.test')).toHaveLength(before);
  });
});
