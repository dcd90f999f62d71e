/** Spec 8's words for a request that never reached the server (the sign-in screen carries only these). */
export const networkErrorMessage = 'Network error. Please check your connection.';
