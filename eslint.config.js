// ESLint for the whole repository: typescript-eslint's recommended rules, React's hook rules, and the
// import boundaries STYLE.md describes (app -> features -> components/lib/config; features never
// import each other), enforced rather than only written down.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const boundaries = [
  {
    target: ['./src/components', './src/lib', './src/config', './src/types'],
    from: ['./src/features', './src/app'],
    message: 'Shared code never imports a feature or the app: pass what it needs in as props.',
  },
  {
    target: './src/features',
    from: './src/app',
    message: 'Features never import the app shell; the app imports features.',
  },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features never import each other: move what both need to src/components or src/lib.',
  })),
  {
    target: ['./src', './server'],
    from: ['./e2e', './bench'],
    message: 'The app and the server never import test or benchmark code.',
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.local/', 'coverage/', 'e2e/artifacts/', 'server/studio/assets/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
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
      'server/mail/mailbox.ts',
      'bench/**',
      'e2e/support/**',
      'supabase/scripts/**',
    ],
    rules: { 'no-console': 'off' },
  },
);
