import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unusedExports } from './exportUse.ts';

/** A tree of `files` (path → text) in a fresh folder. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'slopack-exports-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, dirname(path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('exports no other file reads', () => {
  it('tells a dead export from one read only in its own file, and follows doors and lazy imports', () => {
    const files = {
      'src/a/values.ts': [
        'export const read = 1;',
        'export const throughDoor = 2;',
        'export const ownOnly = 3;',
        'export const dead = 4;',
        'export type OwnType = { n: number };',
        'const local: OwnType = { n: ownOnly };',
        'export default local;',
      ].join('\n'),
      'src/a/index.ts': "export { throughDoor } from './values.ts';",
      'src/b/user.ts': [
        "import { read } from '../a/values.ts';",
        "import { throughDoor } from '../a/index.ts';",
        'export const used = read + throughDoor;',
        "export const lazy = () => import('./lazy.ts');",
      ].join('\n'),
      'src/b/lazy.ts': 'export const readByName = 5;',
      'src/b/user.test.ts': "import { used, lazy } from './user.ts';\nvoid used; void lazy;",
    };
    const found = unusedExports(tree(files), Object.keys(files));
    expect(found.map((u) => [u.file, u.name, u.kind])).toEqual([
      ['src/a/values.ts', 'ownOnly', 'own-file'],
      ['src/a/values.ts', 'dead', 'dead'],
      ['src/a/values.ts', 'OwnType', 'own-file'],
    ]);
  });

  it('counts the modules an import.meta.glob finds as read, its negated patterns left out', () => {
    const files = {
      'src/ui/views.ts': [
        "export const views = import.meta.glob(['./*/*View.tsx', '!./skipped/**']);",
      ].join('\n'),
      'src/ui/one/OneView.tsx': 'export const OneView = 1;',
      'src/ui/skipped/SkippedView.tsx': 'export const SkippedView = 2;',
      'src/ui/views.test.ts': "import { views } from './views.ts';\nvoid views;",
    };
    const found = unusedExports(tree(files), Object.keys(files));
    expect(found.map((u) => [u.file, u.name, u.kind])).toEqual([
      ['src/ui/skipped/SkippedView.tsx', 'SkippedView', 'dead'],
    ]);
  });
});
