import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { tokenStorageKey } from './src/lib/auth/token-storage-key';
import { cachedAfterStartRevision } from './src/lib/pwa/cache-after-start';

const apiTarget = process.env.VITE_DEV_API_TARGET ?? 'http://127.0.0.1:3001';

export const alias = {
  // React 19 has useSyncExternalStore: TanStack Store's import of the pre-18 shim would only add bytes.
  'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
  '@mocks': fileURLToPath(new URL('./mocks', import.meta.url)),
};

/**
 * Inlines public/theme-init.js where index.html loads it: one render-blocking request fewer before the first
 * paint. The server allows exactly this script through the Content-Security-Policy by its hash.
 */
function inlineThemeScript(): Plugin {
  const source = () =>
    readFileSync(fileURLToPath(new URL('./public/theme-init.js', import.meta.url)), 'utf8');
  return {
    name: 'connect:inline-theme-script',
    transformIndexHtml: (html) =>
      html.replace('<script src="/theme-init.js"></script>', () => `<script>${source().trim()}</script>`),
  };
}

/** The sign-in screen's route modules (the public frame and the form), split by the router plugin. */
const signInRouteModule = /[\\/]src[\\/]routes[\\/]_public(\.tsx|[\\/]login\.tsx)\?tsr-split/;
/** The other public screens' first path segments (signup, terms-of-service, …), read from their route files. */
const publicScreenPath = /[\\/]src[\\/]routes[\\/]_public[\\/]([\w-]+)/;

/**
 * The router asks for a screen's code only once the entry has downloaded and run: a round trip after the
 * framework's. A tiny inline script run while the page is parsed adds module preloads for what this start will
 * show, so they download alongside the entry instead:
 * - with a stored token, the signed-in chunk (main.tsx imports it at once: signed-in-start.ts) and the API client;
 * - without one, the sign-in screen, where every start without a token ends, except on the other public screens
 *   (their own path) and on the management host. /login thus does not carry the signed-in code (ADR 026).
 * The server allows the script through the Content-Security-Policy by its hash.
 */
function preloadStartScreen(): Plugin {
  let managementHost = 'manage.localhost';
  return {
    name: 'connect:preload-start-screen',
    apply: 'build',
    configResolved: (config) => {
      managementHost = (config.env.VITE_MANAGEMENT_HOST as string | undefined) ?? managementHost;
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) => {
        const chunks = Object.values(bundle ?? {}).flatMap((file) => (file.type === 'chunk' ? [file] : []));
        const hrefs = (selected: typeof chunks) => {
          const files = selected.flatMap((chunk) => [chunk.fileName, ...chunk.imports]);
          // index.html preloads the entry's own imports already.
          return [...new Set(files)].filter((file) => !loadedWithEntry.test(file)).map((file) => `/${file}`);
        };
        // The signed-in start's code and the API client it calls at once (ky, loaded lazily for the sign-in screen).
        const signedIn = hrefs(
          chunks.filter((chunk) => chunk.name === 'signed-in' || chunk.name === 'ky-client'),
        );
        const signIn = hrefs(
          chunks.filter((chunk) => chunk.moduleIds.some((id) => signInRouteModule.test(id))),
        );
        if (signedIn.length === 0 || signIn.length === 0) return [];
        const otherPublicPaths = new Set(
          chunks.flatMap((chunk) =>
            chunk.moduleIds.flatMap((id) => {
              const segment = publicScreenPath.exec(id)?.[1];
              return segment && segment !== 'login' ? [segment] : [];
            }),
          ),
        );
        const otherPublicScreen = `^/(${[...otherPublicPaths].sort().join('|')})(/|$)`;
        const script =
          `try{var l=localStorage.getItem(${JSON.stringify(tokenStorageKey)})?${JSON.stringify(signedIn)}:` +
          `location.hostname.toLowerCase()===${JSON.stringify(managementHost.toLowerCase())}||` +
          `new RegExp(${JSON.stringify(otherPublicScreen)}).test(location.pathname)?[]:${JSON.stringify(signIn)};` +
          `l.forEach(function(h){var e=document.createElement('link');e.rel='modulepreload';e.crossOrigin='';e.href=h;document.head.appendChild(e)})}catch(e){}`;
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}

/** The chunks index.html loads with the entry (the groups below): every later import finds them loaded. */
const loadedWithEntry = /(^|\/)(rolldown-runtime|framework|app-core)-[\w-]+\.js$/;

/** What a start runs (ADR 080), taken from the bundle: the service worker precaches these and waits with the rest. */
const startFiles = new Set<string>();

/** Public screens open offline from the first visit on (the precached shell of spec 4), so they count as the start. */
const publicRouteModule = /[\\/]src[\\/]routes[\\/](_public|manage)/;

function collectStartFiles(): Plugin {
  return {
    name: 'connect:collect-start-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      startFiles.clear();
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const add = (fileName: string) => {
        if (startFiles.has(fileName)) return;
        startFiles.add(fileName);
        byFile.get(fileName)?.imports.forEach(add);
      };
      for (const chunk of chunks) {
        const isStart =
          chunk.isEntry ||
          chunk.name === 'signed-in' ||
          chunk.name === 'ky-client' ||
          chunk.moduleIds.some((id) => publicRouteModule.test(id));
        if (isStart) add(chunk.fileName);
      }
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Text the server sends compressed; images and fonts are compressed already, source maps are for tools. */
const compressibleAsset = /^assets\/.+\.(?:js|css|svg|json|html)$/;

/**
 * Writes `<file>.br` (brotli at its highest level) and `<file>.gz` (gzip level 9) next to each hashed asset,
 * which the server sends by the browser's Accept-Encoding (server/lib/static-app.ts): built once, served
 * often, so the slow highest levels pay off. A variant no smaller than the file itself is not written.
 */
function precompressAssets(): Plugin {
  return {
    name: 'connect:precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const sizes = { raw: 0, br: 0, gzip: 0 };
      const writes = Object.values(bundle)
        .filter((output) => compressibleAsset.test(output.fileName))
        .map(async (output) => {
          const content = Buffer.from(output.type === 'chunk' ? output.code : output.source);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: zlibConstants.Z_BEST_COMPRESSION }),
          ]);
          const file = path.join(outDir, output.fileName);
          sizes.raw += content.length;
          sizes.br += Math.min(br.length, content.length);
          sizes.gzip += Math.min(gz.length, content.length);
          await Promise.all([
            br.length < content.length ? writeFile(`${file}.br`, br) : undefined,
            gz.length < content.length ? writeFile(`${file}.gz`, gz) : undefined,
          ]);
        });
      await Promise.all(writes);
      const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
      this.info(
        `${writes.length} assets precompressed: ${kib(sizes.raw)} → brotli ${kib(sizes.br)}, gzip ${kib(sizes.gzip)}`,
      );
    },
  };
}

