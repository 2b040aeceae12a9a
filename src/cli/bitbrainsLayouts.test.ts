/**
 * One trace, two layouts, one load: the bundled Bitbrains long CSV and the same samples written
 * back as the trace is published (a `.tar.gz` of one `;\t` file per VM, all 100 VMs) give the same
 * series, task for task and sample for sample, through the command line's loading path; repeated
 * timestamps are merged by the same rule in both and counted in both reports.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DataError, preview, seriesAt, type LoadResult } from '../engine/index.ts';
import { BITBRAINS_LONG, longRows, perVmFiles, tarGz } from './testing/bitbrainsLayout.ts';
import { dataPath } from '../ingest/testing.ts';
import { parseOptions } from './args.ts';
import { dataOptions, loadFromOptions } from './io.ts';
import { cli } from './testing/reduce.ts';

const dir = mkdtempSync(join(tmpdir(), 'slopack-bitbrains-'));
const LONG = dataPath(BITBRAINS_LONG);
/** The preset's reading of the long CSV: a VM's percent × its cores, over a 32-core machine. */
const LONG_OPTIONS = [
  '--format',
  'long',
  '--id-column',
  'vm_id',
  '--value-column',
  'cpu_usage_pct',
  '--scale-column',
  'cpu_cores',
  '--time-column',
  'timestamp_s',
  '--unit',
  'percent',
  '--scale',
  '0.03125',
  '--clamp',
];

async function load(args: string[]): Promise<Extract<LoadResult, { kind: 'samples' }>> {
  const r = await loadFromOptions(parseOptions(args, dataOptions), {}, { times: true });
  if (r.kind !== 'samples') throw new Error('expected samples');
  return r;
}

/** Rows of the long file repeating their VM's previous timestamp, read naively. */
function naiveRepeats(): { total: number; vms: Set<string> } {
  let total = 0;
  const vms = new Set<string>();
  let previous = '';
  for (const [vm, time] of longRows()) {
    if (`${vm},${time}` === previous) {
      total++;
      vms.add(vm);
    }
    previous = `${vm},${time}`;
  }
  return { total, vms };
}

