import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { alias } from './vite.config.ts';

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'jsdom',
          globals: true,
          include: ['src/**/*.test.{ts,tsx}', 'mocks/**/*.test.ts'],
          setupFiles: ['./src/testing/setup-tests.ts'],
          restoreMocks: true,
          unstubEnvs: true,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts'],
          // `*.pg.test.ts` need a real PostgreSQL (several connections, another process): `npm run test:pg` runs them.
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.DATABASE_URL ? [] : ['server/**/*.pg.test.ts']),
          ],
          setupFiles: ['./server/testing/setup-server-tests.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite instances are heavy; one file at a time per worker keeps memory flat.
          fileParallelism: false,
        },
      },
    ],
  },
});