/**
 * Set by the browser tests (scripts/lib/e2e-releases.ts) to tag every chunk name, so the release they deploy over
 * an open tab has none of the old release's chunks. Unset, the names are Vite's defaults.
 */
const releaseTag = process.env.BUILD_RELEASE_TAG ? `-${process.env.BUILD_RELEASE_TAG}` : '';

/** Changes with every build: the offline query cache of another build is not restored (ADR 016). */
const buildId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export default defineConfig({
  resolve: { alias },
  define: { __APP_BUILD_ID__: JSON.stringify(buildId) },
  plugins: [
    // The router plugin must run before the React plugin.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      quoteStyle: 'single',
      // Loaders split too: a loader pulls its screen's schemas, which the first screen must not carry.
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
    tailwindcss(),
    inlineThemeScript(),
    preloadStartScreen(),
    collectStartFiles(),
    precompressAssets(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      // Classic script (registered without type: 'module'): an ES worker would keep import.meta in Vite's preload helper.
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // ADR 080: scripts outside the start are marked; the worker caches them once the page is idle.
        manifestTransforms: [
          (entries) => ({
            manifest: entries.map((entry) =>
              entry.url.endsWith('.js') && !startFiles.has(entry.url)
                ? { ...entry, revision: cachedAfterStartRevision }
                : entry,
            ),
            warnings: [],
          }),
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/passenger': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Every browser the app supports preloads modules itself (Safari 17+, Firefox 115+, Chromium): the
    // polyfill would only add to the first screen's JavaScript.
    modulePreload: {
      polyfill: false,
      // The entry's own imports have loaded before any later import runs: listing them again in each
      // import's preload list only made the entry's map of files longer (first-screen budget). index.html keeps
      // them: without its preload links the browser finds them only once the entry has downloaded and parsed.
      resolveDependencies: (_file, dependencies, { hostType }) =>
        hostType === 'html'
          ? dependencies
          : dependencies.filter((dependency) => !loadedWithEntry.test(dependency)),
    },
    rolldownOptions: {
      output: {
        entryFileNames: `assets/[name]-[hash]${releaseTag}.js`,
        chunkFileNames: `assets/[name]-[hash]${releaseTag}.js`,
        advancedChunks: {
          groups: [
            {
              name: 'framework',
              priority: 40,
              // React, the router and the query client load on every screen: one chunk compresses better than
              // the dozen slivers the split routes would otherwise make of them (first-screen budget). ky loads
              // with the first API call (src/lib/api/ky-client.ts), which the sign-in screen does not make.
              test: (id: string) =>
                /node_modules[\\/](react|react-dom|scheduler|@tanstack)[\\/]/.test(id) &&
                // Only signed-in screens use these (the offline cache, queued writes, long windowed and infinite
                // lists, leave-page guards): they load with them.
                !/persist|[\\/]hydration\.js$|[\\/](useMutationState|useBlocker|infiniteQueryObserver|useInfiniteQuery)\.js$|[\\/](react-)?virtual(-core)?[\\/]/.test(
                  id,
                ),
            },
            {
              name: 'app-core',
              priority: 30,
              // Our own modules every first screen runs (session, API client, network status, form drafts, the
              // service worker's registration, the public frame and the few controls the sign-in form shares
              // with later screens): one chunk instead of a dozen slivers (first-screen budget, ADR 008).
              test: (id: string) =>
                (/[\\/]src[\\/]lib[\\/](api|auth|network|form-drafts)[\\/]/.test(id) &&
                  // Signed-in screens only: they load it with them.
                  !/role-labels|request-failure|ky-client/.test(id)) ||
                /[\\/]src[\\/]components[\\/]ui[\\/](alert|text-field|text-link-class)\.tsx?$/.test(id) ||
                /[\\/]src[\\/]components[\\/](organization-logo|layouts[\\/]public-layout)\.tsx$/.test(id) ||
                /[\\/]src[\\/]lib[\\/](pwa[\\/]service-worker|yield-to-main)\.ts$/.test(id) ||
                /[\\/]contract[\\/](error-codes|color-keys|signup-link|uuid|user-fields|live-events-position)\.ts$/.test(
                  id,
                ) ||
                // Also started by main.tsx; held here so that the signed-in group below does not take them along.
                /[\\/]src[\\/]components[\\/](ui[\\/](button|spinner)\.tsx|errors[\\/](error-page|app-error-boundary)\.tsx)$/.test(
                  id,
                ) ||
                /[\\/]src[\\/]lib[\\/](sentry[\\/]error-reporting|branding[\\/](applied-settings|workout-categories)|query-client|pwa[\\/]install-prompt-event)\.ts$/.test(
                  id,
                ) ||
                // The /app route itself (its guard; the frame is split off): the route tree needs it on every start.
                /[\\/]src[\\/]routes[\\/]app\.tsx$/.test(id) ||
                /node_modules[\\/]react-error-boundary[\\/]/.test(id),
            },
            {
              name: 'shared-controls',
              priority: 25,
              // Used by the public and management screens too: held here, so the signed-in group does not take them.
              test: (id: string) => /[\\/]src[\\/]components[\\/]ui[\\/](icons|skeleton)\.tsx$/.test(id),
            },
            {
              name: 'schemas',
              priority: 20,
              // Zod and the schemas a signed-in start parses (the session, settings, sidebar items, the roster),
              // loaded with the session's first check; every other screen's schemas load with that screen, so
              // building them does not add to the start's work.
              test: (id: string) =>
                /[\\/]contract[\\/](users|organizations|auth|email|passengers)\.ts$|node_modules[\\/]zod[\\/]/.test(
                  id,
                ),
            },
            {
              name: 'signed-in',
              priority: 10,
              // What a signed-in start runs before the dashboard shows (the offline cache, the /app frame and its
              // stores, the dashboard and its widgets, the shared controls of the signed-in screens): one chunk
              // instead of some thirty slivers, each a request, a preload link and a module to instantiate on a
              // busy main thread (issue 10). components/widgets (React Aria, dnd-kit) is left to the screens that
              // use it: the library and the schedule (ADR 034).
              test: (id: string) =>
                // The guided tour's guide is for new staff only: it stays in its own lazy chunk (ADR 041).
                !/[\\/]src[\\/]features[\\/]onboarding[\\/](components[\\/]tour-guide\.tsx|step-targets\.ts)$/.test(
                  id,
                ) &&
                /[\\/]src[\\/](signed-in-start\.ts|stores[\\/]|lib[\\/]query-persistence[\\/]|features[\\/](app-shell|dashboard|onboarding|travel-roster)[\\/]|routes[\\/]app(\.tsx|[\\/]dashboard\.tsx)\?tsr-split|components[\\/](ui|modal|right-drawer|toaster)[\\/])/.test(
                  id,
                ),
            },
          ],
        },
      },
    },
  },
});
