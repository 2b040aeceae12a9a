/** Test helpers for the trace-format fixtures (src/engine/data/fixtures, made by make.py). */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createLoader, type LoadResult, type LoadSpec, type TaskSamples } from '../engine/index.ts';
import { naiveCsv } from './testing.ts';

export const FIXTURES = resolve(import.meta.dirname, '../engine/data/fixtures');

/** A fixture's bytes, gunzipped when its name says gzip (as the streaming layer does). */
export function fixture(rel: string): Uint8Array {
  const raw = readFileSync(resolve(FIXTURES, rel));
  return /\.(gz|tgz)$/.test(rel) ? gunzipSync(raw) : raw;
}

/** Loads files (name, bytes) through the engine in chunks of `chunk` bytes. */
export function run(spec: LoadSpec, files: [string, Uint8Array][], chunk = 4096): LoadResult {
  const loader = createLoader(spec);
  for (const [name, bytes] of files) {
    const sink = loader.file(name);
    for (let i = 0; i < bytes.length; i += chunk) sink.push(bytes.subarray(i, i + chunk));
    sink.end();
  }
  return loader.finish();
}

export function samples(r: LoadResult): TaskSamples {
  if (r.kind !== 'samples') throw new Error('expected samples');
  return r.samples;
}

/** Bitbrains VMs' first 24 rows from the shared long file, naively read: [timestamp, cores, pct]. */
export function bitbrainsSource(vms: readonly number[]): Map<number, number[][]> {
  const out = new Map<number, number[][]>(vms.map((v) => [v, []]));
  for (const row of naiveCsv('bitbrains-rnd/rnd_2013-7_vms1-100_cpu_mem.csv.gz').slice(1)) {
    const list = out.get(Number(row[0]));
    if (list && list.length < 24) list.push([Number(row[1]), Number(row[2]), Number(row[5])]);
  }
  return out;
}
