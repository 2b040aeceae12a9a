/**
 * Whole-file reads for the command line (task lists, placements, configs, `.npy.gz` matrices),
 * streamed: the file is read 1 MiB at a time and a `.gz` inflated chunk by chunk (fflate's
 * streaming `Gunzip`), so a gzip bomb, `/dev/zero` or a file of blank lines stops with a message
 * after a bounded read instead of growing first and failing later.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { basename } from 'node:path';
import { Gunzip } from 'fflate';
import { DataError, MAX_LINE_BYTES, inflateProblem } from '../engine/index.ts';

/** The `--memory-budget` default (GiB): what the caps below derive from when a command has none. */
export const DEFAULT_MEMORY_BUDGET_GIB = 8;

/**
 * What a whole-file read may hold: an eighth of the memory budget (the text is decoded and parsed
 * into rows beside it), within 64 MiB and 2 GiB (what Node reads of a plain file in one call).
 */
export function wholeFileCap(budgetGiB = DEFAULT_MEMORY_BUDGET_GIB): number {
  const share = budgetGiB > 0 ? (budgetGiB * 2 ** 30) / 8 : 2 ** 31;
  return Math.floor(Math.min(2 ** 31, Math.max(64 * 2 ** 20, share)));
}

interface WholeFileOptions {
  /** Bytes the read (inflated, for a `.gz`) may reach; default `wholeFileCap()`. */
  readonly cap?: number;
  /** Text of rows: a line past 16 MiB, or 16 MiB of blank lines or spaces without a row, stops it. */
  readonly text?: boolean;
}

const CHUNK = 1 << 20;
const GZIP_MAGIC = [0x1f, 0x8b];

/** Whether byte `b` is a space, a tab, a line break or NUL (nothing a row is made of). */
function isBlank(b: number): boolean {
  return b === 32 || b === 10 || b === 13 || b === 9 || b === 0;
}

/** Follows the text read so far: how long the open line is, how many bytes since a row-like byte. */
class TextGuard {
  private sinceNewline = 0;
  private blankRun = 0;

  constructor(private readonly file: string) {}

  check(chunk: Uint8Array, stored: number): void {
    const nl = chunk.lastIndexOf(10);
    this.sinceNewline = nl < 0 ? this.sinceNewline + chunk.length : chunk.length - nl - 1;
    let i = chunk.length - 1;
    while (i >= 0 && isBlank(chunk[i])) i--;
    this.blankRun = i < 0 ? this.blankRun + chunk.length : chunk.length - 1 - i;
    const read = `after ${stored.toLocaleString('en-US')} bytes read`;
    if (this.sinceNewline > MAX_LINE_BYTES)
      throw new DataError(
        this.file,
        null,
        `a line longer than ${MAX_LINE_BYTES} bytes (${read}): not a text file of rows; not read`,
      );
    if (this.blankRun > MAX_LINE_BYTES)
      throw new DataError(
        this.file,
        null,
        `${MAX_LINE_BYTES} bytes of blank lines, spaces or NUL bytes without a row (${read}); not read`,
      );
  }
}

/**
 * Compressed bytes inflated at a time: at gzip's ~1,030× at most, a piece makes ~16 MiB, so a
 * bomb is stopped within a piece of the cap or the ratio, not after a whole chunk's gigabyte.
 */
const PIECE = 16 * 1024;

/** Inflates `chunk` piece by piece; `fed` counts the compressed bytes handed over so far. */
function inflateInto(
  gunzip: Gunzip,
  chunk: Uint8Array,
  final: boolean,
  file: string,
  fed: { bytes: number },
): void {
  try {
    for (let at = 0; at < chunk.length; at += PIECE) {
      const piece = chunk.subarray(at, at + PIECE);
      fed.bytes += piece.length;
      gunzip.push(piece, final && at + PIECE >= chunk.length);
    }
  } catch (e) {
    if (e instanceof DataError) throw e;
    throw new DataError(file, null, `cannot decompress gzip: ${(e as Error).message}`);
  }
}

/** The last four bytes of a stream, after `chunk` follows those of what came before. */
function lastFour(before: Uint8Array, chunk: Uint8Array): Uint8Array {
  if (chunk.length >= 4) return chunk.slice(chunk.length - 4);
  const joined = new Uint8Array(before.length + chunk.length);
  joined.set(before);
  joined.set(chunk, before.length);
  return joined.slice(Math.max(0, joined.length - 4));
}

/**
 * A gzip member ends with its inflated length (mod 2³²): a file cut short ends with other bytes,
 * which fflate's streaming inflate does not always notice by itself.
 */
function checkTrailer(tail: Uint8Array, memberBytes: number, file: string): void {
  const size = tail.length === 4 ? new DataView(tail.buffer).getUint32(0, true) : -1;
  if (size !== memberBytes % 2 ** 32)
    throw new DataError(
      file,
      null,
      'cannot decompress gzip: the file ends before its last member does (truncated?)',
    );
}

/**
 * The whole of `path` (gunzipped when it starts with gzip's magic bytes), refused with a message
 * naming the file once it passes the cap, inflates past the shared ratio (`inflateProblem`), or,
 * as text, runs on without a row. A file that cannot be opened or read throws the system error.
 */
export function readWholeFile(path: string, options: WholeFileOptions = {}): Uint8Array {
  const cap = options.cap ?? wholeFileCap();
  const file = basename(path);
  const guard = options.text ? new TextGuard(file) : null;
  const parts: Uint8Array[] = [];
  let total = 0;
  const fed = { bytes: 0 };
  let gunzip: Gunzip | null = null;
  let memberStart = 0;
  let tail: Uint8Array = new Uint8Array(0);
  const keep = (data: Uint8Array) => {
    total += data.length;
    const problem = inflateProblem(total, gunzip ? fed.bytes : total, cap);
    if (problem) throw new DataError(file, null, problem);
    guard?.check(data, gunzip ? fed.bytes : total);
    if (data.length > 0) parts.push(data);
  };
  const fd = openSync(path, 'r');
  try {
    // One chunk read ahead: fflate notices a cut stream only when its last bytes come as final.
    let held: Uint8Array | null = null;
    for (;;) {
      const buf = new Uint8Array(CHUNK);
      const n = readSync(fd, buf, 0, CHUNK, null);
      tail = lastFour(tail, buf.subarray(0, n));
      if (held === null && n >= 2 && buf[0] === GZIP_MAGIC[0] && buf[1] === GZIP_MAGIC[1]) {
        gunzip = new Gunzip((data) => keep(data));
        gunzip.onmember = () => (memberStart = total);
      }
      if (!gunzip) {
        if (n === 0) break;
        keep(buf.subarray(0, n));
        held = buf;
        continue;
      }
      if (held) inflateInto(gunzip, held, n === 0, file, fed);
      if (n === 0) {
        checkTrailer(tail, total - memberStart, file);
        break;
      }
      held = buf.subarray(0, n);
    }
  } finally {
    closeSync(fd);
  }
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
