/**
 * `reduce --engine dask` against `reduce` on DuckDB and the in-process loader: the same compact
 * output (byte-identical samples, same ids, counts and requests) on the shared excerpts and on
 * synthetic shards that exercise every filter. The excerpt runs on the local cluster reduce starts
 * itself; the rest on one separately started cluster of two worker processes reached through
 * --scheduler (started once: each local cluster is three Pythons importing Dask).
 * Needs Python with Dask (scripts/ensurePython.mjs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeCompact, parseNpy, seriesList } from '../engine/index.ts';
import { daskPython } from './reduce/dask.ts';
import { SHARED } from './testing/peer.ts';
import { cli, inProcess } from './testing/reduce.ts';
import { syntheticShards } from './testing/shards.ts';

const G = join(SHARED, 'data', 'google-2011-task-usage');
const USAGE = join(G, 'task_usage_part-00000_first10000.csv');
const EVENTS = join(G, 'task_events_part-00000_first20000.csv');
const dir = mkdtempSync(join(tmpdir(), 'slopack-dask-test-'));

/** Runs reduce on both engines with the same arguments; returns both outputs' bases. */
async function both(name: string, args: string[], extra: string[] = []) {
  const duck = join(dir, `${name}-duckdb`);
  const dask = join(dir, `${name}-dask`);
  const a = await cli('reduce', ...args, '--out', duck);
  const b = await cli('reduce', ...args, '--out', dask, '--engine', 'dask', ...extra);
  expect(a.code).toBe(0);
  expect(b.code).toBe(0);
  return { duck, dask };
}

/** The two compact outputs are the same: .npy bytes, and the sidecar but for the tool's name. */
function expectSameOutput(duck: string, dask: string) {
  expect(Buffer.compare(readFileSync(duck + '.npy'), readFileSync(dask + '.npy'))).toBe(0);
  const a = JSON.parse(readFileSync(duck + '.json', 'utf8'));
  const b = JSON.parse(readFileSync(dask + '.json', 'utf8'));
  expect(a.source.tool).toMatch(/DuckDB/);
  expect(b.source.tool).toMatch(/Dask/);
  for (const x of [a, b]) {
    delete x.source.tool;
    delete x.samples;
  }
  expect(b).toEqual(a);
}

function decoded(base: string) {
  return decodeCompact(
    readFileSync(base + '.json', 'utf8'),
    parseNpy(readFileSync(base + '.npy')),
    base + '.json',
  );
}

describe('reduce on Dask gives what DuckDB and the in-process loader give', () => {
  it('finds a Python with Dask', () => {
    expect(daskPython()).toMatch(/python/);
  });

  // One worker in the local cluster reduce starts (each is a Python importing Dask): the two-worker
  // split is checked on the cluster below.
  it('the task_usage excerpt with its task_events', async () => {
    const { duck, dask } = await both(
      'excerpt',
      ['--usage', USAGE, '--events', EVENTS, '--min-records', '1'],
      ['--workers', '1'],
    );
    expectSameOutput(duck, dask);
    const ours = inProcess([USAGE], [EVENTS], { filters: { minRecords: 1 } });
    const back = decoded(dask).samples;
    expect(back.ids).toEqual(ours.samples.ids);
    const f32 = (x: Float64Array) => Array.from(Float32Array.from(x));
    expect(seriesList(back.inst).map(f32)).toEqual(seriesList(ours.samples.inst).map(f32));
    expect(seriesList(back.avg!).map(f32)).toEqual(seriesList(ours.samples.avg!).map(f32));
    expect(Array.from(back.requests!.cpu)).toEqual(Array.from(ours.samples.requests!.cpu));
  }, 240_000);
});

describe('reduce on a running Dask cluster (--scheduler)', () => {
  let cluster: ChildProcess | null = null;
  let address = '';
  const onCluster = ['--scheduler'];
  beforeAll(async () => {
    const script = `
import sys
from dask.distributed import LocalCluster
c = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, scheduler_port=0)
print(c.scheduler_address, flush=True)
sys.stdin.read()
`;
    cluster = spawn(daskPython(), ['-c', script], { stdio: ['pipe', 'pipe', 'ignore'] });
    address = await new Promise<string>((done, fail) => {
      cluster!.stdout!.on('data', (d: Buffer) => done(d.toString().trim()));
      cluster!.on('exit', (code) => fail(new Error(`cluster exited with ${code}`)));
    });
    onCluster.push(address);
  }, 120_000);
  // Closing its stdin ends the script, which stops its workers; SIGTERM if it has not after 30 s.
  afterAll(async () => {
    const child = cluster;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.stdin!.end();
    const stuck = setTimeout(() => child.kill('SIGTERM'), 30_000);
    await exited;
    clearTimeout(stuck);
  }, 60_000);

  it('synthetic gzipped shards (every filter acts) and a seeded pick, on its two workers', async () => {
    expect(address).toMatch(/^tcp:\/\//);
    const { usage, events } = syntheticShards(dir);
    const all = await both(
      'synthetic',
      ['--usage', usage.join(','), '--events', events[0]],
      onCluster,
    );
    expectSameOutput(all.duck, all.dask);
    const filters = decoded(all.dask).sidecar.counts.filters;
    for (const id of ['failed', 'minRecords', 'allZeroInst', 'avgReplaced', 'emptyCpu'])
      expect(filters.find((f) => f.id === id)?.count, id).toBeGreaterThan(0);
    const picked = await both(
      'picked',
      [
        '--usage',
        usage.join(','),
        '--events',
        events[0],
        '--tasks',
        '12',
        '--seed',
        '5',
        '--keep-zero-inst',
      ],
      onCluster,
    );
    expectSameOutput(picked.duck, picked.dask);
    expect(decoded(picked.dask).samples.ids).toHaveLength(12);
  }, 240_000);

  it('a bad value is refused with the file and the reason, as on DuckDB', async () => {
    const bad = join(dir, 'bad.csv');
    writeFileSync(
      bad,
      readFileSync(USAGE, 'utf8').replace(/\n(\d+,\d+,\d+,\d+,\d+,)[\d.]+,/, '\n$1-0.5,'),
    );
    const errors: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
      errors.push(String(s));
      return true;
    });
    try {
      for (const engine of ['duckdb', 'dask']) {
        const r = await cli(
          'reduce',
          '--usage',
          bad,
          '--out',
          join(dir, 'bad'),
          '--engine',
          engine,
          ...(engine === 'dask' ? onCluster : []),
        );
        expect(r.code).not.toBe(0);
      }
    } finally {
      spy.mockRestore();
    }
    const messages = errors.filter((e) => e.startsWith('slopack reduce'));
    expect(messages).toHaveLength(2);
    for (const m of messages)
      expect(m).toMatch(
        /bad\.csv: 1 record\(s\) with a non-finite \(NaN, Infinity\), negative, out-of-range or above-1 value/,
      );
  }, 120_000);
});
