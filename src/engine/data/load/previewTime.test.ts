import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { dataPath } from '../../../ingest/testing.ts';
import { preview } from './preview.ts';

const lines = gunzipSync(readFileSync(dataPath('bitbrains-rnd/rnd_2013-7_vms1-100_cpu_mem.csv.gz')))
  .toString()
  .split('\n');
const header = lines[0];
const rowsOf = (vm: string) => lines.filter((l) => l.startsWith(`${vm},`)).slice(0, 200);
const timeOf = (row: string) => Number(row.split(',')[1]);
const file = (name: string, rows: string[]) => ({
  name,
  head: new TextEncoder().encode([header, ...rows].join('\n') + '\n'),
});
const previewOf = (...files: ReturnType<typeof file>[]) =>
  preview(files, { format: 'long', timeColumn: 'timestamp_s' });
const axisOf = (...files: ReturnType<typeof file>[]) => {
  const p = previewOf(...files);
  if (!p.timeAxis?.fileSteps.length) expect(p.error).toBeNull();
  return p.timeAxis!;
};
const medianGap = (rows: string[]) => {
  const gaps = rows.slice(1).map((r, k) => timeOf(r) - timeOf(rows[k]));
  gaps.sort((a, b) => a - b);
  const m = gaps.length >> 1;
  return gaps.length % 2 ? gaps[m] : (gaps[m - 1] + gaps[m]) / 2;
};

describe('the time axis of a preview, on Bitbrains VMs', () => {
  const one = rowsOf('1');
  const two = rowsOf('2');

  it('names each file and its step when the steps differ', () => {
    const sparse = two.filter((_, k) => k % 2 === 0);
    const three = rowsOf('3');
    const axis = axisOf(
      file('every-step.csv', one),
      file('every-other.csv', sparse),
      file('third.csv', three),
    );
    expect(axis.fileSteps).toEqual([
      { file: 'every-step.csv', step: medianGap(one) },
      { file: 'every-other.csv', step: medianGap(sparse) },
      { file: 'third.csv', step: medianGap(three) },
    ]);
    expect(medianGap(sparse)).toBeGreaterThan(1.5 * medianGap(one));
    expect(axis.offSteps.map((s) => [s.series, s.file])).toContainEqual(['2', 'every-other.csv']);
    expect(previewOf(file('every-step.csv', one), file('every-other.csv', sparse)).error).toBe(
      `different sampling steps in one load: every-step.csv every ${medianGap(one)} s, every-other.csv every ${medianGap(sparse)} s; load them separately, or give the step to bucket every series to it`,
    );
  });

  it('finds no common instant for series one after the other, and no overlap', () => {
    const shift = timeOf(one.at(-1)!) - timeOf(two[0]) + 3600;
    const later = two.map((r) =>
      r.replace(/^(\d+),(\d+)/, (_, vm, t) => `${vm},${Number(t) + shift}`),
    );
    const axis = axisOf(file('a.csv', one), file('b.csv', later));
    expect(axis.fileSteps).toEqual([]);
    expect(axis.common).toBeNull();
    expect(axis.overlap.map((o) => o.share)).toEqual([0, 0]);
  });

  it('counts a series starting inside the range and names it with its coverage', () => {
    const late = two.slice(150);
    const axis = axisOf(file('a.csv', one), file('b.csv', late));
    const start = Math.min(timeOf(one[0]), timeOf(late[0]));
    const end = Math.max(timeOf(one.at(-1)!), timeOf(late.at(-1)!));
    const instants = Math.round((end - start) / axis.step!) + 1;
    expect(axis.startInside).toBe([one, late].filter((r) => timeOf(r[0]) > start).length);
    expect(axis.leastCovered[0]).toEqual({ series: '2', coverage: late.length / instants });
    expect(axis.common).toEqual({
      start: timeOf(late[0]),
      end: Math.min(timeOf(one.at(-1)!), timeOf(late.at(-1)!)),
    });
  });
});
