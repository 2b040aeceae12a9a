/**
 * The data commands: `reduce` (DuckDB) against the in-process loader on the same shards, `inspect`,
 * and `realize` on every format.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeCompact, parseNpy, type TaskSamples } from '../engine/index.ts';
import { readMatrix } from './io.ts';
import { SHARED } from './testing/peer.ts';
import { cli, cliWithErrors, inProcess } from './testing/reduce.ts';
import { syntheticShards as shardsIn } from './testing/shards.ts';
import { seriesAt, seriesList } from '../engine/index.ts';

const DATA = join(SHARED, 'data');
const G = join(DATA, 'google-2011-task-usage');
const USAGE = join(G, 'task_usage_part-00000_first10000.csv');
const EVENTS = join(G, 'task_events_part-00000_first20000.csv');
const SLICE = join(G, 'task_usage_slice_6tasks_17intervals.csv');
const dir = mkdtempSync(join(tmpdir(), 'slopack-ingest-'));
const syntheticShards = () => shardsIn(dir);

function readCompact(base: string) {
  return decodeCompact(
    readFileSync(base + '.json', 'utf8'),
    parseNpy(readFileSync(base + '.npy')),
    base + '.json',
  );
}

/** Same tasks, same float32 samples in the same order, same requests. */
function expectSameSamples(a: TaskSamples, b: TaskSamples) {
  expect(a.ids).toEqual(b.ids);
  const f32 = (x: Float64Array) => Array.from(Float32Array.from(x));
  expect(seriesList(a.inst).map(f32)).toEqual(seriesList(b.inst).map(f32));
  expect(seriesList(a.avg!).map(f32)).toEqual(seriesList(b.avg!).map(f32));
  if (a.requests || b.requests) {
    expect(Array.from(a.requests!.cpu)).toEqual(Array.from(b.requests!.cpu));
    expect(Array.from(a.requests!.memory)).toEqual(Array.from(b.requests!.memory));
  }
}

function counts(filters: readonly { id: string; count: number }[]) {
  return Object.fromEntries(filters.map((f) => [f.id, f.count]));
}

