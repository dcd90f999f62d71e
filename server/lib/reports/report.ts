import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Report, ReportQuery } from '../../../contract/reports';
import { athleteGroupMembers, athleteGroups, users } from '../../db/schema';
import { todayIn } from '../calendar-days';
import type { SignedInAppEnv } from '../context';
import { notFound } from '../errors';
import type { TenantScope } from '../tenancy';
import { complianceSection } from './compliance';
import { readinessDue, readinessFigures, readinessOf } from './readiness';
import type { ReportContext, ScopeAthlete } from './report-scope';
import { strengthSection } from './strength';
import { throwingSection } from './throwing';
import { volumeSection } from './volume';

/** Athletes of the organisation matching `where`, by name, and the subquery of their ids the sections read. */
async function athletesWhere(
  tenant: TenantScope,
  where: SQL | undefined,
): Promise<{ athletes: ScopeAthlete[]; athleteScope: SQL }> {
  const rows = await tenant.selectFields(
    users,
    {
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      dateOfBirth: users.dateOfBirth,
    },
    {
      where: and(eq(users.role, 'athlete'), where),
      orderBy: [asc(users.lastName), asc(users.firstName), asc(users.id)],
    },
  );
  return {
    athletes: rows.map((row) => ({
      id: row.id,
      name: `${row.firstName} ${row.lastName}`.trim(),
      dateOfBirth: row.dateOfBirth,
    })),
    athleteScope: sql`select ${users.id} from ${users} where ${tenant.own(users, and(eq(users.role, 'athlete'), where))}`,
  };
}

/** Current athletes: approved ones (pending, rejected and disabled accounts train no more), as the due answers count them. */
const current = eq(users.status, 'approved');

/**
 * The report's scope: the organisation's current athletes, a group's current athlete members, or one athlete of the
 * organisation (whatever its status: a coach may look back at one who left). A group or athlete not in the
 * organisation is not found.
 */
async function scopeOf(
  tenant: TenantScope,
  organization: { id: string; name: string },
  query: ReportQuery,
): Promise<{ scope: Report['scope']; athletes: ScopeAthlete[]; athleteScope: SQL }> {
  if (query.groupId) {
    const groupId = query.groupId.toLowerCase();
    const [[group], chosen] = await Promise.all([
      tenant.selectFields(
        athleteGroups,
        { id: athleteGroups.id, name: athleteGroups.name },
        { where: eq(athleteGroups.id, groupId), limit: 1 },
      ),
      athletesWhere(
        tenant,
        and(
          current,
          sql`${users.id} in (select ${athleteGroupMembers.userId} from ${athleteGroupMembers}
            where ${tenant.own(athleteGroupMembers, eq(athleteGroupMembers.groupId, groupId))})`,
        ),
      ),
    ]);
    if (!group) throw notFound('There is no such group in your organisation.');
    return { scope: { kind: 'group', id: group.id, name: group.name }, ...chosen };
  }
  if (query.athleteId) {
    const chosen = await athletesWhere(tenant, eq(users.id, query.athleteId.toLowerCase()));
    const [athlete] = chosen.athletes;
    if (!athlete) throw notFound('There is no such athlete in your organisation.');
    return { scope: { kind: 'athlete', id: athlete.id, name: athlete.name }, ...chosen };
  }
  return {
    scope: { kind: 'organization', id: organization.id, name: organization.name },
    ...(await athletesWhere(tenant, current)),
  };
}

/**
 * The report of an organisation over a range (issue 27, contract/reports.ts): compliance, training volume,
 * strength, throwing and readiness of its current athletes, a group's or one athlete's. Only the caller's own
 * organisation exists for it: another id, or a group or athlete not in it, is not found (never forbidden, which
 * would say it exists). Every figure is added up by PostgreSQL, through the TenantScope, each section from one
 * snapshot of its own (the sections run at once, ADR 076).
 */
export async function reportOf(
  c: Context<SignedInAppEnv>,
  organizationId: string,
  query: ReportQuery,
): Promise<Report> {
  const { tenant, viewer } = c.var;
  const organization = viewer.organization;
  if (organizationId.toLowerCase() !== organization.id) throw notFound('No such organisation.');
  const { scope, athletes, athleteScope } = await scopeOf(tenant, organization, query);
  const context: ReportContext = {
    tenant,
    from: query.from,
    to: query.to,
    today: todayIn(organization.timeZone),
    timeZone: organization.timeZone,
    weekStartsOn: organization.weekStartsOn,
    weightUnit: organization.weightUnit,
    kind: scope.kind,
    athletes,
    athleteById: new Map(athletes.map((athlete) => [athlete.id, athlete])),
    athleteScope,
  };
  // Each section on a connection of its own (the sections at once use the cores), each on one snapshot.
  const section = <T>(make: (context: ReportContext) => Promise<T>) =>
    tenant.readSnapshot((snapshot) => make({ ...context, tenant: snapshot }));
  // The longest first: with fewer free connections than parts, the short ones wait, not the long ones. Readiness
  // counts the answers due on a connection of its own while the database sums the answers.
  const [readinessRead, due, volume, strength, compliance, throwing] = await Promise.all([
    section(readinessFigures),
    section(readinessDue),
    section(volumeSection),
    section(strengthSection),
    section(complianceSection),
    section(throwingSection),
  ]);
  const readiness = readinessOf(context, readinessRead, due);
  return {
    organizationId: organization.id,
    from: query.from,
    to: query.to,
    today: context.today,
    scope,
    weightUnit: organization.weightUnit,
    athletes: athletes.length,
    compliance,
    volume,
    strength,
    throwing,
    readiness,
  };
}
