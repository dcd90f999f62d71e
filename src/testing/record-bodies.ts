import { server } from '@mocks/server';

/**
 * The JSON bodies of the requests a test sends to `method pathname`, in order, as the mock API receives them; a
 * pattern stands for paths with ids the test does not know.
 */
export function recordBodies(method: string, pathname: string | RegExp): unknown[] {
  const bodies: unknown[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === method && matches(new URL(request.url).pathname, pathname)) {
      void request
        .clone()
        .json()
        .then((body: unknown) => bodies.push(body));
    }
  });
  return bodies;
}

const matches = (path: string, pathname: string | RegExp) =>
  typeof pathname === 'string' ? path === pathname : pathname.test(path);

/**
 * The tour's steps sent over all the saves recorded (`POST /api/users/{id}`): each save carries only the steps
 * done since the one before (ADR 044).
 */
export const tourStepsSaved = (saves: readonly unknown[]): Record<string, boolean> =>
  Object.assign(
    {},
    ...saves.map((body) =>
      typeof body === 'object' && body !== null && 'onboardingSteps' in body ? body.onboardingSteps : {},
    ),
  ) as Record<string, boolean>;
