import type { Input, KyInstance, Options, ResponsePromise } from 'ky';
import { RequestActivity } from './request-activity';

/** Spec 7: same origin unless a deployment names its API host. Ends in `/` so relative paths extend it. */
export function apiBaseUrl(): string {
  const base = import.meta.env.VITE_API_BASE_URL ?? window.location.origin;
  return base.endsWith('/') ? base : `${base}/`;
}

/** Spec 9: two retries, 2 s then 4 s apart. */
export const retryLimit = 2;
export const retryDelayMs = (attemptCount: number): number => 2000 * 2 ** (attemptCount - 1);

export const idempotencyKeyHeader = 'Idempotency-Key';

/** Where a call's RequestActivity rides in ky's per-call context, for the hook that starts the indicator. */
export const activityContextKey = 'requestActivity';

type Send = <T>(url: Input, options?: Options) => ResponsePromise<T>;

/** What the app calls: ky's instance, less what nobody uses (create, stop, retry). */
export interface ApiClient extends Send {
  get: Send;
  post: Send;
  put: Send;
  patch: Send;
  delete: Send;
  head: Send;
  extend: (defaults: Options) => ApiClient;
}

type BodyRead = (pending: ResponsePromise<never>) => Promise<unknown>;

const ignore = () => undefined;

/**
 * A call on a client that is still loading: ky's ResponsePromise, with the body method the caller chains (which
 * ky reads before sending, for the Accept header) passed on once the client is there. The call counts for the
 * loading indicator from here until it settles, retries and their waits included: ky's hooks run per attempt.
 */
function lazySend(load: () => Promise<KyInstance>, pick: (client: KyInstance) => Send): Send {
  return <T>(url: Input, options?: Options) => {
    const activity = new RequestActivity();
    let readBody: BodyRead | undefined;
    // Boxed: resolving with ky's ResponsePromise itself would await it and lose its body methods.
    const sent = load().then((client) => {
      const pending = pick(client)<T>(url, {
        ...options,
        context: { ...options?.context, [activityContextKey]: activity },
      });
      pending.then(activity.end, activity.end);
      return { pending, body: readBody?.(pending) };
    });
    sent.catch(activity.end);
    const response = sent.then(({ pending }) => pending);
    // A caller that reads only the body handles its failure there, not here.
    response.catch(ignore);
    const bodyOf = <R>(read: (pending: ResponsePromise<T>) => Promise<R>): Promise<R> => {
      readBody = read;
      return sent.then(({ pending, body }) => (body ?? read(pending)) as Promise<R>);
    };
    return Object.assign(response, {
      json: (schema?: Parameters<ResponsePromise<T>['json']>[0]) =>
        bodyOf((pending) => (schema === undefined ? pending.json() : pending.json(schema))),
      text: () => bodyOf((pending) => pending.text()),
      blob: () => bodyOf((pending) => pending.blob()),
      arrayBuffer: () => bodyOf((pending) => pending.arrayBuffer()),
      formData: () => bodyOf((pending) => pending.formData()),
      bytes: () => bodyOf((pending) => pending.bytes()),
    });
  };
}

function lazyClient(load: () => Promise<KyInstance>): ApiClient {
  return Object.assign(
    lazySend(load, (client) => client),
    {
      get: lazySend(load, (client) => client.get),
      post: lazySend(load, (client) => client.post),
      put: lazySend(load, (client) => client.put),
      patch: lazySend(load, (client) => client.patch),
      delete: lazySend(load, (client) => client.delete),
      head: lazySend(load, (client) => client.head),
      extend: (defaults: Options) => {
        let extended: Promise<KyInstance> | undefined;
        return lazyClient(() => (extended ??= load().then((client) => client.extend(defaults))));
      },
    },
  );
}

let kyClient: Promise<KyInstance> | undefined;

/** ky and its policy load with the first call (issue 29): the sign-in screen sends none until its form does. */
function loadKyClient(): Promise<KyInstance> {
  kyClient ??= import('./ky-client').then(
    ({ createKyClient }) => createKyClient(),
    (error: unknown) => {
      // A chunk that could not load (offline before it was cached) is tried again by the next call.
      kyClient = undefined;
      throw error;
    },
  );
  return kyClient;
}

/**
 * The one HTTP client of the web app. Call it with paths relative to the API root (`'api/me'`, `'passenger'`),
 * parse bodies with the contract's schemas (`.json(meResponseSchema)`), and catch `ApiRequestError`.
 */
export const api: ApiClient = lazyClient(loadKyClient);
