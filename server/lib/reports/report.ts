import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Report, ReportQuery } from '../../../contract/reports';
import { athleteGroupMembers, athleteGroups, users } from '../../db/schema';
import { todayIn } from '../calendar-days';
import type { SignedInAppEnv } from '../context';
import { notFound } from '../errors';
import type { TenantScope } from '../tenancy';
import { complianceSection } from './compliance';
import { readinessSection } from './readiness';
import type { ReportContext, ScopeAthlete } from './report-scope';
import { strengthSection } from './strength';
import { throwingSection } from './throwing';
import { volumeSection } from './volume';

/** Athletes of the organisation matching `where`, by name. */
async function athletesWhere(tenant: TenantScope, where: SQL | undefined): Promise<ScopeAthlete[]> {
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
  return rows.map((row) => ({
    id: row.id,
    name: `${row.firstName} ${row.lastName}`.trim(),
    dateOfBirth: row.dateOfBirth,
  }));
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
): Promise<{ scope: Report['scope']; athletes: ScopeAthlete[] }> {
  if (query.groupId) {
    const groupId = query.groupId.toLowerCase();
    const [[group], athletes] = await Promise.all([
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
    return { scope: { kind: 'group', id: group.id, name: group.name }, athletes };
  }
  if (query.athleteId) {
    const athletes = await athletesWhere(tenant, eq(users.id, query.athleteId.toLowerCase()));
    const [athlete] = athletes;
    if (!athlete) throw notFound('There is no such athlete in your organisation.');
    return { scope: { kind: 'athlete', id: athlete.id, name: athlete.name }, athletes };
  }
  return {
    scope: { kind: 'organization', id: organization.id, name: organization.name },
    athletes: await athletesWhere(tenant, current),
  };
}

/**
 * The report of an organisation over a range (issue 27, contract/reports.ts): compliance, training volume,
 * strength, throwing and readiness of its current athletes, a group's or one athlete's. Only the caller's own
 * organisation exists for it: another id, or a group or athlete not in it, is not found (never forbidden, which
 * would say it exists). Every figure is added up by PostgreSQL, through the TenantScope, the sections at once.
 */
export async function reportOf(
  c: Context<SignedInAppEnv>,
  organizationId: string,
  query: ReportQuery,
): Promise<Report> {
  const { tenant, viewer } = c.var;
  const organization = viewer.organization;
  if (organizationId.toLowerCase() !== organization.id) throw notFound('No such organisation.');
  const { scope, athletes } = await scopeOf(tenant, organization, query);
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
  };
  const [compliance, volume, strength, throwing, readiness] = await Promise.all([
    complianceSection(context),
    volumeSection(context),
    strengthSection(context),
    throwingSection(context),
    readinessSection(context),
  ]);
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
