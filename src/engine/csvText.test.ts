import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, parseCsv, toCsv } from './csvText.ts';
import { parseTaskList, placementsCsv } from './timeline/index.ts';

/** The task names of the probe that a spreadsheet would run as formulas, and CSV breakers. */
export const HOSTILE_NAMES = [
  '=HYPERLINK("http://x.example/leak","y")',
  "+cmd|' /C calc'!A0",
  '@SUM(1)',
  '-2+3',
  '\tTAB',
  '\rCR',
  'a,b',
  'say "hi"',
  'two\nlines',
];

const neutral = (cell: string) => !/^[=+\-@\t\r]/.test(cell);

describe('the CSV writer', () => {
  it('neutralises formula cells, quotes per RFC 4180 and reads back one cell each', () => {
    const text = toCsv(HOSTILE_NAMES.map((name, i) => ({ name, n: i - 4 })));
    const records = parseCsv(text);
    expect(records).toHaveLength(HOSTILE_NAMES.length + 1);
    HOSTILE_NAMES.forEach((name, i) => {
      const [cell, n] = records[i + 1].cells;
      expect(neutral(cell)).toBe(true);
      expect(cell.replace(/^'/, '')).toBe(name);
      expect(n).toBe(String(i - 4));
    });
  });

  it('leaves numbers numeric, negative ones included', () => {
    expect(csvCell(-0.5)).toBe('-0.5');
    expect(csvCell(1e-7)).toBe('1e-7');
    expect(csvCell('-0.5')).toBe("'-0.5");
    expect(csvCell(null)).toBe('');
  });

  it('reads back any text written as one cell', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), (cells) => {
        const text = toCsv([Object.fromEntries(cells.map((c, i) => [`c${i}`, c]))]);
        const back = parseCsv(text)[1].cells;
        expect(back).toHaveLength(cells.length);
        back.forEach((b, i) => {
          expect(neutral(b)).toBe(true);
          expect(b === cells[i] || b === `'${cells[i]}`).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('names the line of an unclosed quote', () => {
    expect(() => parseCsv('a,b\n1,"x\n2,3\n')).toThrow(/never closed/);
  });
});

describe('simulate --placements', () => {
  it('writes hostile task names neutralised, and the task list reads RFC 4180 quoting', () => {
    const rows = HOSTILE_NAMES.map((name, i) => [name, i, 1, 0.1]);
    const list = toCsv(
      rows.map(([id, arrival_s, duration_s, cpu_frac]) => ({
        id,
        arrival_s,
        duration_s,
        cpu_frac,
      })),
    );
    const tasks = parseTaskList(list, 'hostile.csv');
    expect(tasks.count).toBe(HOSTILE_NAMES.length);
    const n = tasks.count;
    const out = placementsCsv(tasks, {
      machineOf: new Int32Array(n),
      start: Float64Array.from(tasks.arrival),
      end: Float64Array.from(tasks.arrival, (a) => a + 1),
    });
    const back = parseCsv(out).slice(1);
    expect(back).toHaveLength(n);
    for (const r of back) {
      expect(r.cells).toHaveLength(4);
      expect(neutral(r.cells[0])).toBe(true);
    }
  });

  it('refuses hex, NaN, empty and huge times, naming line, field and value', () => {
    const head = 'id,arrival_s,duration_s,cpu_frac\n';
    expect(() => parseTaskList(head + 'a,0x1F,1,0.1\n', 'x.csv')).toThrow(
      /line 2: field arrival_s: "0x1F" is not a decimal number/,
    );
    expect(() => parseTaskList(head + 'a,NaN,1,0.1\n', 'x.csv')).toThrow(/"NaN"/);
    expect(() => parseTaskList(head + 'a,,1,0.1\n', 'x.csv')).toThrow(/"" is empty/);
    expect(() => parseTaskList(head + 'a,1e308,1,0.1\n', 'x.csv')).toThrow(/not a time/);
    expect(() => parseTaskList(head + 'a,1,1,0.1\nb,1,1,0.1\na,2,1,0.1\n', 'x.csv')).toThrow(
      /line 4: field id: duplicate "a" \(first on line 2\)/,
    );
    expect(parseTaskList('\ufeff' + head + '"a,b",1,1,0.1\n', 'x.csv').ids).toEqual(['a,b']);
  });
});
