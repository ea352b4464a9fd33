// One `vitest run` for every suite: the local stack, the database (pgTAP), the app's components and
// the browser journeys. Each project names its own files and environment.
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { accessSync, constants, statfsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

// The tests' temporary folders (each stack's PGlite cluster, uploads, the journeys' npm start) go
// to memory, /dev/shm, where it has room: a cluster is about 1,200 files that PGlite writes and
// fsyncs at every commit, and on disk that was half the stack tests' system time (92 against 44
// CPU-s for the server's files). Nothing a test checks changes: the same PGlite, the same files.
// A machine without a roomy /dev/shm (a container's is 64 MB) keeps the system's, as does a run
// with TMPDIR set. Set here, before vitest starts its workers and global setups, which inherit it.
function memoryTempDir(): string | undefined {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    accessSync('/dev/shm', constants.W_OK);
    return bavail * bsize >= 2 * 1024 ** 3 ? '/dev/shm' : undefined;
  } catch {
    return undefined;
  }
}
const memory = process.env.TMPDIR ? undefined : memoryTempDir();
if (memory) process.env.TMPDIR = memory;
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
          // The app's files share one stack (global-setup.ts) and run two at a time, in a group of
          // their own after the server's: each file makes its own people and tournaments, and a
          // file that changes people switches them with a local sign-out, never a global one,
          // which would end the shared administrator's session in the other file. (Vitest's
          // default, cores - 1, ran them one by one here: 263 s against 159 s.)
          maxWorkers: 2,
          // Each file has its own modules and jsdom (vitest's isolate). Sharing them (isolate: false)
          // took the app's files from 284 to 140 CPU-s, but in `npm test`, beside the journeys, one or
          // two of 267 tests failed in each of three runs: a page a guard had navigated to never rendered,
          // the header showed a signed-in person as signed out, and leftovers of another file stayed
          // in the shared document. Not landed until those are understood.
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
          // One journey at a time. Two at once passed alone (534 s on a quiet machine) but not in
          // `npm test`, where both cores are already busy: the home page's live grid changed under
          // a layout check, and a push came later than a live wait allows; and no sooner overall.
          fileParallelism: false,
        },
      },
    ],
  },
});
