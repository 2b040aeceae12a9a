/**
 * The trace formats on fixtures in their real layouts (written by fixtures/make.py from
 * ../shared/data): each is detected, and its numbers equal a naive reading of the shared source
 * values the fixture was made from (an independent computation, not the code under test).
 */
import { describe, expect, it } from 'vitest';
import { naiveCsv } from '../../ingest/testing.ts';
import { bitbrainsSource, fixture, run, samples } from '../../ingest/traceFixtures.ts';
import { detectFormat } from './load/detect.ts';
import { seriesAt, seriesList } from './samples/samples.ts';

const close = (got: Float64Array, want: number[], digits = 12) => {
  expect(got.length).toBe(want.length);
  want.forEach((w, k) => expect(got[k]).toBeCloseTo(w, digits));
};

describe('Bitbrains per-VM files', () => {
  const files = ['1', '2', '3'].map(
    (v) => [`${v}.csv`, fixture(`bitbrains/${v}.csv`)] as [string, Uint8Array],
  );
  it('is detected and gives percent × cores / 32 per VM, as the source', () => {
    expect(detectFormat('1.csv', files[0][1])?.format).toBe('bitbrains');
    const s = samples(run({ format: 'bitbrains' }, files, 97));
    const src = bitbrainsSource([1, 2, 3]);
    expect(s.ids).toEqual(['1', '2', '3']);
    s.ids.forEach((id, t) =>
      close(
        seriesAt(s.inst, t),
        src.get(Number(id))!.map(([, c, p]) => ((p / 100) * c) / 32),
      ),
    );
  });
  it('reads the same from a .zip and a .tar.gz, naming the unrelated file it skipped', () => {
    const plain = samples(run({ format: 'bitbrains' }, files));
    for (const name of ['rnd-2013-7.zip', 'rnd-2013-7.tar.gz']) {
      const bytes = fixture(`bitbrains/${name}`);
      expect(detectFormat(name, bytes)?.format).toBe('bitbrains');
      const r = run({ format: 'bitbrains' }, [[name, bytes]], 333);
      expect(samples(r).ids).toEqual(plain.ids);
      seriesList(samples(r).inst).forEach((x, t) =>
        expect(Array.from(x)).toEqual(Array.from(seriesAt(plain.inst, t))),
      );
      expect(r.report.notes.join()).toMatch(/skipped in archives.*README\.txt/);
    }
  });
  it('absolute: CPU usage [MHZ] over a capacity', () => {
    const s = samples(run({ format: 'bitbrains', unit: 'absolute', capacity: 83200 }, files));
    const mhz = new TextDecoder()
      .decode(files[0][1])
      .split('\r\n')
      .slice(1, 25)
      .map((l) => Number(l.split(';\t')[3]));
    close(
      seriesAt(s.inst, 0),
      mhz.map((v) => v / 83200),
    );
  });
});

