import { describe, expect, it } from 'vitest';
import { fixture } from '../../../ingest/traceFixtures.ts';
import { createLoader, type LoadSpec } from '../load/loader.ts';
import { formatEntries, formatOf } from './registry.ts';

const text = (s: string) => new TextEncoder().encode(s);

/** A small load of each format, its files as [name, bytes]: the trace fixtures and a few CSVs. */
const LOADS: [LoadSpec, [string, Uint8Array][]][] = [
  [{ format: 'wide', scale: 1 }, [['w.csv', text('id,t0,t1\na,10,20\nb,30,40\n')]]],
  [{ format: 'columns', scale: 1 }, [['c.csv', text('time,a,b\n0,10,20\n300,30,40\n')]]],
  [
    { format: 'long', scale: 1, idColumn: 'vm_id', valueColumn: 'cpu', timeColumn: 't' },
    [['l.csv', text('vm_id,t,cpu\na,0,10\na,300,20\nb,0,30\n')]],
  ],
  [{ format: 'prometheus', capacity: 8 }, [['q.json', fixture('prometheus/query_range.json')]]],
  [
    { format: 'alibaba', coresPerMachine: 96 },
    [
      ['container_usage.csv', fixture('alibaba/container_usage.csv')],
      ['container_meta.csv', fixture('alibaba/container_meta.csv')],
    ],
  ],
  [
    { format: 'azure2' },
    [
      ['vm_cpu_readings.csv', fixture('azure2/vm_cpu_readings-file-1-of-195.csv.gz')],
      ['vmtable.csv', fixture('azure2/vmtable.csv')],
    ],
  ],
  [{ format: 'google2019' }, [['instance_usage.csv', fixture('google2019/instance_usage.csv')]]],
  [{ format: 'bitbrains' }, [['1.csv', fixture('bitbrains/1.csv')]]],
];

describe('the format registry', () => {
  it('names each format once, with a title, in the order the page and the command line list them', () => {
    const ids = formatEntries().map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 3)).toEqual(['google', 'wide', 'columns']);
    for (const e of formatEntries()) expect(e.title.length).toBeGreaterThan(10);
  });

  it('has detection rules at distinct ranks, so no two formats tie', () => {
    const ranks = formatEntries().flatMap((e) => e.detect.map((r) => r.rank));
    expect(new Set(ranks).size).toBe(ranks.length);
  });

  it.each(LOADS)('%o: what a load keeps is what its entry declares', (spec, files) => {
    const entry = formatOf(spec);
    const loader = createLoader(spec, 'compact', { times: true });
    for (const [name, bytes] of files) {
      const sink = loader.file(name);
      sink.push(bytes);
      sink.end();
    }
    const r = loader.finish();
    if (r.kind !== 'samples') throw new Error('expected samples');
    expect(r.samples.ids.length).toBeGreaterThan(0);
    expect(r.samples.times !== undefined).toBe(entry.timeAxis.kind !== 'steps');
    if (r.samples.avg) expect(entry.carries.avg).toBe(true);
    if (r.samples.requests) expect(entry.carries.requests).toBe(true);
    for (const [name] of files)
      expect(entry.roles).toContain(
        r.report.files.find((f) => f.name === name)?.role ?? entry.roles[0],
      );
  });
});
