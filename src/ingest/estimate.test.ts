import { describe, expect, it } from 'vitest';
import { DataError, type LoadSpec } from '../engine/index.ts';
import { estimateLoad } from './estimate.ts';
import { loadDataset, type LoadRequest } from './load.ts';
import { DEFAULT_BUDGET_BYTES } from './sizes.ts';
import type { InputFile } from './stream.ts';
import { dataInput } from './testing.ts';

const PL_ALL = 'planetlab-cloudsim/planetlab_all_10_days.csv.gz';
const AZ_MAX = 'azure-v1-datacentersim/microsoft_max_100.csv.gz';
const AZ_AVG = 'azure-v1-datacentersim/microsoft_avg_100.csv.gz';

/**
 * A wide CSV of integer percents generated as it is read (`rows` tasks × `cols` samples, mostly
 * small values as CPU percents are), claiming its true size; `pulled()` says how many bytes the code
 * under test read. Rows repeat with period 1,000 but for their ids, so the size is quick to sum.
 */
function generatedWide(rows: number, cols: number): InputFile & { pulled(): number } {
  const header = `id,${Array.from({ length: cols }, (_, t) => `t${t}`).join(',')}\n`;
  const bodies = Array.from({ length: Math.min(rows, 1000) }, (_, r) =>
    Array.from({ length: cols }, (_, t) => Math.floor(((r * 7 + t * 13) % 100) ** 3 / 1e4)).join(
      ',',
    ),
  );
  const line = (r: number) => `vm${r},${bodies[r % bodies.length]}\n`;
  let size = header.length;
  for (let r = 0; r < rows; r++) size += `vm${r},\n`.length;
  for (let r = 0; r < rows; r++) size += bodies[r % bodies.length].length;
  let pulled = 0;
  const enc = new TextEncoder();
  return {
    name: 'generated_wide.csv',
    size,
    pulled: () => pulled,
    open() {
      let r = -1;
      return new ReadableStream<Uint8Array>({
        pull(c) {
          if (r >= rows) return c.close();
          let text = r < 0 ? header : '';
          for (r = Math.max(r, 0); r < rows && text.length < 1 << 16; r++) text += line(r);
          const bytes = enc.encode(text);
          pulled += bytes.length;
          c.enqueue(bytes);
        },
      });
    },
  };
}

describe('the size estimate before a load', () => {
  it('a row-per-task file (PlanetLab, 10 days, gzip): tasks and samples within 10 % of the load', async () => {
    const spec: LoadSpec = { format: 'wide', unit: 'percent', scale: 0.25 };
    const e = await estimateLoad([await dataInput(PL_ALL)], spec, 1000, DEFAULT_BUDGET_BYTES);
    const real = await loadDataset([await dataInput(PL_ALL)], spec);
    expect(e).not.toBeNull();
    expect(e!.extrapolated).toBe(true);
    expect(Math.abs(e!.tasks / real.report.tasksKept - 1)).toBeLessThan(0.1);
    expect(Math.abs(e!.samples / real.report.samplesKept - 1)).toBeLessThan(0.1);
    expect(e!.poolBytes).toBe(e!.tasks * 1000 * 4);
  });

  it('a column-per-task file (Azure V1, gzip): the tasks stay the header’s, samples within 10 %', async () => {
    const spec: LoadSpec = { format: 'columns', unit: 'percent', scale: 0.25 };
    const e = await estimateLoad([await dataInput(AZ_MAX)], spec, 100, DEFAULT_BUDGET_BYTES);
    const real = await loadDataset([await dataInput(AZ_MAX)], spec);
    expect(e!.tasks).toBe(real.report.tasksKept);
    expect(Math.abs(e!.samples / real.report.samplesKept - 1)).toBeLessThan(0.1);
  });

  it('an inst file with its avg file: both series in the samples and in the pool', async () => {
    const spec: LoadSpec = { format: 'columns', unit: 'percent', scale: 0.25 };
    const inputs = async () => [await dataInput(AZ_MAX, 'inst'), await dataInput(AZ_AVG, 'avg')];
    const e = await estimateLoad(await inputs(), spec, 100, DEFAULT_BUDGET_BYTES);
    const real = await loadDataset(await inputs(), spec);
    expect(e!.tasks).toBe(real.report.tasksKept);
    expect(e!.poolBytes).toBe(real.report.tasksKept * 100 * 4 * 2);
    expect(Math.abs(e!.samples / (2 * real.report.samplesKept) - 1)).toBeLessThan(0.1);
  });

  it('a small file read whole gives the exact counts', async () => {
    const input = generatedWide(50, 20);
    const e = await estimateLoad([input], { format: 'wide', scale: 1 }, 10, DEFAULT_BUDGET_BYTES);
    expect(e).toMatchObject({ tasks: 50, samples: 1000, extrapolated: false, tasksThatFit: null });
  });

  it('a 1.5 GB wide CSV is refused after reading its first MiB, with the numbers and the ways out', async () => {
    const input = generatedWide(2_160_000, 278);
    expect(input.size).toBeGreaterThan(1.4e9);
    expect(input.size).toBeLessThan(1.6e9);
    const request: LoadRequest = {
      format: 'wide',
      unit: 'percent',
      scale: 0.25,
      budget: { bytes: DEFAULT_BUDGET_BYTES, realizations: 1000 },
    };
    const err = await loadDataset([input], request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataError);
    const message = (err as Error).message;
    expect(message).toMatch(/generated_wide\.csv: too large to load/);
    expect(message).toMatch(/≈ 2\.1\d M tasks, ≈ 6\d\d M samples/);
    expect(message).toMatch(/over the memory budget of 1\.5 GiB/);
    expect(message).toMatch(/load only the first [\d,]+ tasks/);
    expect(message).toMatch(/npm run cli -- reduce/);
    expect(input.pulled()).toBeLessThan(4 << 20);
  });

  it('the sample of tasks it offers fits the budget', async () => {
    const budget = { bytes: 64 * 2 ** 20, realizations: 1000 };
    const big = generatedWide(100_000, 100);
    const e = await estimateLoad([big], { format: 'wide', scale: 1 }, 1000, budget.bytes);
    expect(e!.totalBytes).toBeGreaterThan(budget.bytes);
    const fit = e!.tasksThatFit!;
    expect(fit).toBeGreaterThan(1000);
    const r = await loadDataset([generatedWide(100_000, 100)], {
      format: 'wide',
      scale: 1,
      maxTasks: fit,
      budget,
    });
    expect(r.report.tasksKept).toBe(fit);
    const capped = await estimateLoad(
      [generatedWide(100_000, 100)],
      { format: 'wide', scale: 1, maxTasks: fit },
      1000,
      budget.bytes,
    );
    expect(capped!.tasks).toBe(fit);
    expect(Math.abs(capped!.samples / (fit * 100) - 1)).toBeLessThan(0.05);
    expect(capped!.totalBytes).toBeLessThanOrEqual(budget.bytes);
  });
});
