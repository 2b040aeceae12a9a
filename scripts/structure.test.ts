import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measure, tableIn, tableRows } from './structure.ts';

const ROOT = join(import.meta.dirname, '..');
const after = measure(ROOT);

/** A markdown table's body rows as trimmed cells. */
const cells = (markdown: string) =>
  markdown
    .split('\n')
    .slice(2)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );

describe('the structure of the house', () => {
  it('measures what goes wrong on a tree made wrong', () => {
    const dir = mkdtempSync(join(tmpdir(), 'slopack-structure-'));
    const put = (file: string, text: string) => {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    };
    try {
      put('workers/w.ts', 'export {};\n');
      put('src/engine/a.ts', "import { b } from '../ui/b.ts';\nexport const a = b;\n");
      put('src/ui/b.ts', "import { a } from '../engine/a.ts';\nexport const b = a;\n");
      put('src/engine/cluster/index.ts', "export { run } from './run.ts';\n");
      put('src/engine/cluster/run.ts', 'export const run = 1;\n' + '// line\n'.repeat(600));
      put('src/state/x/y.ts', "export { run } from '../../engine/cluster/run.ts';\n");
      const s = measure(dir);
      expect([s.upward, s.cycles, s.pastDoors, s.over500]).toEqual([1, 1, 1, 1]);
      expect(s.longest).toEqual({ file: 'src/engine/cluster/run.ts', lines: 601 });
      expect(s.folders).toBe(5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('after the renovation: nothing runs back up a layer, no cycle, nothing past a door, no file over 500 lines', () => {
    expect([after.upward, after.cycles, after.pastDoors, after.over500]).toEqual([0, 0, 0, 0]);
    expect(after.longest.lines).toBeLessThanOrEqual(500);
  });

  it('adds a format or a view in 2 files: no name of either is listed outside its registry', () => {
    expect([after.formatNameSites, after.viewNameSites]).toEqual([0, 0]);
    const touched = tableRows(after).filter((r) => r.what.startsWith('files touched to add'));
    expect(touched.map((r) => r.after.split(':')[0])).toEqual(['2', '2']);
  });

  it("keeps engine/data's top to its door, the formats and the shared machinery in folders", () => {
    expect(after.dataTopFiles).toBe(1);
    expect(after.dataFolders).toEqual(
      expect.arrayContaining(['formats', 'readers', 'streams', 'samples', 'units', 'realize']),
    );
  });

  it("docs/architecture.md's table is this tree's (npx tsx scripts/structure.ts --write)", () => {
    const doc = tableIn(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8'));
    expect(doc).not.toBeNull();
    const shown = cells(doc!);
    const rows = tableRows(after);
    expect(shown.map(([what, before]) => [what, before])).toEqual(
      rows.map((r) => [r.what, r.before]),
    );
    // The rows that must hold are shown as measured; the others move with every edit and are
    // regenerated when the table is.
    for (const [k, r] of rows.entries()) if (r.fixed) expect(shown[k][2]).toBe(r.after);
  });
});
