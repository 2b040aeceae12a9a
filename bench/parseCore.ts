/**
 * Parsing throughput, shared by the Node suite (bench/parse.ts) and the browser module
 * (bench/parseBrowser.ts): the same inputs, the same parser, the same baseline in both.
 *
 * Inputs: the Google task_usage excerpt (10,000 real rows) repeated with later start times, and the
 * PlanetLab day (1,052 real rows × 288 integer percents) repeated, each to `targetBytes` of
 * uncompressed CSV. Ours: the engine's loader fed 1 MiB chunks (what the streaming layer does),
 * including `finish()` (grouping, filters, per-task arrays). Baseline: the straightforward way, as
 * slopack parsed wide CSV before: decode to one string, `split` lines and fields, `Number()` each
 * value, group into the same per-task arrays.
 */
import { createLoader, type LoadSpec, type SampleStorage } from '../src/engine/index.ts';
import { loadDataset } from '../src/ingest/load.ts';
import { bytesInput } from '../src/ingest/stream.ts';

export const GOOGLE_SPEC: LoadSpec = {
  format: 'google',
  filters: { minRecords: 1, dropAllZeroInst: false },
};
export const WIDE_SPEC: LoadSpec = { format: 'wide', unit: 'percent', scale: 0.25 };

/** The excerpt's data rows, repeated with start times 5 minutes later each round. */
export function googleInput(excerpt: string, targetBytes: number): Uint8Array {
  const rows = excerpt.split('\n').filter((l) => /^\d/.test(l));
  const parts: string[] = [];
  let size = 0;
  for (let round = 0; size < targetBytes; round++) {
    const start = String(600000000 + round * 300000000);
    const end = String(900000000 + round * 300000000);
    for (const row of rows) {
      const c1 = row.indexOf(',');
      const c2 = row.indexOf(',', c1 + 1);
      const line = `${start},${end}${row.slice(c2)}\n`;
      parts.push(line);
      size += line.length;
    }
  }
  return new TextEncoder().encode(parts.join(''));
}

/** The PlanetLab day's header once, then its rows repeated. */
export function wideInput(day: string, targetBytes: number): Uint8Array {
  const lines = day.split('\n').filter((l) => l.trim() !== '');
  const body = lines.slice(1).join('\n') + '\n';
  const parts = [lines[0] + '\n'];
  let size = parts[0].length;
  while (size < targetBytes) {
    parts.push(body);
    size += body.length;
  }
  return new TextEncoder().encode(parts.join(''));
}

const CHUNK = 1 << 20;

/** Ours: the engine loader, chunk by chunk; returns the tasks kept (so nothing is optimised away). */
export function parseOurs(
  bytes: Uint8Array,
  spec: LoadSpec,
  storage: SampleStorage = 'compact',
): number {
  const loader = createLoader(spec, storage);
  const sink = loader.file(spec.format === 'google' ? 'task_usage.csv' : 'wide.csv');
  for (let i = 0; i < bytes.length; i += CHUNK) sink.push(bytes.subarray(i, i + CHUNK));
  sink.end();
  const r = loader.finish();
  return r.report.tasksKept;
}

/** Baseline for Google rows: split + Number, grouped by task into Float64Arrays. */
export function parseNaiveGoogle(bytes: Uint8Array): number {
  const text = new TextDecoder().decode(bytes);
  const tasks = new Map<string, { inst: number[]; avg: number[] }>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const f = line.split(',');
    if (f.length !== 20) throw new Error('bad row');
    const start = Number(f[0]);
    const key = `${Number(f[2])}:${Number(f[3])}`;
    const avg = Number(f[5]);
    const inst = Number(f[19]);
    if (!(start >= 0 && avg >= 0 && inst >= 0)) throw new Error('bad value');
    let t = tasks.get(key);
    if (!t) tasks.set(key, (t = { inst: [], avg: [] }));
    t.inst.push(inst);
    t.avg.push(avg);
  }
  let n = 0;
  for (const t of tasks.values()) {
    Float64Array.from(t.inst);
    Float64Array.from(t.avg);
    n++;
  }
  return n;
}

