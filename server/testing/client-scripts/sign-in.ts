import createClient from 'openapi-fetch';
// The client generated from the live document (server/api-client.test.ts maps this name to it).
import type { paths } from 'connect-api';

export interface SignInOptions {
  baseUrl: string;
  email: string;
  password: string;
}

/** Signs in with email and password; the client it returns sends the bearer token on every call. */
export async function signIn({ baseUrl, email, password }: SignInOptions) {
  const { data, error, response } = await createClient<paths>({ baseUrl }).POST('/api/login', {
    body: { email, password },
  });
  if (error) throw new Error(`Sign-in of ${email} answered ${response.status}: ${error.error.message}`);
  return createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${data.token}` } });
}
