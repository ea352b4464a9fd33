// The hooks every journey file shares: one Chromium per file, the people a test opened closed after
// it (with screenshots of their pages when it failed), and the accessibility results it gathered.
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { closePeople, launchBrowser } from './browser.ts';
import { assertAccessible } from './screens.ts';

export function journeyBrowser(): { readonly browser: Browser } {
  const state = {} as { browser: Browser };
  beforeAll(async () => {
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  afterEach(async ({ task }) => {
    await closePeople(task.result?.state === 'fail' ? task.name : undefined);
    assertAccessible();
  });
  return state;
}
