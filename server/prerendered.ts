// The screens the build renders to HTML ahead of time (vite.config.ts) and server/static.ts sends
// for their paths: each path's file in dist/prerendered/, its route module and its layout's.
export const PRERENDERED: Record<string, { file: string; module: string; layouts?: string[] }> = {
  '/': { file: 'landing.html', module: 'src/app/routes/landing.tsx' },
};
