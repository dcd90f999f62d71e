import { networkStatusActions } from '@/lib/network/network-status';
import { liveEventsPositionHeader } from '@contract/live-events-position';
import { noteLiveEventsPosition } from './live-events-position';

function isAbort(input: RequestInfo | URL, init: RequestInit | undefined, error: unknown): boolean {
  if (init?.signal?.aborted || (input instanceof Request && input.signal.aborted)) return true;
  return error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/** Each attempt reports the network status (spec 4): a failure to reach the server is offline, a success online. */
export async function fetchReportingNetworkStatus(
  input: RequestInfo | URL,
  init?: RequestInit,
): Promise<Response> {
  try {
    // Read at call time, not import time: test doubles (MSW) replace the global fetch after modules load.
    const response = await globalThis.fetch(input, init);
    noteLiveEventsPosition(response.headers.get(liveEventsPositionHeader));
    // An answer that arrives after the browser went offline was sent before: its `online` event will tell.
    if (response.ok && navigator.onLine) networkStatusActions.wentOnline();
    return response;
  } catch (error) {
    if (!isAbort(input, init, error)) networkStatusActions.wentOffline();
    throw error;
  }
}
