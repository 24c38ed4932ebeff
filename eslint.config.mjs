/**
 * `npm run lint`. TypeScript in src/ and test/ is checked with type information (the rules that
 * catch a promise nobody waits for, a promise passed where a plain function is expected, and a
 * switch that misses a case), and as Lit and web-component code; the Node scripts, benches and
 * end-to-end files with the plain recommended rules.
 */
import js from '@eslint/js';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'custom-elements.json', '**/*.d.ts'] },
  js.configs.recommended,
  {
    rules: {
      // Sanitizers and parsers match control characters on purpose.
      'no-control-regex': 'off',
      // A leading underscore marks what is left out on purpose (`const { a: _a, ...rest } = x`).
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // `let x!: T` read in a closure before its one assignment cannot be a const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ['vite.config.ts'],
    extends: [tseslint.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.ts', 'test/**/*.ts'],
    extends: [tseslint.configs.recommended],
    // The thread store's server (`src/server/`) is typed for Node, apart from the browser code.
    languageOptions: { parserOptions: { project: ['./tsconfig.test.json', './tsconfig.server.json'], tsconfigRootDir: import.meta.dirname } },
    rules: {
      // `@open-wc/semantic-dom-diff` types chai's `equal` as returning a promise (for `.dom.equal`): a plain `expect(a).to.equal(b)` is not one.
      '@typescript-eslint/no-floating-promises': ['error', { allowForKnownSafeCalls: [{ from: 'package', name: 'Equal', package: '@open-wc/semantic-dom-diff' }] }],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Chai's `expect(x).to.be.true` is an expression; tests reach into untyped objects on purpose.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/**/*.ts', 'test/components/**/*.ts'],
    extends: [lit.configs['flat/recommended'], wc.configs['flat/recommended']],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/server/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
