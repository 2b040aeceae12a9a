/**
 * Parsing throughput of the trace formats (Prometheus JSON, Alibaba, Azure V2, Google 2019 CSV and
 * JSON lines, Bitbrains), each against a naive parser measured in the same run. Inputs: the
 * fixtures (src/engine/data/fixtures, real values in the real layouts) repeated with later
 * timestamps to `targetBytes`; ours: the engine loader fed 1 MiB chunks, with `finish()`.
 * Baseline: decode to one string, `split` lines and fields (or `JSON.parse`), `Number()` each
 * value, group by task into arrays.
 */
import { createLoader, type LoadSpec, type SampleStorage } from '../src/engine/index.ts';
import { throughput, type Clocks, type ParseCase } from './parseCore.ts';

/** The fixtures the inputs are made from (paths under src/engine/data/fixtures, gunzipped). */
export const TRACE_FIXTURES = [
  'prometheus/query_range.json',
  'alibaba/container_usage.csv',
  'alibaba/container_meta.csv',
  'alibaba/machine_meta.csv',
  'azure2/vm_cpu_readings-file-1-of-195.csv.gz',
  'azure2/vmtable.csv',
  'google2019/instance_usage.csv',
  'google2019/instance_usage.json',
  'bitbrains/1.csv',
] as const;
export type TraceSources = Record<(typeof TRACE_FIXTURES)[number], string>;
const enc = (s: string) => new TextEncoder().encode(s);
const CHUNK = 1 << 20;

/** Rows repeated, `shift(row, round)` moving each round's timestamps later, to `targetBytes`. */
function repeatRows(
  rows: string[],
  targetBytes: number,
  shift: (row: string, round: number) => string,
) {
  const parts: string[] = [];
  let size = 0;
  for (let round = 0; size < targetBytes; round++)
    for (const row of rows) {
      const line = shift(row, round) + '\n';
      parts.push(line);
      size += line.length;
    }
  return parts.join('');
}

const field = (row: string, i: number, delim: string, f: (v: string) => string) =>
  row
    .split(delim)
    .map((v, k) => (k === i ? f(v) : v))
    .join(delim);

/** How `ours` stores samples: coded (the default) or float64 (`runTraceStorage`). */
let storage: SampleStorage = 'compact';

function ours(spec: LoadSpec, files: [string, Uint8Array][]): number {
  const loader = createLoader(spec, storage);
  for (const [name, bytes] of files) {
    const sink = loader.file(name);
    for (let i = 0; i < bytes.length; i += CHUNK) sink.push(bytes.subarray(i, i + CHUNK));
    sink.end();
  }
  return loader.finish().report.tasksKept;
}

/** Naive CSV: split, Number, Map of arrays; `id` and `value` pick the fields of a row. */
function naiveCsv(
  bytes: Uint8Array,
  delim: string,
  skip: number,
  id: (f: string[]) => string,
  value: (f: string[]) => number[],
) {
  const tasks = new Map<string, number[][]>();
  const lines = new TextDecoder().decode(bytes).split('\n');
  for (let i = skip; i < lines.length; i++) {
    if (lines[i] === '') continue;
    const f = lines[i].split(delim);
    const vs = value(f);
    let t = tasks.get(id(f));
    if (!t) tasks.set(id(f), (t = vs.map(() => [])));
    vs.forEach((v, k) => t![k].push(v));
  }
  return tasks.size;
}

/** The cases: each input built once, ours and the baseline timed on the same bytes. */
export function runTraceParse(
  sources: TraceSources,
  targetBytes: number,
  repeats: number,
  clocks?: Clocks,
): ParseCase[] {
  return traceCases(sources, targetBytes).map((c) => ({
    name: c.name,
    ...throughput(c.bytes, c.ours, c.baseline, repeats, clocks),
  }));
}

/**
 * The cost of coded storage on the trace formats: ours coded against ours keeping float64 arrays,
 * in the same run (the "baseline" of these cases).
 */
