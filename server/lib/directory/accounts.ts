import { recordLiveEvents } from '../live-events/record-live-events';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { signupWaiting } from '../notifications/makers';
import { notify } from '../notifications/notify';
import type { UserRow } from '../serializers';
import { TenantScope } from '../tenancy';

/**
 * User accounts looked up before an organisation is known: by email (sign-in, sign-up, a taken address; emails
 * are unique across the deployment), by id (a link in a mail), and an athlete's self sign-up.
 */
export class Accounts {
  constructor(private readonly db: Database) {}

  async userByEmail(email: string): Promise<UserRow | undefined> {
    const [user] = await this.db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
    return user;
  }

  async userById(userId: string): Promise<UserRow | undefined> {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId)).limit(1);
    return user;
  }

  /** An athlete's self sign-up (pending, email not yet verified), or undefined when the email is in use. */
  async createSignup(
    organizationId: string,
    athlete: { firstName: string; lastName: string; email: string; passwordHash: string },
  ): Promise<UserRow | undefined> {
    return await this.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          ...athlete,
          email: athlete.email.toLowerCase(),
          organizationId,
          role: 'athlete',
          status: 'pending',
        })
        .onConflictDoNothing()
        .returning();
      const scope = new TenantScope(tx, organizationId);
      if (user) await notify(scope, await signupWaiting(scope, user));
      // Staff see the sign-up waiting for approval at once.
      if (user) {
        await recordLiveEvents(tx, [
          { organizationId, kind: 'people', toStaff: true, userIds: [user.id], data: { userId: user.id } },
        ]);
      }
      return user;
    });
  }
}
