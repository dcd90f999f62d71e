import type { User } from '@contract';
import { tokenFor } from '@mocks/data';
import { saveToken } from '@/lib/auth/token-storage';

/** Starts a test signed in as one of the mock API's demo users. */
export function signInAs(user: User): void {
  saveToken(tokenFor(user));
}
