// One start of the stack (API only, port 0) in this process; prints {ms, rssMb} as JSON and exits.
import { readOptions } from '../../server/config.ts';
import { startStack } from '../../server/stack.ts';

const dataDir = process.argv[2]!;
const t0 = performance.now();
const stack = await startStack({
  ...readOptions({ DATA_DIR: dataDir }, process.cwd()),
  port: 0,
  staticDir: undefined,
  quiet: true,
});
const ms = Math.round(performance.now() - t0);
const rssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
await stack.close();
console.log(JSON.stringify({ ms, rssMb }));
process.exit(0);
