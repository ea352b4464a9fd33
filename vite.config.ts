// Builds the single-page app. The local stack (server/) serves dist/ and the API on one origin.
// The static screens (PRERENDERED) are then rendered to HTML once, with their critical CSS inline,
// into dist/prerendered/, which server/static.ts sends for those paths: they paint before any
// JavaScript arrives, and src/main.tsx hydrates them. The screens whose first paint is data
// (ROUTE_CHUNKS with a `page`) get a page there too, which the server fills in at request time with
// src/entry-server.tsx, built for Node into dist/ssr/ (server/ssr.ts).
// Every compressible file of the build also gets a brotli (.br) and a gzip (.gz) copy, once, at
// build time, so the server sends them as they are (picked by Accept-Encoding) instead of
// compressing on every request or not at all.
import { build, defineConfig, type Manifest, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import Beasties from 'beasties';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  APP_LINKS_ID,
  BOOT_ENTRY,
  PRERENDERED,
  ROUTE_CHUNKS,
  ROUTE_LINKS_FILE,
  SERVER_ENTRY,
} from './server/prerendered.ts';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|xml)$/i;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes file.br and file.gz for each compressible file of dir; returns how many it compressed. */
async function precompressDir(dir: string, skip?: (path: string) => boolean): Promise<number> {
  let count = 0;
  for await (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_BYTES || skip?.(path)) continue;
    const data = await readFile(path);
    await writeFile(
      `${path}.br`,
      brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }),
    );
    await writeFile(`${path}.gz`, gzipSync(data, { level: 9 }));
    count++;
  }
  return count;
}

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };
/** The server's build: lib/supabase.ts is the server's own client there (lib/supabase-server.ts). */
const serverAlias = [
  { find: /^@\/lib\/supabase$/, replacement: fileURLToPath(new URL('./src/lib/supabase-server.ts', import.meta.url)) },
  { find: '@', replacement: alias['@'] },
];

/**
 * What supabase-js imports that the app's first paint does not need: the Storage and Functions
 * clients, Auth's passkeys and web3 sign-in, which the app never uses, and
 * the Realtime client, which a screen fetches when it first opens a channel. Replaced only where
 * supabase-js and auth-js import them (src/lib/realtime-lazy.ts imports the real realtime-js itself).
 */
function slimSupabase(): Plugin {
  const unused = fileURLToPath(new URL('./src/lib/supabase-unused.ts', import.meta.url));
  const authUnused = fileURLToPath(new URL('./src/lib/auth-unused.ts', import.meta.url));
  const stand: Record<string, string> = {
    '@supabase/storage-js': unused,
    '@supabase/functions-js': unused,
    '@supabase/realtime-js': fileURLToPath(new URL('./src/lib/realtime-lazy.ts', import.meta.url)),
  };
  const authStand: Record<string, string> = { './lib/webauthn': authUnused, './lib/web3/ethereum': authUnused };
  return {
    name: 'brawlcup-slim-supabase',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && /[\\/]@supabase[\\/]supabase-js[\\/]/.test(importer)) return stand[source];
      if (importer && /[\\/]@supabase[\\/]auth-js[\\/]dist[\\/]module[\\/][^\\/]+\.js$/.test(importer))
        return authStand[source];
    },
  };
}

/** The CSS and JS files a module needs before it runs (itself and its static imports), from the manifest. */
function needs(manifest: Manifest, key: string, css = new Set<string>(), js = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || js.has(chunk.file)) return { css, js };
  js.add(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
  for (const next of chunk.imports ?? []) needs(manifest, next, css, js);
  return { css, js };
}

/** What a screen's modules load beyond the app's entry (`entry`), in order; a module missing from the build fails it. */
function screenFiles(
  manifest: Manifest,
  modules: string[],
  entry: { css: Set<string>; js: Set<string> },
  what: string,
) {
  const css = new Set<string>();
  const js = new Set<string>();
  for (const module of modules) {
    if (!manifest[module]) throw new Error(`prerender: ${module} (${what}) is not in the build`);
    needs(manifest, module, css, js);
  }
  return { css: [...css].filter((f) => !entry.css.has(f)), js: [...js].filter((f) => !entry.js.has(f)) };
}