export function runTraceStorage(
  sources: TraceSources,
  targetBytes: number,
  repeats: number,
  clocks?: Clocks,
): ParseCase[] {
  const withStorage = (s: SampleStorage, f: () => number) => () => {
    storage = s;
    try {
      return f();
    } finally {
      storage = 'compact';
    }
  };
  return traceCases(sources, targetBytes).map((c) => ({
    name: `${c.name}: coded vs float64 storage`,
    ...throughput(
      c.bytes,
      withStorage('compact', c.ours),
      withStorage('float64', c.ours),
      repeats,
      clocks,
    ),
  }));
}

/**
 * The same in the browser, with the main thread's CPU time (`cpuMs`, read over the DevTools
 * protocol by bench/browser.ts) besides the wall clock: runs in blocks as `throughput` does.
 */
export async function runTraceParseAsync(
  sources: TraceSources,
  targetBytes: number,
  repeats: number,
  cpuMs: () => Promise<number>,
): Promise<ParseCase[]> {
  const out: ParseCase[] = [];
  for (const c of traceCases(sources, targetBytes)) {
    if (c.ours() !== c.baseline()) throw new Error(`${c.name}: ours and the baseline disagree`);
    const mb = c.bytes.length / 1e6;
    const best = [
      { wall: Infinity, cpu: Infinity },
      { wall: Infinity, cpu: Infinity },
    ];
    for (let round = 0; round < 2; round++)
      for (const [k, f] of [c.ours, c.baseline].entries())
        for (let i = 0; i < Math.ceil(repeats / 2); i++) {
          const c0 = await cpuMs();
          const t0 = performance.now();
          f();
          const wall = performance.now() - t0;
          const cpu = (await cpuMs()) - c0;
          best[k].wall = Math.min(best[k].wall, wall);
          best[k].cpu = Math.min(best[k].cpu, cpu);
        }
    out.push({
      name: c.name,
      megabytes: mb,
      ours: mb / (best[0].wall / 1000),
      baseline: mb / (best[1].wall / 1000),
      oursCpu: mb / (best[0].cpu / 1000),
      baselineCpu: mb / (best[1].cpu / 1000),
    });
  }
  return out;
}

interface TraceCase {
  name: string;
  bytes: Uint8Array;
  ours: () => number;
  baseline: () => number;
}

