/**
 * The 1.5 GB wide CSV the big-file tests read (the page's in e2e/bigfiles.spec.ts whole, the command
 * line's in src/cli/bigWideCsv.test.ts its first quarter): 2.16 M tasks × 278 integer percents,
 * mostly small. It is the same every time, so it is kept in the temp folder between runs and found
 * again by its size; both suites may ask for it at once (each writes to its own temporary name,
 * renamed when complete).
 */
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DIR = join(tmpdir(), 'slopack-bigfiles');
export const BIG_WIDE_CSV = join(DIR, 'wide_1p5GB.csv');
const BIG_ROWS = 2_160_000;
export const BIG_COLS = 278;

const HEADER = `vm,${Array.from({ length: BIG_COLS }, (_, t) => `t${t}`).join(',')}\n`;
const BODIES = Array.from({ length: 997 }, (_, r) =>
  Array.from({ length: BIG_COLS }, (_, t) => Math.floor(((r * 7 + t * 13) % 100) ** 3 / 1e4)).join(
    ',',
  ),
);
const rowText = (r: number) => `vm${r},${BODIES[r % BODIES.length]}\n`;

/** The size in bytes a file of `rows` rows must have (all ASCII), to tell a complete copy from a partial one. */
function expectedSize(rows: number): number {
  let size = HEADER.length;
  for (let r = 0; r < rows; r++) size += `vm${r},`.length + BODIES[r % BODIES.length].length + 1;
  return size;
}

interface BigFile {
  readonly path: string;
  readonly size: number;
  readonly seconds: number;
  readonly cached: boolean;
}

async function writeBigFile(path: string, rows: number): Promise<BigFile> {
  const t0 = Date.now();
  const size = expectedSize(rows);
  if (existsSync(path) && statSync(path).size === size)
    return { path, size, seconds: 0, cached: true };
  mkdirSync(DIR, { recursive: true });
  const partial = `${path}.${process.pid}.part`;
  const out = createWriteStream(partial);
  out.write(HEADER);
  for (let r = 0; r < rows;) {
    let block = '';
    for (const end = Math.min(rows, r + 2000); r < end; r++) block += rowText(r);
    if (!out.write(block)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  renameSync(partial, path);
  return { path, size: statSync(path).size, seconds: (Date.now() - t0) / 1000, cached: false };
}

const written = new Map<number, Promise<BigFile>>();
/**
 * The first `rows` rows of the big file as a file of their own (the whole of it by default),
 * written once per process for every test that reads it (and kept for later runs).
 */
export function bigWideCsv(rows = BIG_ROWS): Promise<BigFile> {
  const path = rows === BIG_ROWS ? BIG_WIDE_CSV : join(DIR, `wide_${rows}_rows.csv`);
  let file = written.get(rows);
  if (!file) written.set(rows, (file = writeBigFile(path, rows)));
  return file;
}
