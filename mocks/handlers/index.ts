import { authHandlers } from './auth';
import { passengerHandlers } from './passengers';
import { settingsHandlers } from './settings';
import { userHandlers } from './users';

/** The happy path of every area; tests add failures with `server.use(...)`. */
export const handlers = [...authHandlers, ...settingsHandlers, ...passengerHandlers, ...userHandlers];
