/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { slopackBuild } from './scripts/buildPlugin.ts';
import { LongestFirstSequencer } from './scripts/testOrder.ts';

// SharedArrayBuffer needs cross-origin isolation on every server; public/_headers does the same for static hosts.
export const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

const SHARED_GRAPH = [
  'src/ingest/**/*.test.ts',
  'src/kernels/**/*.test.ts',
  'src/protocol/**/*.test.ts',
  'src/present/**/*.test.ts',
  'src/runtime/**/*.test.ts',
];

const CLI_ISOLATED = ['src/cli/addFitTest.test.ts', 'src/cli/pool/isolation.test.ts'];

export default defineConfig({
  plugins: [react(), slopackBuild()],
  server: { headers: isolationHeaders, port: 5173, host: '127.0.0.1' },
  preview: { headers: isolationHeaders, port: 4173, host: '127.0.0.1' },
  worker: { format: 'es' },
  // The manifest lets scripts/bundleSize.ts check the first page's JavaScript.
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    manifest: true,
    // modulepreload is in every browser the es2022 target runs (Chromium, Firefox 115+, Safari
    // 17+); where it is missing the chunks load as imported, only later. Its polyfill weighed
    // 0.3 kB gzip on the first page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The engine, present and protocol layers have no side effects on import (their READMEs): an
      // unused module stays out of the chunks, so the first page does not carry the whole engine.
      treeshake: {
        moduleSideEffects: [
          {
            test: /\/src\/(engine|present|protocol|runtime\/jobs)\/|\/src\/runtime\/host\.ts$/,
            sideEffects: false,
          },
        ],
      },
    },
  },
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one file at a time on 2 cores (cores − 1). Many files wait on child
    // processes (the NumPy peer, Dask, Prometheus, the CLI) or on a server's deadlines: with two at
    // once the suite's 593 s of CPU (every process, children included) left the two cores idle
    // about a third of its 7 minutes; a third file at once runs in those gaps (607 s of CPU).
    maxWorkers: 3,
    setupFiles: ['scripts/vitestSetup.ts'],
    // The CLI and its worker threads bundled once per run instead of through tsx at every start.
    globalSetup: ['scripts/testBundles.ts'],
    // Longest files first even on a clean clone (no Vitest cache there): scripts/testOrder.ts.
    sequence: { sequencer: LongestFirstSequencer },
    // The engine is pure (src/engine/README.md): its files share one module graph per worker instead
    // of importing it again for each file (a third of the engine suite's CPU time). Files that hold
    // stores, workers, DOM or child processes keep a fresh graph each.
    projects: [
      {
        extends: true,
        test: {
          name: 'engine',
          include: ['src/engine/**/*.test.ts', 'src/engine/**/*.test.tsx'],
          isolate: false,
        },
      },
      {
        // Loading, kernels, protocol, the figures' data and the runtime's jobs hold no module-level
        // state their tests change (no mocks, stores or globals; the jobs' caches are keyed by
        // their inputs): they share a graph like the engine.
        extends: true,
        test: {
          name: 'shared',
          include: SHARED_GRAPH,
          isolate: false,
        },
      },
      {
        // The command line's tests call it in-process and hold no module state but caches keyed by
        // their inputs: one graph per worker (its import was a fifth of each file's time). The file
        // that registers a throwaway fit test and the one that deletes SharedArrayBuffer stay apart.
        extends: true,
        test: {
          name: 'cli',
          include: ['src/cli/**/*.test.ts'],
          exclude: CLI_ISOLATED,
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'isolated-cli', include: CLI_ISOLATED },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          exclude: ['src/engine/**', ...SHARED_GRAPH, 'src/cli/**', 'node_modules/**'],
        },
      },
    ],
  },
});
