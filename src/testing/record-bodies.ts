import { server } from '@mocks/server';

/** The JSON bodies of the requests a test sends to `method pathname`, in order, as the mock API receives them. */
export function recordBodies(method: string, pathname: string): unknown[] {
  const bodies: unknown[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === method && new URL(request.url).pathname === pathname) {
      void request
        .clone()
        .json()
        .then((body: unknown) => bodies.push(body));
    }
  });
  return bodies;
}
