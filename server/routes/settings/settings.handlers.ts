import type { RouteHandler } from '@hono/zod-openapi';
import { asc, sql } from 'drizzle-orm';
import { colorKeys, defaultPasswordPolicy, type Settings } from '../../../contract/organizations';
import { defaultTimeZone, defaultWeekStart } from '../../../contract/calendar-dates';
import { defaultBarWeight, defaultPlateStep } from '../../../contract/strength';
import { defaultLocale } from '../../../contract/locales';
import { defaultWeightUnit } from '../../../contract/training-vocabulary';
import { uploadLimits } from '../../../contract/uploads';
import { customSidebarItems as sidebarItems } from '../../db/schema';
import type { PublicAppEnv, SignedInAppEnv } from '../../lib/context';
import { forbidden, notFound } from '../../lib/errors';
import type { OrganizationRow } from '../../lib/serializers';
import { requestHost } from '../../lib/request-host';
import { toSettings } from '../../lib/serializers';
import type * as routes from './settings.routes';

/** What a deployment with no organisation at all shows (spec 1's fallback name). */
const platformSettings: Settings = {
  name: 'Connect Platform',
  companyLogo: null,
  supportEmail: null,
  primaryColor: null,
  secondaryColor: null,
  accentColor: null,
  warmUpColor: null,
  mobilityColor: null,
  liftColor: null,
  throwColor: null,
  commandColor: null,
  sprintColor: null,
  plyoColor: null,
  medballColor: null,
  fieldingColor: null,
  hittingColor: null,
  practicePlanColor: null,
  passwordPolicy: defaultPasswordPolicy,
  weightUnit: defaultWeightUnit,
  timeZone: defaultTimeZone,
  weekStartsOn: defaultWeekStart,
  plateStep: defaultPlateStep[defaultWeightUnit],
  barWeight: defaultBarWeight[defaultWeightUnit],
  locale: defaultLocale,
  recordNotifications: false,
  chatAthletesToStaffOnly: false,
  uploadMaxVideoBytes: uploadLimits.videoBytes,
  uploadMaxOtherBytes: uploadLimits.otherBytes,
};

export const settings: RouteHandler<typeof routes.settings, SignedInAppEnv> = (c) =>
  c.json({ data: toSettings(c.var.viewer.organization) }, 200);

export const publicSettings: RouteHandler<typeof routes.publicSettings, PublicAppEnv> = async (c) => {
  const organization = await c.var.organizations.organizationForHost(requestHost(c));
  return c.json({ data: organization ? toSettings(organization) : platformSettings }, 200);
};

export const customSidebarItems: RouteHandler<typeof routes.customSidebarItems, SignedInAppEnv> = async (
  c,
) => {
  const role = c.var.viewer.user.role;
  const all = c.req.valid('query').all === 'true';
  if (all && role !== 'admin') throw forbidden('Only admins can list every sidebar item.');
  const rows = await c.var.tenant.select(sidebarItems, {
    where: all
      ? undefined
      : sql`(cardinality(${sidebarItems.roles}) = 0 or ${role} = any(${sidebarItems.roles}))`,
    orderBy: [asc(sidebarItems.order), asc(sidebarItems.label)],
  });
  return c.json(
    {
      data: rows.map(({ id, label, link, icon, roles, order }) => ({ id, label, link, icon, roles, order })),
    },
    200,
  );
};

type OrganizationChanges = Partial<Omit<OrganizationRow, 'id' | 'slug' | 'createdAt'>>;

export const updateSettings: RouteHandler<typeof routes.updateSettings, SignedInAppEnv> = async (c) => {
  const body = c.req.valid('json');
  const { viewer, organizations } = c.var;
  const changes: OrganizationChanges = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.supportEmail !== undefined) changes.supportEmail = body.supportEmail;
  for (const key of colorKeys) {
    const color = body[key];
    if (color !== undefined) changes[key] = color;
  }
  if (body.weightUnit !== undefined) changes.weightUnit = body.weightUnit;
  if (body.timeZone !== undefined) changes.timeZone = body.timeZone;
  if (body.locale !== undefined) changes.locale = body.locale;
  if (body.weekStartsOn !== undefined) changes.weekStartsOn = body.weekStartsOn;
  if (body.plateStep !== undefined) changes.plateStep = body.plateStep;
  if (body.barWeight !== undefined) changes.barWeight = body.barWeight;
  if (body.recordNotifications !== undefined) changes.recordNotifications = body.recordNotifications;
  if (body.chatAthletesToStaffOnly !== undefined)
    changes.chatAthletesToStaffOnly = body.chatAthletesToStaffOnly;
  if (body.uploadMaxVideoBytes !== undefined) changes.uploadMaxVideoBytes = body.uploadMaxVideoBytes;
  if (body.uploadMaxOtherBytes !== undefined) changes.uploadMaxOtherBytes = body.uploadMaxOtherBytes;
  const policy = body.passwordPolicy;
  if (policy) {
    changes.passwordMinLength = policy.minLength;
    changes.passwordMaxLength = policy.maxLength;
    changes.passwordRequireLowercase = policy.requireLowercase;
    changes.passwordRequireUppercase = policy.requireUppercase;
    changes.passwordRequireNumeric = policy.requireNumeric;
    changes.passwordRequireNonAlphanumeric = policy.requireNonAlphanumeric;
  }
  const updated =
    Object.keys(changes).length > 0
      ? await organizations.updateOrganization(viewer.organization.id, changes)
      : viewer.organization;
  if (!updated) throw notFound('Your organisation no longer exists.');
  return c.json({ message: 'Settings saved.', data: toSettings(updated) }, 200);
};
