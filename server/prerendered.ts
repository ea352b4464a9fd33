// The screens the build renders to HTML ahead of time (vite.config.ts) and server/static.ts sends
// for their paths: each path's file in dist/prerendered/, its route module and its layout's, and the
// entry it loads instead of the app's own (index.html's), if any.
const AUTH_LAYOUT = 'src/components/layouts/auth-layout.tsx';

export const PRERENDERED: Record<string, { file: string; module: string; layouts?: string[]; entry?: string }> = {
  '/': { file: 'landing.html', module: 'src/app/routes/landing.tsx', entry: 'src/landing-boot.ts' },
  '/login': { file: 'login.html', module: 'src/app/routes/login.tsx', layouts: [AUTH_LAYOUT] },
  '/register': { file: 'register.html', module: 'src/app/routes/register.tsx', layouts: [AUTH_LAYOUT] },
};
