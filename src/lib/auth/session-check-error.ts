import { isUnreachableError } from '@/lib/api/unreachable';
import { networkErrorMessage } from '@/lib/api/network-error';

export const sessionCheckFailedMessage = 'Unable to verify authentication. Please try again.';

/** `/api/me` failed for a reason other than a refused token (spec 8): the user may try again. */
export class SessionCheckError extends Error {
  override readonly name = 'SessionCheckError';
  readonly isNetworkFailure: boolean;

  constructor(cause: unknown) {
    const isNetworkFailure = isUnreachableError(cause);
    super(isNetworkFailure ? networkErrorMessage : sessionCheckFailedMessage, { cause });
    this.isNetworkFailure = isNetworkFailure;
  }
}
