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
