/**
 * Every figure builder of `present/` has an SVG snapshot: a builder is an exported function
 * returning Plot's options (`Plot.PlotOptions`), and it is snapshotted when a test that renders
 * figures (`figureSnapshot`) names it, or, for the paper lab's plots (`paper/plots/`), when the
 * paper lab's catalogue names it (its test snapshots every figure of the catalogue, `FIGURE_IDS`).
 * A new builder without a snapshot fails here, naming it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const PRESENT = import.meta.dirname;
const files = readdirSync(PRESENT, { recursive: true, encoding: 'utf8' }).filter((f) =>
  f.endsWith('.ts'),
);
const text = (f: string) => readFileSync(join(PRESENT, f), 'utf8');
const isTest = (f: string) => f.endsWith('.test.ts');

/** The exported functions of `file` declared to return Plot's options. */
function buildersOf(file: string): string[] {
  const source = ts.createSourceFile(file, text(file), ts.ScriptTarget.Latest, true);
  return source.statements.flatMap((s) =>
    ts.isFunctionDeclaration(s) &&
    s.name &&
    s.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) &&
    /\bPlotOptions\b/.test(s.type?.getText(source) ?? '')
      ? [s.name.text]
      : [],
  );
}

// The page's number ticks dress every figure (figureSnapshot applies them): no figure of its own.
const HELPERS = ['plotTicks.ts'];
const builders = files
  .filter((f) => !isTest(f) && !HELPERS.includes(f))
  .flatMap((f) => buildersOf(f).map((b) => [f, b]));
const snapshotTests = files.filter((f) => isTest(f) && text(f).includes('figureSnapshot('));
const PAPER_PLOTS = join('paper', 'plots');
/** The catalogue's modules, and the plots that build on another (the boxes of a figure). */
const PAPER_CATALOGUE = [
  ...['dataFigures.ts', 'sumsFigures.ts', 'packingFigures.ts'].map((f) => join('paper', f)),
  ...files.filter((f) => f.startsWith(PAPER_PLOTS) && !isTest(f)),
];

const named = (name: string, list: readonly string[]) =>
  list.some((f) => new RegExp(`\\b${name}\\b`).test(text(f)));

describe('figure builders and their SVG snapshots', () => {
  it('finds the builders of every wing', () => {
    expect(builders.length).toBeGreaterThan(40);
    expect(new Set(builders.map(([f]) => f.split('/')[0])).size).toBeGreaterThan(6);
  });

  it('has a snapshot test naming each builder (the paper lab’s: its catalogue)', () => {
    const missing = builders
      .filter(([file, name]) =>
        file.startsWith(PAPER_PLOTS)
          ? !named(
              name,
              PAPER_CATALOGUE.filter((f) => f !== file),
            )
          : !named(name, snapshotTests),
      )
      .map(([file, name]) => `${file}: ${name}`);
    expect(missing).toEqual([]);
  });
});
