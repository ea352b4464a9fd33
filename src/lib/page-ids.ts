// The ids of the elements the server puts in a page for the app (server/static.ts, vite.config.ts),
// in one place for both sides; no imports, so src/boot.ts stays a few hundred bytes.

/** The page's JSON with the server render's data (a data block: never run). */
export const SERVER_STATE_ID = 'server-state';

/** The inert <template> of links to the app's code, which src/boot.ts moves into the head after the paint. */
export const APP_LINKS_ID = 'app-links';

/** Dispatched on window once the app has hydrated the page's HTML (lib/use-hydrated.tsx). */
export const HYDRATED_EVENT = 'brawlcup:hydrated';
