import type { ApiError } from '@contract';
import { apiErrorSchema, errorCodes } from '@contract';
import type { HttpHandler } from 'msw';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { userForToken } from '../data';

/** Every mocked failure answers in the API's one error shape. */
export function apiError(status: number, error: ApiError['error'], init?: ResponseInit) {
  return HttpResponse.json<ApiError>({ error }, { ...init, status });
}

/** A 400 naming each field's first problem, as a request the contract refuses is answered. */
export function validationFailure(error: z.ZodError) {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.map(String).join('.')] ??= issue.message;
  return apiError(400, { code: errorCodes.validation, message: 'Check the highlighted fields.', fields });
}

export const unauthorized = () =>
  apiError(401, { code: errorCodes.unauthorized, message: 'Sign in to continue.' });

/** The signed-in user of a request, from its `Authorization: Bearer` header. */
export function requestUser(request: Request) {
  const header = request.headers.get('Authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
  return userForToken(token);
}

/** Staff only, as the server's `admin, coach` routes: 401 signed out, 403 for an athlete, else null. */
export function staffOnly(request: Request) {
  const viewer = requestUser(request);
  if (!viewer) return unauthorized();
  if (viewer.role === 'athlete') {
    return apiError(403, { code: errorCodes.forbidden, message: 'You do not have permission to do this.' });
  }
  return null;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The contract schema of each success status, as the server route declares it; `undefined` for no body (204). */
type SuccessSchemas = Readonly<Record<number, z.ZodType | undefined>>;

/** A server route as a fake declares it: the server's own method, path and success schemas. */
export interface FakedRoute {
  method: Method;
  /** As the server's route writes it: `/api/groups/{groupId}`. */
  path: string;
  responses: SuccessSchemas;
}

type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;

interface RouteRequest<Path extends string, Responses extends SuccessSchemas> {
  request: Request;
  params: Record<ParamNames<Path>, string>;
  /** A success answer; its body is typed (and parsed on the way out) by the route's schema for `status`. */
  reply: <Status extends keyof Responses & number>(
    status: Status,
    body: z.input<Responses[Status]>,
  ) => Response;
}

const fakedRoutes = new WeakMap<HttpHandler, FakedRoute>();
const contractBreaches: string[] = [];

/** The route a handler fakes, when `apiRoute` made it (server/mock-handlers.test.ts reads it). */
export const fakedRouteOf = (handler: HttpHandler): FakedRoute | undefined => fakedRoutes.get(handler);

/** What fakes answered since the last call that the server cannot; the test setup fails the test on any. */
export const takeContractBreaches = (): string[] => contractBreaches.splice(0);

/** The answer as the server could give it: a success as its schema parses it, a failure in the error shape. */
async function asTheServerCould(route: FakedRoute, response: Response): Promise<Response> {
  const name = `${route.method.toUpperCase()} ${route.path}`;
  // A declared answer without a body (204 No Content) has nothing to parse.
  if (response.status === 204 && Object.hasOwn(route.responses, 204) && !route.responses[204]) {
    return response;
  }
  const schema = response.ok ? route.responses[response.status] : apiErrorSchema;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  const parsed = schema?.safeParse(body);
  if (parsed?.success) {
    return response.ok ? Response.json(parsed.data, { status: response.status }) : response;
  }
  const problem = parsed
    ? `a ${response.status} the server cannot send:\n${z.prettifyError(parsed.error)}`
    : `${response.status}, which the server's route does not declare`;
  contractBreaches.push(`The fake of ${name} answered ${problem}`);
  return apiError(500, { code: 'MOCK_CONTRACT_BREACH', message: `The fake of ${name} broke the contract.` });
}

/**
 * The fake of one server route (ADR 029). Copy `method`, `path` and the success `responses` (status → contract
 * schema) from the route in `server/routes/<area>/<area>.routes.ts`, e.g. for a new area
 * `apiRoute({ method: 'get', path: '/api/exercises', responses: { 200: exerciseListResponseSchema } }, …)`,
 * and add the area's handlers to `index.ts`. Every answer is parsed on its way out: a success through its
 * status's schema (the body sent is the parsed one), a failure through the API's error shape. One the server
 * could not give answers 500 and fails the test (src/testing/setup-tests.ts); server/mock-handlers.test.ts
 * fails when the route, a status or a schema is not the server's.
 */
export function apiRoute<const Path extends string, const Responses extends SuccessSchemas>(
  route: { method: Method; path: Path; responses: Responses },
  resolve: (call: RouteRequest<Path, Responses>) => Response | Promise<Response>,
): HttpHandler {
  const reply: RouteRequest<Path, Responses>['reply'] = (status, body) =>
    status === 204 ? new Response(null, { status }) : Response.json(body, { status });
  const handler = http[route.method](
    `*${route.path.replace(/\{(\w+)\}/g, ':$1')}`,
    async ({ request, params }) =>
      asTheServerCould(
        route,
        // MSW names each `:param` of the path as a string.
        await resolve({ request, params: params as Record<ParamNames<Path>, string>, reply }),
      ),
  );
  fakedRoutes.set(handler, route);
  return handler;
}