const stylesheetLinks = (files: string[]) => files.map((f) => `<link rel="stylesheet" href="/${f}">`).join('');

/**
 * Builds src/entry-server.tsx for Node into dist/ssr/ (SERVER_ENTRY): one file with everything it
 * imports, so the server loads no package of the app's on its own, and only what the screens use.
 */
async function buildServerEntry(root: string, outDir: string): Promise<string> {
  const entry = join(outDir, SERVER_ENTRY);
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react(), slimSupabase()],
    resolve: { alias: serverAlias },
    ssr: { noExternal: true },
    publicDir: false,
    build: {
      ssr: 'src/entry-server.tsx',
      // Minified: the server keeps the code it loaded in memory for as long as it runs.
      minify: true,
      outDir: join(entry, '..'),
      emptyOutDir: true,
      rolldownOptions: {
        output: { entryFileNames: 'entry-server.js' },
        // The client imports its Supabase client lazily in places to keep it out of first downloads;
        // the server's is imported at once by entry-server.tsx, so those imports stay where they are.
        onLog: (level, log, handler) => log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT' && handler(level, log),
      },
    },
  });
  return entry;
}

/**
 * Renders each PRERENDERED screen with src/entry-server.tsx into dist/index.html's frame: the markup
 * in #root, src/boot.ts as its only script, and its CSS inline (beasties); and writes the pages the
 * server renders at request time (ROUTE_CHUNKS with a `page`): the app's entry, the screen's links
 * and its CSS inline, #root left empty for the server. No inline script and no inline event handler:
 * the page's CSP allows neither.
 */
