/**
 * The Firebase web app that push goes through (spec 4, 7), fixed at build time. Without all five values push
 * is off: nothing asks for permission, Firebase is never loaded and the service worker carries none of it.
 */
export interface FirebaseWebConfig {
  apiKey: string;
  projectId: string;
  messagingSenderId: string;
  appId: string;
  /** The public key of the project's Web Push certificates, which the browser's push subscription is made with. */
  vapidKey: string;
}

export type FirebaseEnv = Pick<
  ImportMetaEnv,
  | 'VITE_FIREBASE_API_KEY'
  | 'VITE_FIREBASE_PROJECT_ID'
  | 'VITE_FIREBASE_MESSAGING_SENDER_ID'
  | 'VITE_FIREBASE_APP_ID'
  | 'VITE_FIREBASE_VAPID_KEY'
>;

export function firebaseConfigFrom(env: FirebaseEnv): FirebaseWebConfig | null {
  const apiKey = env.VITE_FIREBASE_API_KEY;
  const projectId = env.VITE_FIREBASE_PROJECT_ID;
  const messagingSenderId = env.VITE_FIREBASE_MESSAGING_SENDER_ID;
  const appId = env.VITE_FIREBASE_APP_ID;
  const vapidKey = env.VITE_FIREBASE_VAPID_KEY;
  if (!apiKey || !projectId || !messagingSenderId || !appId || !vapidKey) return null;
  return { apiKey, projectId, messagingSenderId, appId, vapidKey };
}

/**
 * Whether this build has push. Written out key by key so the build can fold it to a constant: a build
 * without Firebase then drops every branch (and dynamic import) that depends on it.
 */
export const firebaseConfig: FirebaseWebConfig | null = firebaseConfigFrom(import.meta.env);

export const isPushConfigured = Boolean(
  import.meta.env.VITE_FIREBASE_API_KEY &&
  import.meta.env.VITE_FIREBASE_PROJECT_ID &&
  import.meta.env.VITE_FIREBASE_MESSAGING_SENDER_ID &&
  import.meta.env.VITE_FIREBASE_APP_ID &&
  import.meta.env.VITE_FIREBASE_VAPID_KEY,
);
