import { setupServer } from 'msw/node';
import { handlers } from './handlers';
import { liveEventHandlers } from './handlers/live-events';
import { emptyNotificationHandlers } from './handlers/notifications-empty';

/**
 * The mock API for tests (jsdom): started by src/testing/setup-tests.ts. After `handlers` (checked against the
 * server's OpenAPI document, server/mock-handlers.test.ts), the fakes that are not JSON routes of the document: the
 * live-events stream (text/event-stream), and an empty notification list until that area's fake is merged.
 */
export const server = setupServer(...handlers, ...liveEventHandlers, ...emptyNotificationHandlers);
