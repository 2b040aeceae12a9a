/** The first bytes of a file for an estimate, decompressed when it is gzip. */
import { DataError } from '../engine/index.ts';
import type { InputFile } from './stream.ts';

/** Bytes of the first data file loaded for the estimate. */
const ESTIMATE_HEAD_BYTES = 1 << 20;

/**
 * The first bytes of a file (decompressed) and the stored bytes they came from: a plain file's
 * first `ESTIMATE_HEAD_BYTES`; for gzip, the output of its first `ESTIMATE_HEAD_BYTES / 8` stored
 * bytes (a decompressor reads ahead, so a prefix of known length is inflated on its own).
 */
export async function readHead(
  input: InputFile,
  signal: AbortSignal | undefined,
): Promise<{ head: Uint8Array; storedBytes: number }> {
  signal?.throwIfAborted();
  let raw: ReadableStream<Uint8Array>;
  try {
    raw = await input.open();
  } catch (e) {
    if (e instanceof DataError) throw e;
    throw new DataError(input.name, null, `cannot open: ${(e as Error).message}`);
  }
  const prefix = await readPrefix(raw, ESTIMATE_HEAD_BYTES, signal);
  const gzip = prefix.length >= 2 && prefix[0] === 0x1f && prefix[1] === 0x8b;
  if (!gzip) return { head: prefix, storedBytes: prefix.length };
  const stored = prefix.subarray(0, ESTIMATE_HEAD_BYTES / 8);
  const inflated = await gunzipPrefix(stored, ESTIMATE_HEAD_BYTES * 8);
  return { head: inflated, storedBytes: stored.length };
}

async function readPrefix(
  raw: ReadableStream<Uint8Array>,
  bytes: number,
  signal: AbortSignal | undefined,
): Promise<Uint8Array> {
  const reader = raw.getReader();
  const out = new Uint8Array(bytes);
  let filled = 0;
  try {
    while (filled < bytes) {
      const r = await reader.read();
      signal?.throwIfAborted();
      if (r.done) break;
      const n = Math.min(r.value.length, bytes - filled);
      out.set(r.value.subarray(0, n), filled);
      filled += n;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return out.subarray(0, filled);
}

/** What `stored` (a gzip prefix) inflates to, up to `limit` bytes; the cut tail is ignored. */
async function gunzipPrefix(stored: Uint8Array, limit: number): Promise<Uint8Array> {
  const ds = new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>;
  const writer = ds.writable.getWriter();
  writer.write(stored).catch(() => {});
  writer.close().catch(() => {});
  const reader = ds.readable.getReader();
  const out = new Uint8Array(limit);
  let filled = 0;
  try {
    while (filled < limit) {
      const r = await reader.read();
      if (r.done) break;
      const n = Math.min(r.value.length, limit - filled);
      out.set(r.value.subarray(0, n), filled);
      filled += n;
    }
  } catch {
    // The prefix ends mid-stream: what came out before is the head.
  } finally {
    await reader.cancel().catch(() => {});
  }
  return out.subarray(0, filled);
}