/** The inputs, each with ours and the baseline over the same bytes. */
function traceCases(sources: TraceSources, targetBytes: number): TraceCase[] {
  const text = (rel: (typeof TRACE_FIXTURES)[number]) => sources[rel];
  const cases: TraceCase[] = [];
  const add = (name: string, bytes: Uint8Array, ours: () => number, baseline: () => number) =>
    cases.push({ name, bytes, ours, baseline });

  const q = JSON.parse(text('prometheus/query_range.json'));
  const series = q.data.result as { metric: Record<string, string>; values: [number, string][] }[];
  const perSeries = Math.ceil(targetBytes / 40 / 300);
  const result = Array.from({ length: 300 }, (_, k) => {
    const s = series[k % series.length];
    return {
      metric: { ...s.metric, container: `${s.metric.container}-${k}` },
      values: Array.from({ length: perSeries }, (_, j) => [
        1372629804 + 300 * j,
        s.values[j % s.values.length][1],
      ]),
    };
  });
  const prom = enc(JSON.stringify({ status: 'success', data: { resultType: 'matrix', result } }));
  add(
    'Prometheus query_range JSON',
    prom,
    () =>
      ours({ format: 'prometheus', unit: 'cores', capacity: 8, idLabel: 'container' }, [
        ['q.json', prom],
      ]),
    () => {
      const d = JSON.parse(new TextDecoder().decode(prom));
      const tasks = new Map<string, number[]>();
      for (const s of d.data.result)
        tasks.set(
          s.metric.container,
          s.values.map((p: [number, string]) => Number(p[1]) / 8),
        );
      return tasks.size;
    },
  );

  const usage = repeatRows(
    text('alibaba/container_usage.csv').trim().split('\n'),
    targetBytes,
    (r, k) => field(r, 2, ',', (v) => String(Number(v) + k * 1e6)),
  );
  const ali = enc(usage);
  const meta = enc(text('alibaba/container_meta.csv'));
  const machines = enc(text('alibaba/machine_meta.csv'));
  add(
    'Alibaba container_usage',
    ali,
    () =>
      ours({ format: 'alibaba' }, [
        ['container_usage.csv', ali],
        ['container_meta.csv', meta],
        ['machine_meta.csv', machines],
      ]),
    () =>
      naiveCsv(
        ali,
        ',',
        0,
        (f) => f[0],
        (f) => [((Number(f[3]) / 100) * 4) / 96],
      ),
  );

  const az = enc(
    repeatRows(
      text('azure2/vm_cpu_readings-file-1-of-195.csv.gz').trim().split('\n'),
      targetBytes,
      (r, k) => field(r, 0, ',', (v) => String(Number(v) + k * 7200)),
    ),
  );
  const vmtable = enc(text('azure2/vmtable.csv'));
  add(
    'Azure V2 vm_cpu_readings',
    az,
    () =>
      ours({ format: 'azure2' }, [
        ['vm_cpu_readings-file-1.csv', az],
        ['vmtable.csv', vmtable],
      ]),
    () =>
      naiveCsv(
        az,
        ',',
        0,
        (f) => f[1],
        (f) => [Number(f[3]) / 100 / 64, Number(f[4]) / 100 / 64],
      ),
  );

  const gLines = text('google2019/instance_usage.csv').trim().split('\n');
  const gcsv = enc(
    gLines[0] +
      '\n' +
      repeatRows(gLines.slice(1), targetBytes, (r, k) =>
        field(r, 0, ',', (v) => String(Number(v) + k * 3e8)),
      ),
  );
  add(
    'Google 2019 instance_usage CSV',
    gcsv,
    () => ours({ format: 'google2019' }, [['instance_usage.csv', gcsv]]),
    () =>
      naiveCsv(
        gcsv,
        ',',
        1,
        (f) => `${f[2]}:${f[3]}`,
        (f) => [Number(f[12]), Number(f[8])],
      ),
  );
  const gjson = enc(
    repeatRows(text('google2019/instance_usage.json').trim().split('\n'), targetBytes, (r, k) =>
      r.replace(/"start_time": "(\d+)"/, (_, v) => `"start_time": "${Number(v) + k * 3e8}"`),
    ),
  );
  add(
    'Google 2019 instance_usage JSON lines',
    gjson,
    () => ours({ format: 'google2019' }, [['instance_usage.json', gjson]]),
    () => {
      const tasks = new Map<string, number[][]>();
      for (const l of new TextDecoder().decode(gjson).split('\n')) {
        if (!l) continue;
        const o = JSON.parse(l);
        const id = `${o.collection_id}:${o.instance_index}`;
        let t = tasks.get(id);
        if (!t) tasks.set(id, (t = [[], []]));
        t[0].push(Number(o.random_sample_usage.cpus));
        t[1].push(Number(o.average_usage.cpus));
      }
      return tasks.size;
    },
  );

  const bLines = text('bitbrains/1.csv').split('\r\n').filter(Boolean);
  const files: [string, Uint8Array][] = [];
  const perFile = 1e6;
  for (let n = 0; n * perFile < targetBytes; n++)
    files.push([
      `${n + 1}.csv`,
      enc(
        bLines[0] +
          '\r\n' +
          repeatRows(bLines.slice(1), perFile, (r, k) =>
            field(r, 0, ';\t', (v) => String(Number(v) + k * 7200)),
          ),
      ),
    ]);
  const all = new Uint8Array(files.reduce((s, [, b]) => s + b.length, 0));
  add(
    'Bitbrains per-VM files',
    all,
    () => ours({ format: 'bitbrains' }, files),
    () =>
      files.reduce(
        (s, [, b]) =>
          s +
          naiveCsv(
            b,
            ';\t',
            1,
            () => 'vm',
            (f) => [((Number(f[4]) / 100) * Number(f[1])) / 32],
          ),
        0,
      ),
  );
  return cases;
}
