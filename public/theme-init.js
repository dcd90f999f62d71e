/*
 * Applies the saved theme before the first paint, so a dark-theme user never sees a white flash.
 * Loaded as a blocking classic script from index.html's <head>: the Content-Security-Policy forbids inline
 * scripts. Keep it in step with src/lib/theme/theme.ts (same storage key, same class and attributes).
 */
(function () {
  var choice = null;
  try {
    choice = window.localStorage.getItem('theme');
  } catch {
    // Storage can be blocked (private mode, policies): fall back to the system preference.
  }
  var prefersDark = false;
  try {
    prefersDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  } catch {
    // Very old browsers have no matchMedia: light it is.
  }
  var dark = choice === 'dark' || (choice !== 'light' && prefersDark);
  var root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.dataset.theme = dark ? 'dark' : 'light';
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