/** Baseline for wide rows: split + Number into one Float64Array per row (the old parseWideCsv). */
export function parseNaiveWide(bytes: Uint8Array, first: number): number {
  const lines = new TextDecoder().decode(bytes).split(/\r?\n/);
  const width = lines[0].split(',').length;
  const rows: Float64Array[] = [];
  for (let l = 1; l < lines.length; l++) {
    if (lines[l] === '') continue;
    const parts = lines[l].split(',');
    if (parts.length !== width) throw new Error('bad row');
    const row = new Float64Array(width - first);
    for (let c = first; c < width; c++) {
      const v = Number(parts[c].trim());
      if (!(v >= 0 && v <= 100)) throw new Error('bad value');
      row[c - first] = (v / 100) * 0.25;
    }
    rows.push(row);
  }
  return rows.length;
}

export interface ParseTimings {
  readonly megabytes: number;
  /** MB/s of the best (fastest) of the timed runs, wall clock. */
  readonly ours: number;
  readonly baseline: number;
  /** The same from the process's CPU time, where the platform has it (Node), else null. */
  readonly oursCpu: number | null;
  readonly baselineCpu: number | null;
}

/** Milliseconds now, and CPU milliseconds of the process when the platform can tell (Node). */
export interface Clocks {
  wall(): number;
  cpu?: () => number;
}

const defaultClocks: Clocks = { wall: () => performance.now() };

/**
 * Best (smallest) wall and CPU milliseconds of `f` over `repeats` runs after one warm-up: on a
 * shared machine the fastest run is the one least disturbed by other processes.
 */
export function best(f: () => unknown, repeats: number, clocks: Clocks = defaultClocks) {
  f();
  let wall = Infinity;
  let cpu = Infinity;
  for (let i = 0; i < repeats; i++) {
    const t = timeOnce(f, clocks);
    wall = Math.min(wall, t.wall);
    if (t.cpu !== null) cpu = Math.min(cpu, t.cpu);
  }
  return { wall, cpu: clocks.cpu ? cpu : null };
}

/** Wall and CPU milliseconds of one call. */
export function timeOnce(f: () => unknown, clocks: Clocks = defaultClocks) {
  const c0 = clocks.cpu?.() ?? 0;
  const t0 = clocks.wall();
  f();
  const wall = clocks.wall() - t0;
  return { wall, cpu: clocks.cpu ? clocks.cpu() - c0 : null };
}

/**
 * MB/s (10^6 bytes of uncompressed CSV per second) of ours and of the baseline, best of
 * `repeats` runs each. The runs go in blocks, ours then the baseline, twice over, so both meet the
 * same load from other processes while neither is timed collecting the other's garbage (the
 * baseline leaves millions of strings behind) more than once per block.
 */
export function throughput(
  bytes: Uint8Array,
  ours: () => number,
  baseline: () => number,
  repeats: number,
  clocks: Clocks = defaultClocks,
): ParseTimings {
  if (ours() !== baseline()) throw new Error('ours and the baseline disagree on the task count');
  const mb = bytes.length / 1e6;
  const a = { wall: Infinity, cpu: Infinity };
  const b = { wall: Infinity, cpu: Infinity };
  const half = Math.ceil(repeats / 2);
  for (let round = 0; round < 2; round++)
    for (const [f, t] of [
      [ours, a],
      [baseline, b],
    ] as const)
      for (let i = 0; i < half; i++) {
        const r = timeOnce(f, clocks);
        t.wall = Math.min(t.wall, r.wall);
        if (r.cpu !== null) t.cpu = Math.min(t.cpu, r.cpu);
      }
  const cpu = clocks.cpu !== undefined;
  return {
    megabytes: mb,
    ours: mb / (a.wall / 1000),
    baseline: mb / (b.wall / 1000),
    oursCpu: cpu ? mb / (a.cpu / 1000) : null,
    baselineCpu: cpu ? mb / (b.cpu / 1000) : null,
  };
}

/** The real files the inputs are made from (text), as read by Node or fetched by the page. */
export interface ParseSources {
  readonly googleExcerpt: string;
  readonly planetlabDay: string;
  readonly gcdCpu: string;
}

