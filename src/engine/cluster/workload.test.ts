import { describe, expect, it } from 'vitest';
import { loadShared } from '../../cli/commands/cluster/clusterData.ts';
import { naiveCsv } from '../../ingest/testing.ts';
import { DataError } from '../data/streams/errors.ts';
import { googleMemorySeries } from './googleMemory.ts';
import { alignResources } from './workload.ts';

describe('multi-resource loading', () => {
  it('Google task_usage: memory from column 7 per task, records in the CPU loader’s order', async () => {
    const s = await loadShared('google-task-usage');
    const rows = naiveCsv('google-2011-task-usage/task_usage_part-00000_first10000.csv').slice(1);
    const byId = new Map<string, { cpu: number[]; mem: number[] }>();
    for (const f of rows) {
      const e = byId.get(`${f[2]}:${f[3]}`) ?? { cpu: [], mem: [] };
      e.cpu.push(Number(f[19]));
      e.mem.push(Number(f[6]));
      byId.set(`${f[2]}:${f[3]}`, e);
    }
    expect(s.ids.length).toBeGreaterThan(1000);
    let checked = 0;
    s.ids.forEach((id, i) => {
      const e = byId.get(id)!;
      if (e.cpu.length !== 1) return;
      expect(s.samples[0][i][0]).toBe(e.cpu[0]);
      expect(s.samples[1][i][0]).toBe(e.mem[0]);
      checked++;
    });
    expect(checked).toBeGreaterThan(1000);
    expect(s.requests).toHaveLength(2);
  });
  it('Bitbrains: CPU and memory per VM with equal sample counts, requests = provisioned sizes', async () => {
    const s = await loadShared('bitbrains-rnd');
    expect(s.ids).toHaveLength(100);
    s.ids.forEach((_, i) => expect(s.samples[1][i].length).toBe(s.samples[0][i].length));
    const rows = naiveCsv('bitbrains-rnd/rnd_2013-7_vms1-100_cpu_mem.csv.gz').slice(1);
    const first = rows.find((f) => f[0] === s.ids[0])!;
    expect(s.samples[1][0][0]).toBeCloseTo(Number(first[7]) / 536303616, 12);
    expect(s.requests![0][0]).toBeCloseTo(Number(first[2]) / 32, 12);
  });
  it('names a task whose resources do not line up', () => {
    const a = { ids: ['x', 'y'], inst: [Float64Array.of(1, 2), Float64Array.of(3)] };
    const b = { ids: ['y', 'x'], inst: [Float64Array.of(3, 4), Float64Array.of(1, 2)] };
    expect(() => alignResources(['cpu', 'mem'], [a, b])).toThrow(
      /task "y": 1 cpu samples but 2 mem samples/,
    );
    expect(() => alignResources(['cpu', 'mem'], [a, { ids: ['x'], inst: [a.inst[0]] }])).toThrow(
      /task "y" has cpu samples but no mem/,
    );
  });
  it('a bad memory value names file and line', () => {
    const line = (mem: string) =>
      ['0', '1', '7', '0', '5', '0.1', mem, ...new Array(12).fill('0'), '0.1'].join(',');
    expect(() => googleMemorySeries(`${line('0.2')}\n${line('1.5')}\n`, 'u.csv')).toThrow(
      DataError,
    );
    expect(() => googleMemorySeries(`${line('0.2')}\n${line('1.5')}\n`, 'u.csv')).toThrow(
      /u\.csv, line 2: canonical memory usage \(column 7\) 1\.5/,
    );
  });
});
