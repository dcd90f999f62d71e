import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The mock API for tests (jsdom): started by src/testing/setup-tests.ts. */
export const server = setupServer(...handlers);
