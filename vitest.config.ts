// One `vitest run` for every suite: the local stack, the database (pgTAP), the app's components and
// the browser journeys. Each project names its own files and environment.
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };
// The stack's tests that read the app's build (dist/ssr/): they run with the journeys, after
// `vite build` (npm test runs the stack's tests beside the build, not after it).
const readsBuild = ['server/tests/ssr.test.ts'];

export default defineConfig({
  test: {
    globals: true,
    // The default report, then the slowest files and each project's total (scripts/slowest-files.ts).
    reporters: ['default', './scripts/slowest-files.ts'],
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'supabase/tests/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...readsBuild],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own stack (own PGlite folder, own Postgres database), so two run at
          // once even on two cores, where vitest's default (cores - 1) would run them one by one
          // while a file mostly keeps one core busy. First, before the app's files (next group).
          maxWorkers: Math.max(2, availableParallelism() - 1),
          sequence: { groupOrder: 0 },
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/testing/setup-tests.ts'],
          globalSetup: ['src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // The app's files share one stack (global-setup.ts) and have only run one at a time on two
          // cores: vitest's default number of workers, in a group of their own after the server's.
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts', ...readsBuild],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
