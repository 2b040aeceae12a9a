import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { viewNameFindings, viewNamesOf } from './viewNames.ts';

const NAMES = viewNamesOf(
  readFileSync(new URL('../src/state/common/views/views.ts', import.meta.url), 'utf8'),
);
const find = (text: string, file = 'src/ui/Some.tsx') => viewNameFindings(file, text, NAMES);

describe('view names outside the view registry', () => {
  it("reads the registry's names", () => {
    expect([...NAMES]).toContain('pack');
    expect([...NAMES]).toContain('model');
  });

  it('refuses a switch, a comparison chain, a list and a table over view names', () => {
    expect(find("switch (p.view) { case 'pack': break; case 'learn': break; }")).toHaveLength(1);
    expect(
      find("const x = view === 'pack' ? a : state.params.view !== 'tradeoff' ? b : c;"),
    ).toHaveLength(2);
    expect(find("const s = new Set(['pack', 'data', 'tune']);")).toHaveLength(1);
    expect(find('const t: Record<ViewId, string> = {};')).toHaveLength(1);
    expect(find('const t: { readonly [V in ViewId]: number } = {};')).toHaveLength(1);
  });

  it('lets a view be named, other names be compared, and the registry and tests list views', () => {
    expect(find("setParams({ view: 'learn', lesson: 3 });")).toEqual([]);
    expect(find("if (p.timelineSource === 'vms' || kind === 'data') go();")).toEqual([]);
    expect(find("const sources = ['data', 'prometheus'];")).toEqual([]);
    expect(find('if (p.view === wing.id) run();')).toEqual([]);
    const chain = "if (p.view === 'pack') a(); else if (p.view === 'tune') b();";
    expect(find(chain, 'src/state/common/views/views.ts')).toEqual([]);
    expect(find(chain, 'src/ui/App.test.ts')).toEqual([]);
    expect(find(chain, 'src/ui/App.tsx')).toHaveLength(2);
  });
});
