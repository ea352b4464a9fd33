// The screens the build renders to HTML ahead of time (vite.config.ts) and server/static.ts sends
// for their paths: each path's file in dist/prerendered/, its route module and its layout's.
// src/boot.ts loads the app once the page needs it (see there). For the sign-in forms that is the
// visitor's first tap or key, long before an email and a password are typed: their submit button
// stays disabled until the app has hydrated the form (a plain HTML submission would put the password
// in the address).
const AUTH_LAYOUT = 'src/components/layouts/auth-layout.tsx';

/** The entry of every prerendered screen (vite.config.ts builds it beside index.html's). */
export const BOOT_ENTRY = 'src/boot.ts';

export const PRERENDERED: Record<string, { file: string; module: string; layouts?: string[] }> = {
  '/': { file: 'landing.html', module: 'src/app/routes/landing.tsx' },
  '/login': { file: 'login.html', module: 'src/app/routes/login.tsx', layouts: [AUTH_LAYOUT] },
  '/register': {
    file: 'register.html',
    module: 'src/app/routes/register.tsx',
    layouts: [AUTH_LAYOUT],
  },
};
