// How bench/postgrest-js/run.ts runs upstream's postgrest-js tests: its root is the package's copy
// (POSTGREST_JS_ROOT), files one at a time in name order as upstream's Jest sequencer has them.
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/** Files in name order, as upstream's test/testSequencer.js sorts them for Jest. */
class ByName extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}

export default defineConfig({
  root: process.env.POSTGREST_JS_ROOT,
  test: {
    include: ['test/*.test.ts'],
    globals: true,
    environment: 'node',
    setupFiles: [fileURLToPath(new URL('./setup.ts', import.meta.url))],
    fileParallelism: false,
    sequence: { shuffle: false, sequencer: ByName },
    testTimeout: 30_000,
    reporters: ['json'],
    outputFile: process.env.POSTGREST_JS_RESULTS,
  },
});