describe('reduce (DuckDB) gives what the in-process loader gives', () => {
  it('the task_usage excerpt with its task_events (≥ 1 record, the excerpt has one per task)', async () => {
    const out = join(dir, 'excerpt');
    const r = await cli(
      'reduce',
      '--usage',
      USAGE,
      '--events',
      EVENTS,
      '--out',
      out,
      '--min-records',
      '1',
    );
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.out[0]);
    const ours = inProcess([USAGE], [EVENTS], { filters: { minRecords: 1 } });
    const back = readCompact(out);
    expect(summary.tasks).toBe(2723);
    expectSameSamples(back.samples, ours.samples);
    expect(counts(back.sidecar.counts.filters)).toEqual(counts(ours.report.filters));
    expect(back.sidecar.counts.records).toBe(10000);
  });

  it('synthetic gzipped shards: ≥ 24 records, all-zero inst, avg > 1, failing events, requests, ties, an empty field', async () => {
    const { usage, events } = syntheticShards();
    const out = join(dir, 'synthetic');
    const r = await cli(
      'reduce',
      '--usage',
      join(dir, 'part-*-of-00500.csv.gz'),
      '--events',
      events[0],
      '--out',
      out,
    );
    expect(r.code).toBe(0);
    const ours = inProcess(usage, events, {});
    const back = readCompact(out);
    expectSameSamples(back.samples, ours.samples);
    const c = counts(ours.report.filters);
    expect(counts(back.sidecar.counts.filters)).toEqual(c);
    // every filter did something here, so the comparison covers them all
    for (const id of ['failed', 'minRecords', 'allZeroInst', 'avgReplaced', 'emptyCpu'])
      expect(c[id], id).toBeGreaterThan(0);
    expect(ours.samples.requests!.cpu.some((v) => v === 0.33)).toBe(true);
  });

  it('a seeded pick of N tasks, the same in SQL and in process', async () => {
    const { usage, events } = syntheticShards();
    const out = join(dir, 'picked');
    const r = await cli(
      'reduce',
      '--usage',
      usage.join(','),
      '--events',
      events[0],
      '--out',
      out,
      '--tasks',
      '12',
      '--seed',
      '5',
      '--keep-zero-inst',
    );
    expect(r.code).toBe(0);
    const ours = inProcess(usage, events, {
      filters: { dropAllZeroInst: false },
      sample: { tasks: 12, seed: 5 },
    });
    const back = readCompact(out);
    expect(back.samples.ids).toHaveLength(12);
    expectSameSamples(back.samples, ours.samples);
    expect(counts(back.sidecar.counts.filters)).toEqual(counts(ours.report.filters));
  });

  it('the excerpt and the slice as one dataset, through a folder glob; the result loads with inspect', async () => {
    const out = join(dir, 'both');
    const r = await cli(
      'reduce',
      '--usage',
      join(G, 'task_usage_*.csv'),
      '--out',
      out,
      '--min-records',
      '1',
      '--keep-zero-inst',
    );
    expect(r.code).toBe(0);
    const ours = inProcess([SLICE, USAGE].sort(), [], {
      filters: { minRecords: 1, dropAllZeroInst: false },
    });
    expectSameSamples(readCompact(out).samples, ours.samples);
    const shown = await cli('inspect', '--data', `${out}.json,${out}.npy`, '--json');
    const parsed = JSON.parse(shown.out[0]);
    expect(parsed.summary.tasks).toBe(ours.samples.ids.length);
    expect(parsed.report.format).toBe('compact');
  });

  it('--from-json: a BigQuery/Spark export of docs/reduce.sql (any row order, integers as strings) gives the same file', async () => {
    const { usage, events } = syntheticShards();
    const ours = inProcess(usage, events, {});
    const lines = ours.samples.ids.map((id, i) => {
      const [job, idx] = id.split(':');
      const cpu = ours.samples.requests!.cpu[i];
      return JSON.stringify({
        job_id: job,
        task_index: Number(idx),
        inst: Array.from(seriesAt(ours.samples.inst, i)),
        avg: Array.from(seriesAt(ours.samples.avg!, i)),
        cpu_request: Number.isNaN(cpu) ? null : cpu,
        memory_request: Number.isNaN(ours.samples.requests!.memory[i])
          ? null
          : ours.samples.requests!.memory[i],
      });
    });
    const half = Math.floor(lines.length / 2);
    writeFileSync(join(dir, 'export-000.json'), lines.slice(half).reverse().join('\n') + '\n');
    writeFileSync(
      join(dir, 'export-001.json.gz'),
      gzipSync(lines.slice(0, half).join('\n') + '\n'),
    );
    const out = join(dir, 'fromjson');
    const r = await cli('reduce', '--from-json', join(dir, 'export-*'), '--out', out);
    expect(r.code).toBe(0);
    expectSameSamples(readCompact(out).samples, ours.samples);
    writeFileSync(join(dir, 'broken.json'), lines[0] + '\n{"job_id": 1,\n');
    expect((await cli('reduce', '--from-json', join(dir, 'broken.json'), '--out', out)).code).toBe(
      1,
    );
    // A sample given as a string is a number only under the one rule ('' and hex are not).
    for (const text of ['', '0x0', ' ']) {
      const task = JSON.parse(lines[0]) as { inst: unknown[] };
      task.inst[1] = text;
      writeFileSync(join(dir, 'stringy.json'), JSON.stringify(task) + '\n');
      const r = await cliWithErrors(
        'reduce',
        '--from-json',
        join(dir, 'stringy.json'),
        '--out',
        out,
      );
      expect(r.code, JSON.stringify(text)).toBe(1);
      expect(r.err).toMatch(/stringy\.json.*inst\[1\] is not a non-negative number/s);
    }
  });

  it('with the paper’s filters the excerpt leaves nothing: exit 1 and the counts', async () => {
    const r = await cli('reduce', '--usage', USAGE, '--out', join(dir, 'none'));
    expect(r.code).toBe(1);
  });

  it('a value above 1 fails with its record named, unless --clamp', async () => {
    const f = join(dir, 'part-00009-of-00500.csv');
    writeFileSync(f, readFileSync(SLICE, 'utf8').replace(/,0\n/, ',1.5\n'));
    const r = await cli(
      'reduce',
      '--usage',
      f,
      '--out',
      join(dir, 'above'),
      '--min-records',
      '1',
      '--keep-zero-inst',
    );
    expect(r.code).toBe(1);
    const ok = await cli(
      'reduce',
      '--usage',
      f,
      '--out',
      join(dir, 'above'),
      '--min-records',
      '1',
      '--keep-zero-inst',
      '--clamp',
    );
    expect(ok.code).toBe(0);
    expect(counts(JSON.parse(ok.out[0]).filters).clamped).toBe(1);
  });
});

