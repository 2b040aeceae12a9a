import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FORMAT_SITES_LEFT,
  formatNameFindings,
  formatNameProblems,
  formatNamesOf,
} from './formatNames.ts';

const root = new URL('..', import.meta.url);
const NAMES = formatNamesOf(readFileSync(new URL('src/engine/data/formatIds.ts', root), 'utf8'));
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
    expect(find(chain, 'src/engine/data/formatIds.ts')).toEqual([]);
    expect(find(chain, 'src/engine/data/formats/wide.ts')).toEqual([]);
    expect(find(chain, 'src/engine/data/loader.test.ts')).toEqual([]);
    expect(find(chain, 'src/engine/data/loader.ts')).toHaveLength(2);
  });

  it('finds the sites older than the registry, file by file, and refuses a new one', () => {
    for (const [file, count] of Object.entries(FORMAT_SITES_LEFT)) {
      const text = readFileSync(new URL(file, root), 'utf8');
      expect([file, formatNameFindings(file, text, NAMES).length]).toEqual([file, count]);
      expect(formatNameProblems(file, text, NAMES)).toEqual([]);
      const more = `${text}\nexport const extra = (format: string) => format === 'npy';\n`;
      expect(formatNameProblems(file, more, NAMES)).toHaveLength(count + 1);
    }
    const loader = readFileSync(new URL('src/engine/data/loader.ts', root), 'utf8');
    expect(find(loader, 'src/engine/data/loader.ts').join('\n')).toMatch(
      /loader\.ts:\d+: a switch over format names \(11 cases\)/,
    );
    const fresh = "export const f = (spec: { format: string }) => spec.format === 'wide';";
    expect(formatNameProblems('src/engine/data/new.ts', fresh, NAMES)[0]).toMatch(
      /new\.ts:1: a comparison of a format with 'wide'; 1 such site\(s\) in the file, 0 allowed/,
    );
  });
});
