// The Content-Security-Policy in a real browser: every journey's screens already fail on any
// violation (support/screens.ts); here, markup smuggled into a tournament description stays text and
// runs nothing, and the page carries the policy and frame protection.
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPerson } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { createPlayer, createTournament, tag } from './support/data.ts';
import { checkScreen } from './support/screens.ts';
import { openHome, signInAt, visible } from './support/ui.ts';

const journey = journeyBrowser();

describe('The Content-Security-Policy', () => {
  it('keeps markup in a description as text, and an injected script never runs', async () => {
    const payload = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script> ${tag()}`;
    const t = await createTournament('1v1', 4, 'CSP', { description: payload });
    const me = await createPlayer('csp');
    const { page } = await newPerson(journey.browser, DESKTOP);
    const response = await page.goto('/');
    expect(response!.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");
    expect(response!.headers()['x-frame-options']).toBe('DENY');
    // index.html asked for by name is the same page, with the same policy (and its config).
    const byName = await page.goto('/index.html');
    expect(byName!.headers()['content-security-policy']).toBe(response!.headers()['content-security-policy']);
    expect(byName!.headers()['x-frame-options']).toBe('DENY');
    await signInAt(page, me);
    await openHome(page);
    await visible(page.getByText(payload, { exact: true }).first());
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    // Had the markup become HTML, the policy would still refuse the inline script and handler.
    const ran = await page.evaluate(() => {
      const div = document.createElement('div');
      div.innerHTML = '<img src="data:," onerror="window.__pwned=3">';
      document.body.append(div);
      return new Promise((done) =>
        setTimeout(() => {
          div.remove();
          done((window as unknown as { __pwned?: number }).__pwned);
        }, 300),
      );
    });
    expect(ran).toBeUndefined();
    await page.evaluate(() => {
      (window as unknown as { __cspViolations?: string[] }).__cspViolations = [];
    });
    await checkScreen(page, 'security-home');
    expect(t.id).toBeTruthy();
  });
});
