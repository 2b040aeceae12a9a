// Each layer rule of eslint.config.js fires: fixture code placed (in memory) in a file of each layer
// is linted with the project's config; an import the layer may not make is an error naming the rule,
// and an import it may make is clean.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((m) => m.message);
}

/** [file in the layer, import it may not make, import it may make]. */
const CASES: readonly (readonly [string, string, string])[] = [
  ['src/engine/x.ts', '../runtime/runner.ts', './index.ts'],
  ['src/engine/x.ts', '../present/csv.ts', './stats/normal.ts'],
  ['src/engine/x.ts', '../protocol/api.ts', './fit/index.ts'],
  ['src/protocol/x.ts', '../runtime/runner.ts', '../engine/index.ts'],
  ['src/kernels/x.ts', '../runtime/runner.ts', '../protocol/layout.ts'],
  ['src/ingest/x.ts', '../state/store.ts', '../engine/index.ts'],
  ['src/ingest/x.ts', '../runtime/runner.ts', '../protocol/api.ts'],
  ['src/runtime/x.ts', '../state/store.ts', '../kernels/index.ts'],
  ['src/runtime/x.ts', '../present/csv.ts', '../protocol/api.ts'],
  ['src/state/x.ts', '../ui/App.tsx', '../runtime/runner.ts'],
  ['src/present/x.ts', '../runtime/runner.ts', '../engine/index.ts'],
  ['src/present/x.ts', '../state/store.ts', './csv.ts'],
  ['src/present/x.ts', '../ui/format.ts', '../engine/fit/index.ts'],
  ['src/ui/x.ts', '../runtime/runner.ts', '../state/store.ts'],
  ['src/ui/x.ts', '../cli/io.ts', '../present/csv.ts'],
  ['src/cli/x.ts', '../ui/exportFiles.ts', '../present/csv.ts'],
  ['src/cli/x.ts', '../state/store.ts', '../runtime/inlineRunner.ts'],
  ['workers/x.ts', '../src/state/store.ts', '../src/runtime/pool/host.ts'],
  ['workers/x.ts', '../src/ui/App.tsx', '../src/ingest/load.ts'],
];

describe('layer rules in lint', () => {
  it.each(CASES)('%s may not import %s but may import %s', async (file, bad, good) => {
    const errors = await layerErrors(file, `import { a } from '${bad}';\nexport const b = a;\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Layer rule/);
    expect(await layerErrors(file, `import { a } from '${good}';\nexport const b = a;\n`)).toEqual(
      [],
    );
  });

  it('keeps the engine and present free of UI libraries', async () => {
    for (const file of ['src/engine/x.ts', 'src/present/x.ts'])
      expect(
        await layerErrors(file, `import { create } from 'zustand';\nexport const c = create;\n`),
      ).toHaveLength(1);
    expect(
      await layerErrors(
        'src/engine/x.ts',
        `import * as P from '@observablehq/plot';\nexport const p = P;\n`,
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        'src/present/x.ts',
        `import * as P from '@observablehq/plot';\nexport const p = P;\n`,
      ),
    ).toEqual([]);
  });

  it('lets the ui import types, and only types, from ingest', async () => {
    expect(
      await layerErrors(
        'src/ui/x.ts',
        `import type { A } from '../ingest/load.ts';\nexport type B = A;\n`,
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        'src/ui/x.ts',
        `import { a } from '../ingest/load.ts';\nexport const b = a;\n`,
      ),
    ).toHaveLength(1);
  });

  it('exempts test files, whose harness may cross layers', async () => {
    expect(
      await layerErrors(
        'src/runtime/x.test.ts',
        `import { a } from '../cli/pool/nodePool.ts';\nexport const b = a;\n`,
      ),
    ).toEqual([]);
  });
});
