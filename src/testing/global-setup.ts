// Starts the real local stack once for the app's component tests and hands its URL, keys and the
// administrator's credentials to every test file (vitest provide/inject). Nothing of ours is mocked.
import type { TestProject } from 'vitest/node';
import { startTestStack } from '../../server/tests/helpers.ts';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD } from '../../server/config.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    supabaseUrl: string;
    anonKey: string;
    serviceKey: string;
    adminEmail: string;
    adminPassword: string;
  }
}

export default async function setup(project: TestProject) {
  // startTestStack reads no ADMIN_EMAIL from the environment: the fresh database gets the defaults.
  const stack = await startTestStack();
  project.provide('supabaseUrl', stack.url);
  project.provide('anonKey', stack.ctx.keys.anonKey);
  project.provide('serviceKey', stack.ctx.keys.serviceRoleKey);
  project.provide('adminEmail', DEFAULT_ADMIN_EMAIL);
  project.provide('adminPassword', DEFAULT_ADMIN_PASSWORD);
  return async () => {
    await stack.destroy();
  };
}
