/**
 * Ingestion: parsing throughput in MB/s of uncompressed CSV, for the Google task_usage
 * format and the wide format, in Node and in headless Chromium, each beside a naive split + Number
 * parser measured in the same run (see bench/parseCore.ts for the inputs and the baseline).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openBrowser } from './browser.ts';
import type { BenchFigure, BenchSuite } from './figure.ts';
import {
  SOURCE_URLS,
  runParse,
  runStorage,
  runStreamed,
  type ParseCase,
  type ParseSources,
} from './parseCore.ts';
import { gunzipSync } from 'node:zlib';
import {
  TRACE_FIXTURES,
  runTraceParse,
  runTraceStorage,
  type TraceSources,
} from './parseTraces.ts';

function traceSources(): TraceSources {
  const dir = resolve(import.meta.dirname, '../src/engine/data/fixtures');
  return Object.fromEntries(
    TRACE_FIXTURES.map((rel) => {
      const raw = readFileSync(resolve(dir, rel));
      return [rel, (rel.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8')];
    }),
  ) as TraceSources;
}

// PARSE_BENCH_MB shortens a development run; the published figures use the default.
const TARGET_BYTES = Number(process.env.PARSE_BENCH_MB ?? 64) * 1e6;
const REPEATS = 6;

function figures(where: string, cases: ParseCase[]): BenchFigure[] {
  return cases.map((c) => ({
    ...figure(where, c),
    ...(c.name.includes('storage') ? { note: storageNote(c) } : {}),
  }));
}

function storageNote(c: ParseCase): string {
  return (
    `${c.megabytes.toFixed(0)} MB, best of ${REPEATS}; baseline: the same loader keeping float64 arrays` +
    (c.oursCpu === null
      ? ''
      : `; by CPU time ${c.oursCpu.toFixed(0)} vs ${c.baselineCpu!.toFixed(0)} MB/s`)
  );
}

function figure(where: string, c: ParseCase): BenchFigure {
  return {
    name: `parse ${c.name}, ${where}`,
    value: c.ours,
    unit: 'MB/s',
    baseline: c.baseline,
    ratio: c.ours / c.baseline,
    note:
      `${c.megabytes.toFixed(0)} MB, best of ${REPEATS}; baseline: split + Number` +
      (c.oursCpu === null
        ? ''
        : `; by CPU time ${c.oursCpu.toFixed(0)} vs ${c.baselineCpu!.toFixed(0)} MB/s`),
  };
}

const nodeCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export const parse: BenchSuite = {
  name: 'parse',
  description:
    'CSV parsing throughput (MB/s of uncompressed text, 1 MiB chunks into the engine loader) vs a naive split + Number parser',
  async run() {
    const publicDir = resolve(import.meta.dirname, '../public');
    const src = Object.fromEntries(
      Object.entries(SOURCE_URLS).map(([k, url]) => [k, readFileSync(publicDir + url, 'utf8')]),
    ) as unknown as ParseSources;
    const node = runParse(src, TARGET_BYTES, REPEATS, {
      wall: () => performance.now(),
      cpu: nodeCpu,
    });
    node.push(await runStreamed(src, TARGET_BYTES, REPEATS));
    node.push(
      ...runStorage(src, TARGET_BYTES, REPEATS, { wall: () => performance.now(), cpu: nodeCpu }),
    );
    const traces = traceSources();
    node.push(
      ...runTraceParse(traces, TARGET_BYTES, REPEATS, {
        wall: () => performance.now(),
        cpu: nodeCpu,
      }),
    );
    node.push(
      ...runTraceStorage(traces, TARGET_BYTES, REPEATS, {
        wall: () => performance.now(),
        cpu: nodeCpu,
      }),
    );
    const browser = await openBrowser();
    try {
      const chromium = await browser.run<ParseCase[]>('/bench/parseBrowser.ts', {
        targetBytes: TARGET_BYTES,
        repeats: REPEATS,
        traces,
      });
      return [...figures('Node', node), ...figures('Chromium', chromium)];
    } finally {
      await browser.close();
    }
  },
};