describe('Prometheus', () => {
  const src = bitbrainsSource([82, 27, 24]);
  const cores = (id: string) => src.get(Number(id))!.map(([, c, p]) => (p * c) / 100);
  it('query_range JSON: one task per series, cores / cores per machine', () => {
    const bytes = fixture('prometheus/query_range.json');
    expect(detectFormat('query_range.json', bytes)?.format).toBe('prometheus');
    const s = samples(
      run(
        { format: 'prometheus', unit: 'cores', capacity: 8, idLabel: 'container' },
        [['q.json', bytes]],
        100,
      ),
    );
    expect(s.ids).toEqual(['vm82', 'vm27', 'vm24']);
    s.ids.forEach((id, t) =>
      close(
        seriesAt(s.inst, t),
        cores(id.slice(2)).map((c) => c / 8),
      ),
    );
  });
  it('the byte scanner and the JSON parser read a response alike (values before metric: parser)', () => {
    const bytes = fixture('prometheus/query_range.json');
    const doc = JSON.parse(new TextDecoder().decode(bytes));
    doc.data.result = doc.data.result.map((s: { metric: object; values: unknown }) => ({
      values: s.values,
      metric: s.metric,
    }));
    const swapped = new TextEncoder().encode(JSON.stringify(doc));
    const spec = { format: 'prometheus', capacity: 8, idLabel: 'container' } as const;
    const a = samples(run(spec, [['a.json', bytes]]));
    const b = samples(run(spec, [['b.json', swapped]]));
    expect(b.ids).toEqual(a.ids);
    expect(seriesList(b.inst).map((x) => Array.from(x))).toEqual(
      seriesList(a.inst).map((x) => Array.from(x)),
    );
  });
  it('without idLabel a task is named by all its labels', () => {
    const s = samples(
      run({ format: 'prometheus', capacity: 8 }, [
        ['q.json', fixture('prometheus/query_range.json')],
      ]),
    );
    expect(s.ids[0]).toBe('container=vm82,namespace=bitbrains,pod=vm82-0');
  });
  it('CSV export with a timestamp column: column-per-task in cores', () => {
    const bytes = fixture('prometheus/export.csv');
    expect(detectFormat('export.csv', bytes)?.format).toBe('columns');
    const s = samples(
      run({ format: 'columns', unit: 'cores', capacity: 8, scale: 1 }, [['export.csv', bytes]]),
    );
    const n = Math.min(...[82, 27, 24].map((v) => src.get(v)!.length));
    s.ids.forEach((id, t) =>
      close(
        seriesAt(s.inst, t),
        cores(id.slice(2))
          .slice(0, n)
          .map((c) => c / 8),
      ),
    );
  });
});

describe('Alibaba v2018', () => {
  it('container_usage with container_meta and machine_meta: pct of the request / 96 cores', () => {
    const usage = fixture('alibaba/container_usage.csv');
    expect(detectFormat('container_usage.csv', usage)?.format).toBe('alibaba');
    expect(detectFormat('part.csv', usage)?.format).toBe('alibaba');
    const r = run({ format: 'alibaba' }, [
      ['container_usage.csv', usage],
      ['container_meta.csv', fixture('alibaba/container_meta.csv')],
      ['machine_meta.csv', fixture('alibaba/machine_meta.csv')],
    ]);
    const s = samples(r);
    const src = bitbrainsSource([82, 27, 24]);
    expect(s.ids).toEqual(['c_82', 'c_27', 'c_24']);
    s.ids.forEach((id, t) =>
      close(
        seriesAt(s.inst, t),
        src
          .get(Number(id.slice(2)))!
          .slice(0, seriesAt(s.inst, t).length)
          .map(([, c, p]) => (p * c) / 100 / 96),
        7,
      ),
    );
    expect(r.report.notes.join()).toMatch(/cores per machine: 96/);
  });
});

describe('Azure V2', () => {
  it('readings (gz, no header) with vmtable: max as inst, avg as avg, × cores / 64', () => {
    const readings = fixture('azure2/vm_cpu_readings-file-1-of-195.csv.gz');
    expect(detectFormat('vm_cpu_readings-file-1-of-195.csv.gz', readings)?.format).toBe('azure2');
    expect(detectFormat('r.csv', readings)?.format).toBe('azure2');
    const r = run({ format: 'azure2' }, [
      ['vm_cpu_readings-file-1-of-195.csv', readings],
      ['vmtable.csv', fixture('azure2/vmtable.csv')],
    ]);
    const s = samples(r);
    const max = naiveCsv('azure-v1-datacentersim/microsoft_max_100.csv.gz');
    const avg = naiveCsv('azure-v1-datacentersim/microsoft_avg_100.csv.gz');
    const coresOf = [2, 4, 8, 32];
    for (let j = 0; j < 4; j++) {
      close(
        seriesAt(s.inst, j),
        max.slice(1, 25).map((row) => ((Number(row[j + 1]) / 100) * coresOf[j]) / 64),
      );
      close(
        seriesAt(s.avg!, j),
        avg.slice(1, 25).map((row) => ((Number(row[j + 1]) / 100) * coresOf[j]) / 64),
      );
    }
    expect(r.report.notes.join()).toMatch(/">24" core bucket read as 32/);
  });
});

