// Which Chromium the journeys drive, and what to do when there is none.
export const MISSING_BROWSER =
  'Install Chromium: apt-get install chromium (Debian/Ubuntu), or set CHROMIUM_PATH, or npx playwright install chromium';

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}
