import type { Organization, User } from '@contract';
import { roleLabels } from '@/lib/auth/role-labels';

export function AccountWidget({
  user,
  organizationName,
}: {
  user: User;
  organizationName: Organization['name'];
}) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2.5 text-sm">
      <dt className="text-muted-foreground">Name</dt>
      <dd className="font-medium text-foreground">
        {user.firstName} {user.lastName}
      </dd>
      <dt className="text-muted-foreground">Email</dt>
      <dd className="truncate text-foreground">{user.email}</dd>
      <dt className="text-muted-foreground">Role</dt>
      <dd className="text-foreground">{roleLabels[user.role]}</dd>
      <dt className="text-muted-foreground">Organisation</dt>
      <dd className="text-foreground">{organizationName}</dd>
    </dl>
  );
}
