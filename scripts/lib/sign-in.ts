/** Signing in and reading through the API, for benchmarks and the processes' tests. */

/** Signs in through the API (POST /api/login) and answers the bearer token a benchmark's requests carry. */
export async function signInForToken(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw new Error(`Signing in as ${email} failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** A benchmark's signed-in GET: the parsed body, or an error naming the path and its status. */
export async function getJson<T>(
  baseUrl: string,
  token: string,
  path: string,
  timeoutMs = 120_000,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}
