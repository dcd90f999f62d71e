/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API when it is not the page's own (spec 7); unset means same origin. */
  readonly VITE_API_BASE_URL?: string;
  /** Firebase web app configuration (push, spec 4): push is on only when all five are set at build time. */
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_MESSAGING_SENDER_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  /** The public key of the project's Web Push certificate pair (Firebase console, Cloud Messaging). */
  readonly VITE_FIREBASE_VAPID_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** Unique per build (vite.config.ts `define`): the offline cache of another build is thrown away (ADR 016). */
declare const __APP_BUILD_ID__: string;
