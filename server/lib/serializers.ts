import { colorKeys, type Organization, type Settings } from '../../contract/organizations';
import { emptyOnboardingData, type User } from '../../contract/users';
import { defaultBarWeight, defaultPlateStep } from '../../contract/strength';
import type { organizations, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    organizationId: row.organizationId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    status: row.status,
    firebaseToken: row.firebaseToken,
    onboardingSteps: row.onboardingSteps,
    onboardingData: { ...emptyOnboardingData, ...row.onboardingData },
    onboardingHidden: row.onboardingHidden,
    onboarding: row.onboarding,
  };
}

export function toOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    companyLogo: row.companyLogo,
    supportEmail: row.supportEmail,
  };
}

export function toSettings(row: OrganizationRow): Settings {
  const colors = Object.fromEntries(colorKeys.map((key) => [key, row[key]])) as Pick<
    Settings,
    (typeof colorKeys)[number]
  >;
  return {
    name: row.name,
    companyLogo: row.companyLogo,
    supportEmail: row.supportEmail,
    ...colors,
    passwordPolicy: {
      minLength: row.passwordMinLength,
      maxLength: row.passwordMaxLength,
      requireLowercase: row.passwordRequireLowercase,
      requireUppercase: row.passwordRequireUppercase,
      requireNumeric: row.passwordRequireNumeric,
      requireNonAlphanumeric: row.passwordRequireNonAlphanumeric,
    },
    weightUnit: row.weightUnit,
    timeZone: row.timeZone,
    weekStartsOn: row.weekStartsOn,
    plateStep: row.plateStep ?? defaultPlateStep[row.weightUnit],
    barWeight: row.barWeight ?? defaultBarWeight[row.weightUnit],
    locale: row.locale,
    recordNotifications: row.recordNotifications,
    chatAthletesToStaffOnly: row.chatAthletesToStaffOnly,
    uploadMaxVideoBytes: row.uploadMaxVideoBytes,
    uploadMaxOtherBytes: row.uploadMaxOtherBytes,
  };
}