describe('Bitbrains Rnd as published (per-VM .tar.gz) and as the bundled long CSV', () => {
  const archive = join(dir, 'rnd_vms.tar.gz');
  let long: Awaited<ReturnType<typeof load>>;
  let perVm: Awaited<ReturnType<typeof load>>;
  beforeAll(async () => {
    const files = perVmFiles();
    expect(files).toHaveLength(100);
    writeFileSync(archive, tarGz(files));
    long = await load(['--data', LONG, ...LONG_OPTIONS]);
    perVm = await load(['--data', archive]);
  });

  it('the same series, task for task, sample for sample, time for time', () => {
    expect(perVm.report.format).toBe('bitbrains');
    expect(perVm.samples.ids).toEqual(long.samples.ids);
    expect(perVm.samples.ids).toHaveLength(100);
    for (let t = 0; t < 100; t++) {
      const id = long.samples.ids[t];
      const a = seriesAt(long.samples.inst, t);
      const b = seriesAt(perVm.samples.inst, t);
      expect(b.length, `VM ${id}`).toBe(a.length);
      for (let k = 0; k < a.length; k++)
        if (a[k] !== b[k]) expect([id, k, b[k]]).toEqual([id, k, a[k]]);
      expect(Array.from(perVm.samples.times![t]), `VM ${id}`).toEqual(
        Array.from(long.samples.times![t]),
      );
    }
    expect(perVm.report.samplesKept).toBe(long.report.samplesKept);
  });

  it('both merge the repeated timestamps the file holds, the same count, and say so', () => {
    const { total, vms } = naiveRepeats();
    expect([...vms].sort()).toEqual(['20', '54']);
    expect(long.report.samplesKept).toBe(832073 - total);
    const merged = new RegExp(`^${total} repeated timestamp\\(s\\) with the same values merged`);
    expect(long.report.notes.filter((n) => merged.test(n))).toHaveLength(1);
    expect(perVm.report.notes.filter((n) => merged.test(n))).toHaveLength(1);
    // The CPU columns of every repeat are the same (5 differ in memory only, not loaded).
    for (const r of [long, perVm]) expect(r.report.notes.join()).not.toMatch(/other values/);
  });

  it('both clamp the same values above 100 % of the VM, and count them', () => {
    const above = longRows().filter(([, , , , , pct]) => Number(pct) > 100).length;
    expect(above).toBeGreaterThan(0);
    const count = (r: LoadResult, id: string) => r.report.filters.find((f) => f.id === id)?.count;
    // Counted as read: a repeat above 100 % is counted before it is merged, in both layouts.
    expect(count(long, 'clamped')).toBe(above);
    expect(count(perVm, 'clampedToVm')).toBe(above);
    expect(perVm.report.notes.join()).toMatch(/timestamps read as seconds in 100 files/);
  });

  it('the page’s preview of the archive’s first MiB reads its whole members only', () => {
    const head = gunzipSync(readFileSync(archive)).subarray(0, 1 << 20);
    const p = preview([{ name: 'rnd_vms.tar.gz', head, truncated: true }]);
    expect(p.error).toBeNull();
    expect(p.spec?.format).toBe('bitbrains');
    expect(p.report!.tasksKept).toBeGreaterThan(0);
    expect(p.report!.tasksKept).toBeLessThan(100);
  });

  it('inspect prints the merge count; --duplicates refuse refuses, naming the file and both lines', async () => {
    // VM 20 holds repeats: its file alone, and its rows alone as a long CSV, are enough.
    const vm20 = join(dir, 'rnd_vm20.tar.gz');
    writeFileSync(vm20, tarGz(perVmFiles('rnd/2013-7', false, ['20'])));
    const r = await cli('inspect', '--data', vm20);
    expect(r.code).toBe(0);
    expect(r.out.join('\n')).toMatch(
      /note: \d+ repeated timestamp\(s\) with the same values merged/,
    );
    const e = await load(['--data', vm20, '--duplicates', 'refuse']).catch((x) => x);
    expect(e).toBeInstanceOf(DataError);
    expect(e.message).toMatch(
      /rnd_vm20\.tar\.gz\/rnd\/2013-7\/20\.csv, line \d+: task rnd\/20: duplicated timestamp \d+ \(also at line \d+\)/,
    );
    const longVm20 = join(dir, 'rnd_vm20.csv');
    const header =
      'vm_id,timestamp_s,cpu_cores,cpu_capacity_mhz,cpu_usage_mhz,cpu_usage_pct,mem_capacity_kb,mem_usage_kb';
    const rows = longRows().filter(([vm]) => vm === '20');
    writeFileSync(longVm20, [header, ...rows.map((x) => x.join(','))].join('\n') + '\n');
    const l = await load(['--data', longVm20, ...LONG_OPTIONS, '--duplicates', 'refuse']).catch(
      (x) => x,
    );
    expect(l).toBeInstanceOf(DataError);
    expect(l.message).toMatch(/task 20: duplicated timestamp \d+ \(also at line \d+\)/);
  });
});

describe('the per-VM layout in milliseconds, and the fastStorage set beside Rnd', () => {
  const vms = perVmFiles('rnd/2013-7', false, ['1', '2', '3']);
  it('timestamps in milliseconds are told apart and kept in seconds: the same series', async () => {
    const seconds = join(dir, 's.tar.gz');
    const ms = join(dir, 'ms.tar.gz');
    writeFileSync(seconds, tarGz(vms));
    writeFileSync(ms, tarGz(perVmFiles('rnd/2013-7', true, ['1', '2', '3'])));
    const a = await load(['--data', seconds]);
    const b = await load(['--data', ms]);
    expect(b.samples.ids).toEqual(['1', '2', '3']);
    for (let t = 0; t < 3; t++) {
      expect(Array.from(seriesAt(b.samples.inst, t))).toEqual(
        Array.from(seriesAt(a.samples.inst, t)),
      );
      expect(Array.from(b.samples.times![t])).toEqual(Array.from(a.samples.times![t]));
    }
    expect(b.report.notes.join()).toMatch(/timestamps read as milliseconds in 3 files/);
  });

  it('a load holding both sets names the VMs by set (they are numbered apart)', async () => {
    const both = join(dir, 'both.tar.gz');
    const fast = perVmFiles('fastStorage/2013-8', false, ['1', '2']);
    writeFileSync(both, tarGz([...vms, ...fast]));
    const r = await load(['--data', both]);
    expect(r.samples.ids).toEqual(['rnd/1', 'rnd/2', 'rnd/3', 'fastStorage/1', 'fastStorage/2']);
    const only = join(dir, 'fast.tar.gz');
    writeFileSync(only, tarGz(fast));
    expect((await load(['--data', only])).samples.ids).toEqual(['1', '2']);
  });
});
