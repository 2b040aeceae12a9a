/** What the reduce tests (DuckDB, Dask) share: the CLI run in-process and the in-process loader. */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { createLoader, type GoogleOptions } from '../../engine/index.ts';
import { main } from '../main.ts';

/** Runs the CLI in this process; its exit code and printed lines. */
export async function cli(...args: string[]): Promise<{ code: number; out: string[] }> {
  const out: string[] = [];
  const code = await main(args, (s) => out.push(s));
  return { code, out };
}

/** Runs the CLI in this process; its exit code, printed lines and what it wrote to stderr. */
export async function cliWithErrors(...args: string[]) {
  const errors: string[] = [];
  const write = process.stderr.write;
  process.stderr.write = ((s: string) => (errors.push(String(s)), true)) as typeof write;
  try {
    return { ...(await cli(...args)), err: errors.join('') };
  } finally {
    process.stderr.write = write;
  }
}

/** The in-process loader on the same files (plain bytes, no streaming layer needed). */
export function inProcess(usage: string[], events: string[], options: GoogleOptions) {
  const loader = createLoader({ format: 'google', ...options });
  for (const [files, role] of [
    [usage, 'usage'],
    [events, 'events'],
  ] as const)
    for (const f of files) {
      const sink = loader.file(f, role);
      const raw = readFileSync(f);
      sink.push(f.endsWith('.gz') ? gunzipSync(raw) : raw);
      sink.end();
    }
  const r = loader.finish();
  if (r.kind !== 'samples') throw new Error('samples');
  return r;
}
