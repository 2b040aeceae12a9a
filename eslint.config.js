import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const impure = {
  patterns: [
    {
      group: ['react', 'react-dom', 'zustand', 'comlink', '@observablehq/plot'],
      message: 'The engine is pure: no UI or worker libraries.',
    },
    {
      group: ['**/ui/**', '**/state/**', '**/runtime/**', '**/cli/**', '**/workers/**'],
      message: 'Dependencies point one way: nothing above the engine is imported by it.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'public',
      'test-results',
      'playwright-report',
      'src/kernels/build',
      '.tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/ui/**/*.tsx', 'src/ui/**/*.ts', 'src/state/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/**/*.test.ts', 'src/engine/**/*.bench.ts'],
    rules: {
      'no-restricted-imports': ['error', impure],
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: 'Use the seeded generator in engine/random.',
        },
        { object: 'Date', property: 'now', message: 'The engine does not read the clock.' },
      ],
    },
  },
);
