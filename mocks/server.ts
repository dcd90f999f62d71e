import { setupServer } from 'msw/node';
import { handlers } from './handlers';
import { liveEventHandlers } from './handlers/live-events';
import { reportSummaryStreamHandlers } from './handlers/reports';

/**
 * The mock API for tests (jsdom): started by src/testing/setup-tests.ts. After `handlers` (checked against the
 * server's OpenAPI document, server/mock-handlers.test.ts), the fake that is not a JSON route of the document: the
 * live-events stream and the report summary's stream (text/event-stream).
 */
export const server = setupServer(...handlers, ...liveEventHandlers, ...reportSummaryStreamHandlers);
