// The preview names problems in the order a person fixes them: empty, format, content, unit.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../ingest/traceFixtures.ts';
import { preview } from './preview.ts';
import { formatEntries } from '../formats/registry.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const planetlabHead = readFileSync(
  resolve(
    import.meta.dirname,
    '../../../../../shared/data/planetlab-cloudsim/planetlab_20110303.csv',
  ),
).subarray(0, 65536);

describe('preview order: empty → format → content → unit', () => {
  it('an empty file is said to be empty, not of an unknown format', () => {
    const p = preview([{ name: 'empty.csv', head: new Uint8Array(0) }]);
    expect(p.error).toBe('empty.csv is empty (0 bytes): there is nothing to load');
    expect(p.spec).toBeNull();
  });

  it('garbage names the formats tried in words, briefly, then an example of each layout', () => {
    const p = preview([{ name: 'noise.bin', head: enc('\u0001\u0002zz\u0000\nqq\n') }]);
    expect(p.error).toMatch(
      /^noise\.bin: cannot tell the format\. If it is one of the formats below/,
    );
    expect(p.error).toMatch(/Prometheus/);
    expect(p.error).not.toMatch(/azure2|google2019|columns,/);
    const [first, ...examples] = p.error!.split('\n');
    expect(first.length).toBeLessThan(400);
    // A line naming each format (its example's lines indented below it), the binary ones last.
    const named = formatEntries().filter((e) => e.example).length + 1;
    expect(examples.filter((l) => !l.startsWith('  '))).toHaveLength(named);
  });

  it('a Prometheus error answer is named as such before anything about cores', () => {
    const p = preview([{ name: 'answer.json', head: fixture('prometheus/error.json') }]);
    expect(p.spec?.format).toBe('prometheus');
    expect(p.error).toMatch(/a Prometheus error response \(bad_data: invalid parameter/);
    expect(p.error).not.toMatch(/cores/);
  });

  it('a readable file in cores without the machine size: then the unit is what is wrong', () => {
    const p = preview([{ name: 'answer.json', head: fixture('prometheus/query_range.json') }]);
    expect(p.error).toMatch(/cores per machine needed/);
    const ok = preview([{ name: 'answer.json', head: fixture('prometheus/query_range.json') }], {
      coresPerMachine: 16,
    });
    expect(ok.error).toBeNull();
  });

  it('percent of a machine reads at task size 1 unless one is given (PlanetLab head)', () => {
    const p = preview([{ name: 'planetlab.csv', head: planetlabHead }]);
    expect(p.error).toBeNull();
    expect(p.spec).toMatchObject({ format: 'wide', unit: 'percent', scale: 1 });
    const q = preview([{ name: 'planetlab.csv', head: planetlabHead }], { scale: 0.25 });
    expect(q.rows[0].inst[0]).toBeCloseTo(p.rows[0].inst[0] * 0.25, 12);
  });

  it('first rows too few for the filters are a note, not an error: the whole file decides', () => {
    const head = readFileSync(
      resolve(
        import.meta.dirname,
        '../../../../../shared/data/google-2011-task-usage/task_usage_part-00000_first10000.csv',
      ),
    ).subarray(0, 8192);
    const p = preview([{ name: 'task_usage.csv', head }], { format: 'google' });
    expect(p.error).toBeNull();
    expect(p.warnings.join(' ')).toMatch(/first rows keep no task after the filters/);
  });
});
