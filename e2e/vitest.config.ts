import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Browser tests; run through `npm run test:e2e`, which starts the product and sets E2E_BASE_URL. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('..', import.meta.url)),
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One browser at a time: the machine has two cores and the tests share one server.
    fileParallelism: false,
  },
});
