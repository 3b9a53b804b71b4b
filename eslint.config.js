import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import layers from './eslint-rules/layers.js';
import numbers from './eslint-rules/numbers.js';
import docs from './eslint-rules/docs.js';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'bench-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { layers, numbers, 'react-hooks': reactHooks },
    rules: {
      'layers/layers': 'error',
      'numbers/one-format-path': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/(waa|wa-na)\\//]',
          message: 'Paths are spelled only in src/api/contract.ts.',
        },
      ],
    },
  },
  {
    // Split where the concept splits; a function reads at once (ARCHITECTURE "Style").
    // Functions longer today are listed in eslint-suppressions.json: that list may
    // only shrink (ESLint fails on a new one, and on a suppression no longer needed).
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 70, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  {
    // TSDoc on every exported simulator and client API.
    files: ['src/api/**/*.ts', 'src/simulator/**/*.ts'],
    plugins: { docs },
    rules: { 'docs/exported-api': 'error' },
  },
  {
    files: ['src/api/contract.ts', 'tests/**', 'scripts/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Playwright fixtures call `use`, which is not React's.
    files: ['tests/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['src/machines/**', 'src/simulator/**', 'src/api/**', 'src/state/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react/*', '@xstate/react'],
              message: 'No React outside src/ui.',
            },
          ],
        },
      ],
    },
  },
  {
    // Secrets come from secure-random.ts (CSPRNG), never the seeded market generator.
    files: [
      'src/simulator/modules/identity/**',
      'src/simulator/modules/account/**',
      'src/simulator/auth/**',
      'src/simulator/users.ts',
      'src/simulator/secure-random.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react/*', '@xstate/react'],
              message: 'No React outside src/ui.',
            },
            {
              group: ['**/prng', '**/prng.ts'],
              message:
                'The seeded generator is predictable: secrets (codes, tokens, salts, keys, ids) come from secure-random.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/simulator/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message:
            'Math.random is neither reproducible nor secure: market data uses prng.ts, secrets secure-random.ts.',
        },
      ],
    },
  },
  {
    files: ['src/simulator/**'],
    ignores: ['src/simulator/worker.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'document', message: 'The simulator has no DOM.' },
        { name: 'window', message: 'The simulator has no DOM.' },
      ],
    },
  },
);
