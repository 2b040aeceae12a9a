/**
 * The results documents the commands write (docs/*-results.md) spell every overflow probability as
 * the page does (docs/conventions.md): a decimal, never a percent, in their sentences and in the
 * columns of their tables that name one.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { percentProbabilities, percentProbabilityCells } from '../present/probabilitySpelling.ts';

const DOCS = resolve(import.meta.dirname, '../../docs');

/** Each place of a Markdown text that writes an overflow probability as a percent. */
function percentsIn(markdown: string): string[] {
  const found: string[] = [];
  let table: string[][] = [];
  const endTable = () => {
    found.push(...percentProbabilityCells(table));
    table = [];
  };
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) {
      endTable();
      found.push(...percentProbabilities(line));
    } else if (!/^\|[\s:|-]+\|$/.test(line))
      table.push(
        line
          .slice(1, -1)
          .split('|')
          .map((cell) => cell.trim()),
      );
  }
  endTable();
  return found;
}

describe('the results documents', () => {
  it('reads a percent in a table column naming q, and in a sentence beside ρ', () => {
    const markdown = [
      '| data | machines | q any |',
      '|---|---:|---|',
      '| bitbrains | 24 | 0.583 % |',
      '',
      'Pooled GPA exceeds ε = 1 % in 1 setting.',
    ].join('\n');
    expect(percentsIn(markdown)).toEqual([
      'q any: 0.583 %',
      'Pooled GPA exceeds ε = 1 % in 1 setting.',
    ]);
  });

  const results = readdirSync(DOCS).filter((name) => name.endsWith('-results.md'));
  it.each(results)('%s writes every overflow probability as a decimal', (name) => {
    expect(percentsIn(readFileSync(join(DOCS, name), 'utf8'))).toEqual([]);
  });
});
