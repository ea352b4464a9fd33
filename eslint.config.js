// ESLint for the whole repository: typescript-eslint's recommended rules, React's hook rules, and the
// import boundaries STYLE.md describes (app -> features -> components/lib/config; features never
// import each other), enforced rather than only written down with ESLint's own no-restricted-imports
// (an import plugin would need a native resolver whose builds the package registry here lacks).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Import patterns a folder may not use: what lies beyond its boundary, by alias or by relative path. */
const APP = ['@/app', '@/app/*', '**/app/*'];
const FEATURES = ['@/features/*', '**/features/*'];
const TEST_CODE = ['**/e2e/*', '**/bench/*'];

const restrict = (files, patterns, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }] },
});

const boundaries = [
  restrict(
    ['src/components/**', 'src/lib/**', 'src/config/**', 'src/types/**'],
    [...APP, ...FEATURES, ...TEST_CODE],
    'Shared code never imports a feature, the app or test code: pass what it needs in as props.',
  ),
  // Inside a feature: its own files by @/features/<it>/..., never another feature's nor the app's.
  ...features.map((feature) =>
    restrict(
      [`src/features/${feature}/**`],
      [...APP, ...FEATURES, ...TEST_CODE, `!@/features/${feature}`, `!@/features/${feature}/*`, '../../*'],
      'Features never import each other, the app or test code: move what both need to src/components or src/lib.',
    ),
  ),
  restrict(
    ['src/app/**', 'src/main.tsx', 'server/**'],
    TEST_CODE,
    'The app and the server never import test or benchmark code.',
  ),
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.local/', '.tmp/', 'coverage/', 'e2e/artifacts/', 'server/studio/assets/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  ...boundaries,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Command-line tools and the server's start-up banner print to the console on purpose.
    files: [
      'server/main.ts',
      'server/cli/**',
      'scripts/**',
      'server/mail/mailbox.ts',
      'bench/**',
      'e2e/support/**',
      'supabase/scripts/**',
    ],
    rules: { 'no-console': 'off' },
  },
);
