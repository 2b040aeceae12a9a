import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PLAIN_NAMES } from './glossary.ts';
import { inlineParts, parseModel } from './model.ts';

const model = readFileSync(new URL('../../docs/model.md', import.meta.url), 'utf8');

describe('the model document', () => {
  const sections = parseModel(model);

  it('has sections 1 to 15 in order, each with content and its own anchor', () => {
    expect(sections.map((s) => s.number)).toEqual([
      0,
      ...Array.from({ length: 15 }, (_, k) => k + 1),
    ]);
    for (const s of sections) expect(s.blocks.length, s.title).toBeGreaterThan(0);
    expect(new Set(sections.map((s) => s.id)).size).toBe(sections.length);
  });

  it('spells out every policy and order code it uses', () => {
    const text = sections
      .find((s) => s.number === 12)!
      .blocks.flatMap((b) => (b.kind === 'list' ? b.items : b.kind === 'code' ? [] : [b.text]));
    for (const code of ['FMF', 'BFR', 'BFD', 'MRR', 'MRD', 'DREQ', 'DDTR', 'SS', 'HA'])
      expect(text.join(' ')).toMatch(new RegExp(`${code} \\([A-Za-z][a-z]`));
  });

  it('its Words list every plain name of the headline with its symbol', () => {
    const words = sections
      .find((s) => s.number === 1)!
      .blocks.flatMap((b) => (b.kind === 'list' ? b.items : b.kind === 'code' ? [] : [b.text]))
      .join(' ');
    for (const { name, symbol } of Object.values(PLAIN_NAMES))
      expect(words).toContain(`**${name}** = ${symbol}`);
  });

  it('never sends the reader to a document outside the repository', () => {
    expect(model).not.toMatch(/SPEC/);
  });

  it('reads inline marks', () => {
    expect(inlineParts('a **b** `c` [d](e.md) *f*')).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'strong', text: 'b' },
      { kind: 'text', text: ' ' },
      { kind: 'code', text: 'c' },
      { kind: 'text', text: ' ' },
      { kind: 'link', text: 'd', href: 'e.md' },
      { kind: 'text', text: ' ' },
      { kind: 'em', text: 'f' },
    ]);
  });
});
