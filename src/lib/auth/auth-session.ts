import { clearToken, readToken, saveToken } from './token-storage';

/** The router context's view of who is signed in; the token itself lives in browser storage. */
export interface AuthSession {
  /** The bearer token, or null when none is stored or it has expired. */
  getToken: () => string | null;
  isAuthenticated: () => boolean;
  signIn: (token: string, expiresAt?: string) => void;
  signOut: () => void;
}

export const authSession: AuthSession = {
  getToken: () => readToken()?.token ?? null,
  isAuthenticated: () => readToken() !== null,
  signIn: (token, expiresAt) => {
    saveToken(token, expiresAt);
  },
  signOut: clearToken,
};
