/**
 * The Firebase web configuration the browser tests build the app with (scripts/test-e2e.ts). The project
 * does not exist: the tests answer Firebase's registration hosts themselves (its network boundary).
 */
export const firebaseTestConfig = {
  VITE_FIREBASE_API_KEY: 'AIzaSy-e2e-not-a-real-key-000000000000',
  VITE_FIREBASE_PROJECT_ID: 'connect-e2e',
  VITE_FIREBASE_MESSAGING_SENDER_ID: '100000000001',
  VITE_FIREBASE_APP_ID: '1:100000000001:web:0e2e0e2e0e2e0e2e',
  // A real P-256 public key (uncompressed point, base64url), so anything that decodes it accepts it.
  VITE_FIREBASE_VAPID_KEY:
    'BCT0A4bvLG1E9qn2RLZ7Ym5pKFzwp8TwH3xMVhzWP1R6YETr-zOK52eZzZdmtT0DD_k1l5MMoi00OWrY1EqE2JY',
} as const;