describe('Google 2019 instance_usage', () => {
  it('CSV and JSON lines give the same tasks and the 2011 source values', () => {
    const csv = fixture('google2019/instance_usage.csv');
    const json = fixture('google2019/instance_usage.json');
    expect(detectFormat('instance_usage.csv', csv)?.format).toBe('google2019');
    expect(detectFormat('instance_usage.json', json)?.format).toBe('google2019');
    const a = samples(run({ format: 'google2019' }, [['i.csv', csv]]));
    const b = samples(run({ format: 'google2019' }, [['i.json', json]], 77));
    expect(b.ids).toEqual(a.ids);
    seriesList(a.inst).forEach((x, t) =>
      expect(Array.from(seriesAt(b.inst, t))).toEqual(Array.from(x)),
    );
    seriesList(a.avg!).forEach((x, t) =>
      expect(Array.from(seriesAt(b.avg!, t))).toEqual(Array.from(x)),
    );
    const src = naiveCsv('google-2011-task-usage/task_usage_part-00000_first10000.csv').slice(
      1,
      41,
    );
    const want = new Map<string, { inst: number[]; avg: number[] }>();
    for (const row of src) {
      const e = want.get(`${row[2]}:${row[3]}`) ?? { inst: [], avg: [] };
      e.inst.push(Number(row[19]));
      e.avg.push(Number(row[5]));
      want.set(`${row[2]}:${row[3]}`, e);
    }
    expect(a.ids).toEqual([...want.keys()]);
    a.ids.forEach((id, t) => {
      expect(Array.from(seriesAt(a.inst, t))).toEqual(want.get(id)!.inst);
      expect(Array.from(seriesAt(a.avg!, t))).toEqual(want.get(id)!.avg);
    });
  });
});

describe('through the streaming layer, format auto-detected', () => {
  it('gzip readings, a .tar.gz and a .zip load as the plain files do', async () => {
    const { loadDataset } = await import('../../ingest/load.ts');
    const { blobInput } = await import('../../ingest/stream.ts');
    const { openAsBlob } = await import('node:fs');
    const { FIXTURES } = await import('../../ingest/traceFixtures.ts');
    const input = async (rel: string) =>
      blobInput(await openAsBlob(`${FIXTURES}/${rel}`), rel.replace(/^.*\//, ''));
    const azure = await loadDataset(
      [
        await input('azure2/vm_cpu_readings-file-1-of-195.csv.gz'),
        await input('azure2/vmtable.csv'),
      ],
      { format: 'auto' },
    );
    expect(azure.spec.format).toBe('azure2');
    const plain = samples(
      run({ format: 'azure2' }, [
        ['r.csv', fixture('azure2/vm_cpu_readings-file-1-of-195.csv.gz')],
        ['vmtable.csv', fixture('azure2/vmtable.csv')],
      ]),
    );
    expect(seriesList(samples(azure).inst).map((x) => Array.from(x))).toEqual(
      seriesList(plain.inst).map((x) => Array.from(x)),
    );
    const direct = samples(
      run({ format: 'bitbrains' }, [
        ['1.csv', fixture('bitbrains/1.csv')],
        ['2.csv', fixture('bitbrains/2.csv')],
        ['3.csv', fixture('bitbrains/3.csv')],
      ]),
    );
    for (const name of ['bitbrains/rnd-2013-7.tar.gz', 'bitbrains/rnd-2013-7.zip']) {
      const r = await loadDataset([await input(name)], { format: 'auto' });
      expect(r.spec.format).toBe('bitbrains');
      expect(samples(r).ids).toEqual(direct.ids);
      expect(seriesList(samples(r).inst).map((x) => Array.from(x))).toEqual(
        seriesList(direct.inst).map((x) => Array.from(x)),
      );
    }
  });
});