describe('inspect and realize on every format', () => {
  it('inspect prints per-filter counts and the first and last values', async () => {
    const r = await cli('inspect', '--data', USAGE, '--events', EVENTS, '--min-records', '1');
    expect(r.code).toBe(0);
    const text = r.out.join('\n');
    expect(text).toMatch(/filter allZeroInst: 7,277 tasks/);
    expect(text).toMatch(/tasks kept: 2,723/);
    expect(text).toMatch(/2705 of 2723 kept tasks have a CPU request/);
  });

  it('inspect --preset loads a built-in dataset', async () => {
    const r = await cli('inspect', '--preset', 'planetlab-20110303', '--json');
    const { summary, spec } = JSON.parse(r.out[0]);
    expect(summary.tasks).toBe(1052);
    expect(spec).toMatchObject({ format: 'wide', scale: 0.25 });
  });

  it('inspect --out writes the compact format that reloads to the same samples', async () => {
    const out = join(dir, 'azure');
    const az = join(DATA, 'azure-v1-datacentersim');
    const r = await cli(
      'inspect',
      '--data',
      join(az, 'microsoft_max_100.csv.gz'),
      '--avg-data',
      join(az, 'microsoft_avg_100.csv.gz'),
      '--out',
      out,
      '--json',
    );
    expect(r.code).toBe(0);
    const back = readCompact(out);
    expect(back.samples.ids).toHaveLength(100);
    expect(seriesAt(back.samples.inst, 0)).toHaveLength(8004);
    expect(seriesAt(back.samples.avg!, 0)[0]).toBe(Math.fround(44.459092 / 100));
  });

  it('realize takes a long CSV, a wide CSV and the compact format; same seed, same matrix from the compact copy', async () => {
    const bb = join(DATA, 'bitbrains-rnd/rnd_2013-7_vms1-100_cpu_mem.csv.gz');
    const x = join(dir, 'bb.npy');
    const r = await cli(
      'realize',
      '--data',
      bb,
      '--format',
      'long',
      '--value-column',
      'cpu_usage_pct',
      '--clamp',
      '--realizations',
      '100',
      '--out-inst',
      x,
    );
    expect(r.code).toBe(0);
    expect(readMatrix(x).rows).toBe(100);
    const out = join(dir, 'gcd');
    const gcd = join(DATA, 'google-2011-gcd-vms/gcd_vms_cpu_pct_wide.csv');
    await cli('inspect', '--data', gcd, '--out', out);
    const a = join(dir, 'a.npy');
    const b = join(dir, 'b.npy');
    await cli('realize', '--data', gcd, '--realizations', '50', '--seed', '3', '--out-inst', a);
    await cli(
      'realize',
      '--data',
      `${out}.json,${out}.npy`,
      '--realizations',
      '50',
      '--seed',
      '3',
      '--out-inst',
      b,
    );
    expect(Array.from(readMatrix(b).data)).toEqual(Array.from(readMatrix(a).data));
  });

  it('bad data: exit 1 with file, line and reason; a bad option: exit 2', async () => {
    const f = join(dir, 'bad.csv');
    writeFileSync(f, 'id,t0,t1\na,1,2\nb,3\n');
    expect((await cli('realize', '--data', f, '--out-inst', join(dir, 'x.npy'))).code).toBe(1);
    expect(
      (await cli('realize', '--data', f, '--format', 'tsv', '--out-inst', join(dir, 'x.npy'))).code,
    ).toBe(2);
    expect((await cli('inspect', '--data', join(dir, 'nothing-*.csv'))).code).toBe(1);
  });
});