export const SOURCE_URLS: Record<keyof ParseSources, string> = {
  googleExcerpt: '/data/google-2011-task-usage/task_usage_part-00000_first10000.csv',
  planetlabDay: '/data/planetlab-cloudsim/planetlab_20110303.csv',
  gcdCpu: '/data/google-2011-gcd-vms/gcd_vms_cpu_pct_wide.csv',
};

export interface ParseCase extends ParseTimings {
  readonly name: string;
}

/**
 * The three inputs: Google task_usage rows (20 columns, 5 read), wide PlanetLab rows (288 short
 * integers: the most values per byte, the hardest case) and wide GCD rows (288 decimals).
 */
export function runParse(
  src: ParseSources,
  targetBytes: number,
  repeats: number,
  clocks: Clocks = defaultClocks,
): ParseCase[] {
  const g = googleInput(src.googleExcerpt, targetBytes);
  const pl = wideInput(src.planetlabDay, targetBytes);
  const gcd = wideInput(src.gcdCpu, targetBytes);
  return [
    {
      name: 'Google task_usage',
      ...throughput(
        g,
        () => parseOurs(g, GOOGLE_SPEC),
        () => parseNaiveGoogle(g),
        repeats,
        clocks,
      ),
    },
    {
      name: 'wide, PlanetLab (integer %)',
      ...throughput(
        pl,
        () => parseOurs(pl, WIDE_SPEC),
        () => parseNaiveWide(pl, 2),
        repeats,
        clocks,
      ),
    },
    {
      name: 'wide, GCD (decimal %)',
      ...throughput(
        gcd,
        () => parseOurs(gcd, WIDE_SPEC),
        () => parseNaiveWide(gcd, 1),
        repeats,
        clocks,
      ),
    },
  ];
}

/**
 * The cost of coded storage: the same wide inputs loaded coded (the default) and as float64 arrays
 * per task, in the same run (the "baseline" of these cases is the float64 load).
 */
export function runStorage(
  src: ParseSources,
  targetBytes: number,
  repeats: number,
  clocks: Clocks = defaultClocks,
): ParseCase[] {
  const pl = wideInput(src.planetlabDay, targetBytes);
  const gcd = wideInput(src.gcdCpu, targetBytes);
  return [
    ['wide, PlanetLab (integer %): coded vs float64 storage', pl] as const,
    ['wide, GCD (decimal %): coded vs float64 storage', gcd] as const,
  ].map(([name, bytes]) => ({
    name,
    ...throughput(
      bytes,
      () => parseOurs(bytes, WIDE_SPEC),
      () => parseOurs(bytes, WIDE_SPEC, 'float64'),
      repeats,
      clocks,
    ),
  }));
}

async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function bestAsync(f: () => Promise<unknown>, repeats: number): Promise<number> {
  await f();
  let wall = Infinity;
  for (let i = 0; i < repeats; i++) {
    const t0 = performance.now();
    await f();
    wall = Math.min(wall, performance.now() - t0);
  }
  return wall;
}

/**
 * End to end through the streaming layer: the Google input gzipped, read from a Blob stream,
 * gunzipped by DecompressionStream and parsed chunk by chunk (MB/s of the uncompressed text).
 * Baseline: gunzip the whole file through the same DecompressionStream, then split + Number.
 */
export async function runStreamed(
  src: ParseSources,
  targetBytes: number,
  repeats: number,
): Promise<ParseCase> {
  const text = googleInput(src.googleExcerpt, targetBytes);
  const gz = await gzip(text);
  const ours = () => loadDataset([bytesInput('task_usage.csv.gz', gz)], GOOGLE_SPEC);
  const baseline = async () => {
    const stream = new Blob([gz as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip'));
    return parseNaiveGoogle(new Uint8Array(await new Response(stream).arrayBuffer()));
  };
  if ((await ours()).report.tasksKept !== (await baseline()))
    throw new Error('ours and the baseline disagree on the task count');
  const mb = text.length / 1e6;
  return {
    name: `Google task_usage from .csv.gz (${(gz.length / 1e6).toFixed(0)} MB) through the stream layer`,
    megabytes: mb,
    ours: mb / ((await bestAsync(ours, repeats)) / 1000),
    baseline: mb / ((await bestAsync(baseline, repeats)) / 1000),
    oursCpu: null,
    baselineCpu: null,
  };
}
