// Starts the real `npm start` (package.json's start command: the compiled server) once for the
// browser journeys, on a free port and a fresh temporary database, and hands its URL and anon key to
// every test file (vitest provide/inject).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromiumPath, MISSING_BROWSER } from './browser-path.ts';
import { copyPgliteTemplate } from '../../server/tests/helpers.ts';
import { npmStartArgs } from '../../server/tests/server-process.ts';
import { startDiscordReceiver, startPushReceiver } from '../../server/tests/notify-receivers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eUrl: string;
    e2eAnonKey: string;
    /** The local push service (server/tests/notify-receivers.ts) and Discord's API stand-in. */
    e2ePushOrigin: string;
    e2eDiscordApi: string;
  }
}

const ROOT = resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 150_000;

function waitForStart(child: ChildProcess): Promise<{ url: string; anonKey: string }> {
  return new Promise((done, fail) => {
    let output = '';
    const timer = setTimeout(
      () => fail(new Error(`npm start printed no App URL within ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /App URL: (http:\/\/\S+)/.exec(output)?.[1];
      const anonKey = /anon key: (\S+)/.exec(output)?.[1];
      if (url && anonKey) {
        clearTimeout(timer);
        done({ url, anonKey });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`npm start exited with code ${code} before it was ready:\n${output}`));
    });
  });
}

export default async function setup(project: TestProject) {
  // Fail loudly, before any server starts, when there is no browser to drive.
  if (!existsSync(chromiumPath())) throw new Error(`No Chromium at ${chromiumPath()}. ${MISSING_BROWSER}`);
  // npm start builds the app itself when dist/ is missing or stale (npm test builds it first).
  // A fresh database for the run, removed at the end.
  const temp = await mkdtemp(join(tmpdir(), 'brawlcup-e2e-'));
  const dataDir = join(temp, 'data');
  // PGlite's initdb done once for every test run (server/tests/helpers.ts): npm start then migrates,
  // seeds and creates the administrator on it as on any first start.
  await copyPgliteTemplate(dataDir);
  // The journeys sign in as the default administrator on a fresh PGlite: settings for another
  // database or administrator must not leak in from the shell.
  // Every journey signs in from 127.0.0.1: Auth's per-IP limits would stop the run (RATE_LIMITS=off is
  // for test runs only; server/tests/auth-limits.test.ts covers the limits).
  // The outside services notifications go to: a push service and Discord's webhooks, on loopback.
  const push = await startPushReceiver();
  const discord = await startDiscordReceiver();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    RATE_LIMITS: 'off',
    DISCORD_API_URL: discord.apiUrl,
    PUSH_SERVICE_ORIGINS: push.origin,
    // The clock's events (check-in open) reach a journey in seconds, not the default 15.
    DISPATCH_INTERVAL_MS: '2000',
  };
  for (const name of [
    'DATABASE_URL',
    'ADMIN_EMAIL',
    'ADMIN_PASSWORD',
    'JWT_SECRET',
    'VITE_CONTACT_FORM_URL',
    'VAPID_PUBLIC_KEY',
    'VAPID_PRIVATE_KEY',
    'EDGE_FUNCTIONS',
  ])
    delete env[name];
  const child = spawn(process.execPath, npmStartArgs(), {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let started: { url: string; anonKey: string };
  try {
    started = await waitForStart(child);
  } catch (error) {
    child.kill('SIGKILL');
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
  // Keep draining the pipes so the server never blocks on a full buffer; show server errors.
  child.stdout!.resume();
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`[server] ${chunk}`));

  project.provide('e2eUrl', started.url);
  project.provide('e2eAnonKey', started.anonKey);
  project.provide('e2ePushOrigin', push.origin);
  project.provide('e2eDiscordApi', discord.apiUrl);

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(temp, { recursive: true, force: true });
    await push.close();
    await discord.close();
  };
}
