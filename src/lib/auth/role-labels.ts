import type { Role } from '@contract';

/** How a role reads in the interface (the role names themselves are product.md's). */
export const roleLabels: Record<Role, string> = {
  admin: 'Administrator',
  coach: 'Coach',
  athlete: 'Athlete',
};
