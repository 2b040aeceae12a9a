import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatNameFindings, formatNameProblems, formatNamesOf } from './formatNames.ts';

const root = new URL('..', import.meta.url);
const NAMES = formatNamesOf(fileURLToPath(root));
const find = (text: string, file = 'src/engine/data/some.ts') =>
  formatNameFindings(file, text, NAMES);

describe('format names outside the format registry', () => {
  it("reads the registry's names", () => {
    expect([...NAMES].sort()).toEqual(
      [
        'alibaba',
        'azure2',
        'bitbrains',
        'columns',
        'compact',
        'google',
        'google2019',
        'long',
        'npy',
        'prometheus',
        'wide',
      ].sort(),
    );
  });

  it('finds a switch, a comparison, a list and a table over format names', () => {
    expect(find("switch (spec.format) { case 'wide': break; case 'npy': break; }")).toHaveLength(1);
    expect(find("switch (f) { case 'bitbrains': return 1; default: return 0; }")).toHaveLength(1);
    expect(find("const x = spec.format === 'google' || r.report.format !== 'npy';")).toHaveLength(
      2,
    );
    expect(find("const s = new Set(['prometheus', 'alibaba']);")).toHaveLength(1);
    expect(find('const t: Record<FormatId, string> = {} as never;')).toHaveLength(1);
    expect(find('const t: Record<TraceFormatId, number> = {} as never;')).toHaveLength(1);
  });

  it('lets a format be named and other names be compared; the registry and tests list them', () => {
    expect(find("resolveSpec('auto', { format: 'long' });")).toEqual([]);
    expect(find("if (layout === 'wide' || unit === 'cores') go();")).toEqual([]);
    const chain = "if (spec.format === 'wide') a(); else if (spec.format === 'long') b();";
    expect(find(chain, 'src/engine/data/formats/formatIds.ts')).toEqual([]);
    expect(find(chain, 'src/engine/data/formats/wide.ts')).toEqual([]);
    expect(find(chain, 'src/engine/data/loader.test.ts')).toEqual([]);
    expect(find(chain, 'src/engine/data/load/loader.ts')).toHaveLength(2);
  });

  it('finds no site left outside the registry, and refuses a new one anywhere', () => {
    for (const file of [
      'src/engine/data/load/loader.ts',
      'src/engine/data/load/detect.ts',
      'src/engine/data/units/applyUnits.ts',
      'src/engine/data/load/preview.ts',
      'src/ingest/estimate.ts',
    ]) {
      const text = readFileSync(new URL(file, root), 'utf8');
      expect([file, formatNameProblems(file, text, NAMES)]).toEqual([file, []]);
      const more = `${text}\nexport const extra = (format: string) => format === 'npy';\n`;
      expect(formatNameProblems(file, more, NAMES)).toHaveLength(1);
    }
    const fresh = "export const f = (spec: { format: string }) => spec.format === 'wide';";
    expect(formatNameProblems('src/engine/data/new.ts', fresh, NAMES)[0]).toMatch(
      /new\.ts:1: a comparison of a format with 'wide': ask the format's entry in the registry/,
    );
  });
});
