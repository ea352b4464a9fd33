// `npm start`: the compiled server (scripts/build-server.mjs) on plain node. It compiles first when
// server/ changed since the last build, in a child process, so neither esbuild nor tsx is ever loaded
// in the serving process (each costs tens of MB of a 1 GB machine for as long as the site runs).
// `npm run dev` still runs server/main.ts through tsx.
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BUILT_MAIN, serverIsStale } from './build-server.mjs';

if (await serverIsStale()) {
  console.log('Compiling server/ (it changed since the last build)...');
  const script = fileURLToPath(new URL('./build-server.mjs', import.meta.url));
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'ignore', 'inherit'] });
  const code = await new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) {
    console.error(`\nStart-up stopped: compiling server/ failed (node scripts/build-server.mjs exited with ${code}).`);
    process.exit(1);
  }
}
await import(pathToFileURL(BUILT_MAIN).href);
