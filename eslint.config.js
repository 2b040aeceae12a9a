import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Layers (see src/*/README.md): engine ← protocol ← runtime ← state ← ui. present (Plot specs and
// summaries) sits on the engine and serves ui and cli; kernels and ingest (worker side) sit on the
// engine and protocol; workers start runtime hosts; cli runs work without the browser's state or UI.
const LAYERS = [
  'engine',
  'protocol',
  'kernels',
  'ingest',
  'runtime',
  'state',
  'present',
  'ui',
  'cli',
  'workers',
];
const DOM_LIBS = ['react', 'react-dom', 'react-dom/*', 'zustand', 'comlink', 'linkedom'];

/** What each layer may import besides itself: the folder glob its files match, and layers. */
export const LAYER_RULES = {
  engine: { files: ['src/engine/**'], may: [], libs: [...DOM_LIBS, '@observablehq/plot'] },
  protocol: { files: ['src/protocol/**'], may: ['engine'], libs: DOM_LIBS },
  kernels: { files: ['src/kernels/**'], may: ['engine', 'protocol'], libs: DOM_LIBS },
  ingest: { files: ['src/ingest/**'], may: ['engine', 'protocol'], libs: DOM_LIBS },
  runtime: {
    files: ['src/runtime/**'],
    may: ['engine', 'protocol', 'kernels', 'ingest'],
    libs: ['react', 'react-dom', 'zustand'],
  },
  state: {
    files: ['src/state/**'],
    may: ['engine', 'protocol', 'runtime', 'ingest', 'present'],
    libs: ['react-dom'],
  },
  present: { files: ['src/present/**'], may: ['engine'], libs: DOM_LIBS },
  ui: {
    files: ['src/ui/**'],
    may: ['engine', 'protocol', 'state', 'present'],
    typesFrom: ['ingest'],
  },
  cli: {
    files: ['src/cli/**'],
    may: ['engine', 'protocol', 'kernels', 'ingest', 'runtime', 'present'],
    libs: ['react', 'react-dom', 'zustand'],
  },
  workers: { files: ['workers/**'], may: ['runtime', 'protocol', 'engine', 'kernels', 'ingest'] },
};

function layerPatterns(name, extraAllowed = []) {
  const rule = LAYER_RULES[name];
  const allowed = new Set([name, ...rule.may, ...extraAllowed]);
  const patterns = [];
  if (rule.libs?.length)
    patterns.push({
      group: rule.libs,
      message: `The ${name} layer does not use UI or worker libraries.`,
    });
  for (const other of LAYERS) {
    if (allowed.has(other)) continue;
    const typesOnly = rule.typesFrom?.includes(other) ?? false;
    patterns.push({
      group: [`**/${other}/**`, `**/${other}`],
      message: `Layer rule: ${name} may not import ${other}${typesOnly ? ' (types only)' : ''}; it may import ${[...rule.may].join(', ') || 'nothing outside itself'}.`,
      ...(typesOnly ? { allowTypeImports: true } : {}),
    });
  }
  return patterns;
}

// Tests may reach across layers for their harness (e.g. the Node pool from cli/pool).
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/*.bench.ts'];

function layerConfig(name, files = LAYER_RULES[name].files, extraAllowed = []) {
  return {
    files,
    ignores: TEST_FILES,
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: layerPatterns(name, extraAllowed) },
      ],
    },
  };
}

// ===== ALLOW-LIST: known layer violations (none left; keep the list empty). =====
// The integrator deletes this list (and its use below) after merging arch2. file → layers it may
// still import against its layer's rule.
export const LAYER_ALLOW_LIST = [];
// ===== END ALLOW-LIST =====

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
  ...Object.keys(LAYER_RULES).map((name) => layerConfig(name)),
  ...LAYER_ALLOW_LIST.map(({ layer, file, allow }) => layerConfig(layer, [file], allow)),
  {
    // Text a user typed, a link carried or a file held is read by the one decimal rule
    // (engine/numberText.ts decimalOrNull, a range's textProblem): Number('0x10') is 16 and
    // Number('') is 0. A slider's position is its input's valueAsNumber.
    files: ['src/ui/**/*.ts', 'src/ui/**/*.tsx', 'src/state/**/*.ts'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Number', 'parseFloat', 'parseInt'].map((name) => ({
          selector: `CallExpression[callee.name='${name}']`,
          message: `${name}() reads hex, '' and Infinity: use decimalOrNull (engine/numberText.ts) or a range's textProblem.`,
        })),
        {
          selector: "CallExpression[callee.object.name='Number'][callee.property.name=/^parse/]",
          message: "Number.parse*() reads '12px' as 12: use decimalOrNull (engine/numberText.ts).",
        },
        {
          selector: "UnaryExpression[operator='+']",
          message: "Unary + reads hex, '' and Infinity: use decimalOrNull (engine/numberText.ts).",
        },
      ],
    },
  },
  {
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/**/*.test.ts', 'src/engine/**/*.bench.ts'],
    rules: {
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