async function prerender(root: string, outDir: string): Promise<void> {
  const { render } = (await import(pathToFileURL(await buildServerEntry(root, outDir)).href)) as {
    render: (path: string) => Promise<string>;
  };
  const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const template = await readFile(join(outDir, 'index.html'), 'utf8');
  const entry = needs(manifest, 'index.html');
  // The screen's stylesheets are small (bench/bundle): inlined whole, not pruned to what the first
  // screen shows, because the entry's CSS also serves the screens the app navigates to without
  // reloading, and a stylesheet left linked would either block the paint (in the head) or land after
  // Mantine's theme <style> (in the body) and override it.
  const beasties = new Beasties({
    path: outDir,
    publicPath: '/',
    inlineThreshold: 256 * 1024,
    // Mantine's own <style> tags (theme variables, responsive props) stay as React rendered them.
    reduceInlineStyles: false,
    mergeStylesheets: false,
    logLevel: 'warn',
  });
  /**
   * The page with its stylesheets inline. beasties replaces each stylesheet's <link> with its CSS.
   * Vite's loader, when the app arrives, links every stylesheet a chunk needs that the page has no
   * <link rel="stylesheet"> for: the same CSS again, after Mantine's <style> tags, re-cascading the
   * painted screen (a layout shift). A disabled <link> (neither fetched nor applied) says it is here.
   */
  const inlineStyles = async (html: string, css: string[]) => {
    const inlined = [...new Set([...entry.css, ...css])]
      .map((f) => `<link rel="stylesheet" href="/${f}" disabled>`)
      .join('');
    const done = (await beasties.process(html)).replace('</head>', `${inlined}</head>`);
    if (!done.includes(inlined)) throw new Error('prerender: the page has no </head>');
    return done;
  };
  const boot = manifest[BOOT_ENTRY];
  if (!boot?.isEntry) throw new Error(`prerender: ${BOOT_ENTRY} is not an entry of the build`);
  /**
   * index.html as a page that paints before the app: its screen's CSS (inlined below), src/boot.ts as
   * its only script, and none of the app's code preloaded: it comes after the paint.
   */
  const paintFirst = (css: string[]) => {
    const html = template
      .replace('</head>', `${stylesheetLinks(css)}</head>`)
      .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
      .replace(
        /<script type="module" crossorigin src="[^"]+"><\/script>/,
        `<script type="module" crossorigin src="/${boot.file}"></script>`,
      );
    if (!html.includes(boot.file)) throw new Error("prerender: index.html's entry script was not found");
    if (!html.includes('<div id="root"></div>')) throw new Error('prerender: index.html has no empty #root');
    return html;
  };
  await mkdir(join(outDir, 'prerendered'), { recursive: true });
  for (const [path, page] of Object.entries(PRERENDERED)) {
    const markup = await render(path);
    const { css } = screenFiles(manifest, [page.module, ...(page.layouts ?? [])], entry, `PRERENDERED, ${path}`);
    const html = paintFirst(css).replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered="${path}">${markup}</div>`,
    );
    await writeFile(join(outDir, 'prerendered', page.file), await inlineStyles(html, css));
  }
  // What boot.ts's import of the app loads: the app's main chunk and its static imports.
  const app = { css: new Set<string>(), js: new Set<string>() };
  for (const key of boot.dynamicImports ?? []) needs(manifest, key, app.css, app.js);
  // The app's other screens: the links to what their first render loads beyond the entry, in the order
  // Vite's loader would add them (outermost layout first), for server/static.ts to put in their head.
  // Those the server renders with their data get a page that paints first, as the prerendered ones,
  // #root left empty for the server; boot.ts puts the links to the app's and the screen's code
  // (APP_LINKS_ID, an inert <template> the browser does not fetch from) in the head after the paint.
  const routeLinks: Record<string, string> = {};
  for (const route of ROUTE_CHUNKS) {
    const { css, js } = screenFiles(manifest, route.modules, entry, `ROUTE_CHUNKS, ${route.path}`);
    const modulePreloads = (files: Iterable<string>) =>
      [...files].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('');
    routeLinks[route.path] = stylesheetLinks(css) + modulePreloads(js);
    if (!route.page) continue;
    const links = `<template id="${APP_LINKS_ID}">${modulePreloads(new Set([...app.js, ...js]))}</template>`;
    const html = paintFirst(css).replace('</body>', `${links}</body>`);
    if (!html.includes(links)) throw new Error('prerender: index.html has no </body>');
    await writeFile(join(outDir, 'prerendered', route.page), await inlineStyles(html, css));
  }
  await writeFile(join(outDir, ROUTE_LINKS_FILE), JSON.stringify(routeLinks));
}

/** After the client build: prerender the static screens, then compress everything (in that order). */
function postBuild(): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  return {
    name: 'brawlcup-post-build',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = config.build.outDir;
      root = config.root;
    },
    async closeBundle() {
      await prerender(root, resolve(root, outDir));
      // The server's own build (dist/ssr/) is never sent.
      const serverDir = resolve(root, outDir, SERVER_ENTRY, '..');
      await precompressDir(resolve(root, outDir), (path) => path.startsWith(serverDir));
    },
  };
}

/** The admin screens' route chunks (src/app/routes/admin-*.tsx). */
const ADMIN_SCREEN = /(^|\/)admin-[\w-]+\.js$/;

export default defineConfig({
  plugins: [react(), slimSupabase(), postBuild()],
  resolve: { alias },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    manifest: true,
    // Vite lists each lazily loaded screen's chunks in the app's entry, to fetch them together when the
    // screen opens. The admin screens, which only the administrator opens, are left out of that list
    // (their chunks load their own imports): every visitor's entry stays the smaller.
    modulePreload: {
      resolveDependencies: (file, deps, { hostType }) => (hostType === 'js' && ADMIN_SCREEN.test(file) ? [] : deps),
    },
    // The app (index.html), and the prerendered screens' small loader of it.
    rolldownOptions: { input: { index: 'index.html', boot: BOOT_ENTRY } },
  },
});
