/**
 * The streaming layer over Web Streams (browsers and Node ≥ 20 alike): a file is read chunk by
 * chunk, gunzipped on the fly through `DecompressionStream('gzip')` when its first bytes are gzip's,
 * and pushed into an engine `ChunkSink`, with progress and cancel (`AbortSignal`). Nothing here
 * keeps a chunk after pushing it, so memory is what the parser keeps, not the file size.
 */
import { DataError, inflateProblem, type ChunkSink } from '../engine/index.ts';
import { isCancelled } from '../protocol/cancel.ts';
import { bytes as sizeText, type LoadEstimate, type ParseLimit } from './sizes.ts';

/** A file to read: a name for messages, a way to open it as a byte stream, its size if known. */
export interface InputFile {
  readonly name: string;
  /** Compressed size in bytes, when known (for progress). */
  readonly size?: number;
  /** Which file of the dataset this is (usage/events, inst/avg, ...); inferred from the name if absent. */
  readonly role?: string;
  /** The range (unix s) a server was asked for, when the input is its answer. */
  readonly asked?: { readonly start: number; readonly end: number };
  open(): ReadableStream<Uint8Array> | Promise<ReadableStream<Uint8Array>>;
}

export interface Progress {
  readonly file: string;
  /** 0-based index of the file among the dataset's files, and their number. */
  readonly fileIndex: number;
  readonly files: number;
  /** Bytes read from the file as stored (compressed if gzip). */
  readonly bytesRead: number;
  /** The file's stored size, when known. */
  readonly size: number | undefined;
  /** Bytes handed to the parser (decompressed). */
  readonly bytesParsed: number;
  readonly done: boolean;
  /** What is being done: checking the files' SHA-256, or reading them (the default). */
  readonly phase?: 'hashing' | 'reading';
  /** The load's size estimate, once known. */
  readonly estimate?: LoadEstimate | null;
}

export interface StreamControl {
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: Progress) => void;
  /** Minimum bytes between two progress calls (default 1 MiB); the last call always comes. */
  readonly progressEvery?: number;
  /**
   * What the parsers may be handed (decompressed), counting `spent` bytes the load's earlier files
   * took; past it the load stops with a message naming the file (`sizes.ts` `parseLimit`).
   */
  readonly maxParsed?: ParseLimit & { readonly spent?: number };
}

/** A cancelled load rejects with the signal's reason, an `AbortError` by default (see `isCancelled`). */
function cancelError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('load cancelled', 'AbortError');
}

/** An input from bytes in memory (tests, uploads already read). */
export function bytesInput(name: string, bytes: Uint8Array, role?: string): InputFile {
  return {
    name,
    size: bytes.length,
    role,
    open: () => new Blob([bytes as BlobPart]).stream(),
  };
}

/** An input from a `File` or `Blob` (browser uploads; Node's `fs.openAsBlob`). */
export function blobInput(blob: Blob, name?: string, role?: string): InputFile {
  return {
    name: name ?? (blob as Blob & { name?: string }).name ?? 'file',
    size: blob.size,
    role,
    open: () => blob.stream(),
  };
}

/** An input fetched from a URL (presets under /data/...); HTTP errors become `DataError`s. */
export function urlInput(
  url: string,
  role?: string,
  fetcher: (url: string, init?: RequestInit) => Promise<Response> = fetch,
  signal?: AbortSignal,
): InputFile {
  const name = decodeURIComponent(url.replace(/[?#].*$/, '').replace(/^.*\//, ''));
  // The size is known once the response's headers are (so progress can count against it).
  let size: number | undefined;
  return {
    name,
    role,
    get size() {
      return size;
    },
    async open() {
      const res = await fetcher(url, signal ? { signal } : undefined);
      if (!res.ok || !res.body)
        throw new DataError(
          name,
          null,
          `cannot fetch ${url}: HTTP ${res.status} ${res.statusText}`,
        );
      const length = Number(res.headers.get('content-length'));
      if (length > 0 && !res.headers.get('content-encoding')) size = length;
      return res.body;
    },
  };
}

/** An input from any ready byte stream (e.g. a `Response.body`); it can be opened once. */
export function streamInput(
  name: string,
  stream: ReadableStream<Uint8Array>,
  size?: number,
  role?: string,
): InputFile {
  let used = false;
  return {
    name,
    size,
    role,
    open() {
      if (used) throw new DataError(name, null, 'this stream was already read');
      used = true;
      return stream;
    },
  };
}

const GZIP = [0x1f, 0x8b];
/** Bytes parsed between two turns of the event loop (so Cancel stops a load within a chunk or so). */
const YIELD_EVERY = 1 << 20;

/** The next turn of the event loop: a message to ourselves (a timer would be clamped to 4 ms). */
function nextTask(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return new Promise((r) => setTimeout(r, 0));
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}

/**
 * Reads `input` into `sink` (then `sink.end()`), gunzipping when the data starts with gzip's magic
 * bytes. Rejects with a `DataError` naming the file (and the line reached, for a broken gzip), or
 * with the cancel error when `signal` aborts; either way the source stream is cancelled.
 */
export async function pump(
  input: InputFile,
  sink: ChunkSink & { readonly line?: number },
  control: StreamControl = {},
  position: { fileIndex: number; files: number } = { fileIndex: 0, files: 1 },
): Promise<{ bytesRead: number; bytesParsed: number; gzip: boolean }> {
  const { signal, onProgress } = control;
  const every = control.progressEvery ?? 1 << 20;
  signal?.throwIfAborted();
  let raw: ReadableStream<Uint8Array>;
  try {
    raw = await input.open();
  } catch (e) {
    if (e instanceof DataError || isCancelled(e)) throw e;
    throw new DataError(input.name, null, `cannot open: ${(e as Error).message}`);
  }
  let bytesRead = 0;
  let bytesParsed = 0;
  const rawReader = raw.getReader();
  const first = await peekFirst(rawReader, input.name, signal);
  const gzip =
    first !== undefined && first.length >= 2 && first[0] === GZIP[0] && first[1] === GZIP[1];
  let pending = first;
  const counted = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (pending) {
          bytesRead += pending.length;
          controller.enqueue(pending);
          pending = undefined;
          return;
        }
        const r = await rawReader.read();
        if (r.done) controller.close();
        else {
          bytesRead += r.value.length;
          controller.enqueue(r.value);
        }
      },
      cancel(reason) {
        return rawReader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  const source = gzip
    ? counted.pipeThrough(
        new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>,
      )
    : counted;
  const reader = source.getReader();
  const onAbort = () => void reader.cancel(cancelError(signal!)).catch(() => {});
  signal?.addEventListener('abort', onAbort, { once: true });
  let lastReport = 0;
  let lastYield = 0;
  const report = (done: boolean) =>
    onProgress?.({
      file: input.name,
      ...position,
      bytesRead,
      size: input.size,
      bytesParsed,
      done,
    });
  try {
    for (;;) {
      let r: ReadableStreamReadResult<Uint8Array>;
      try {
        r = await reader.read();
      } catch (e) {
        if (signal?.aborted) throw cancelError(signal);
        if (isCancelled(e)) throw e;
        const line = sink.line;
        throw new DataError(
          input.name,
          line === undefined ? null : line + 1,
          // A source's limit (ingest promFetch.ts) says its own reason.
          e instanceof DataError
            ? e.reason
            : gzip
              ? `cannot decompress gzip (truncated or corrupt file): ${(e as Error).message}`
              : `read failed: ${(e as Error).message}`,
        );
      }
      if (signal?.aborted) throw cancelError(signal);
      if (r.done) break;
      bytesParsed += r.value.length;
      const bomb = gzip ? inflateProblem(bytesParsed, bytesRead, Infinity) : null;
      if (bomb) throw new DataError(input.name, null, bomb);
      const over = overLimit(control.maxParsed, bytesParsed, bytesRead, gzip);
      if (over) throw new DataError(input.name, null, over);
      sink.push(r.value);
      if (bytesParsed - lastReport >= every) {
        lastReport = bytesParsed;
        report(false);
      }
      if (bytesParsed - lastYield >= YIELD_EVERY) {
        lastYield = bytesParsed;
        // Let a cancel message in: buffered chunks resolve as microtasks and could starve it.
        await nextTask();
        if (signal?.aborted) throw cancelError(signal);
      }
    }
    sink.end();
    report(true);
    return { bytesRead, bytesParsed, gzip };
  } catch (e) {
    await reader.cancel(e).catch(() => {});
    throw e;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/** Why `parsed` bytes (from `stored`) pass the load's limit, or null. */
function overLimit(
  limit: StreamControl['maxParsed'],
  parsed: number,
  stored: number,
  gzip: boolean,
): string | null {
  const spent = limit?.spent ?? 0;
  if (!limit || spent + parsed <= limit.bytes) return null;
  const what = gzip
    ? `inflates past ${sizeText(limit.bytes - spent)} (${stored.toLocaleString('en-US')} bytes stored)`
    : `holds more than ${sizeText(limit.bytes - spent)}`;
  const before = spent > 0 ? ` after ${sizeText(spent)} from the files before it` : '';
  return `${what}${before}: past ${limit.why}; not read`;
}

/** The first non-empty chunk of a stream (for the gzip magic), or undefined when it is empty. */
async function peekFirst(
  rawReader: ReadableStreamDefaultReader<Uint8Array>,
  name: string,
  signal: AbortSignal | undefined,
): Promise<Uint8Array | undefined> {
  let first: Uint8Array | undefined;
  try {
    for (;;) {
      const r = await rawReader.read();
      if (r.done) break;
      if (r.value.length) {
        first = r.value;
        break;
      }
    }
  } catch (e) {
    if (signal?.aborted) throw cancelError(signal);
    throw new DataError(
      name,
      null,
      e instanceof DataError ? e.reason : `read failed: ${(e as Error).message}`,
    );
  }
  if (signal?.aborted) {
    await rawReader.cancel(cancelError(signal)).catch(() => {});
    throw cancelError(signal);
  }
  return first;
}

/** The first `bytes` (decompressed) of a file, for format detection; the stream is then cancelled. */
export async function head(input: InputFile, bytes = 65536): Promise<Uint8Array> {
  const out = new Uint8Array(bytes);
  let filled = 0;
  const stop = new AbortController();
  const sink: ChunkSink = {
    push(chunk) {
      const n = Math.min(chunk.length, bytes - filled);
      out.set(chunk.subarray(0, n), filled);
      filled += n;
      if (filled >= bytes) stop.abort();
    },
    end() {},
  };
  try {
    await pump(input, sink, { signal: stop.signal });
  } catch (e) {
    if (!stop.signal.aborted) {
      // A file shorter than `bytes` with a broken tail still has a usable head.
      if (!(e instanceof DataError) || filled === 0) throw e;
    }
  }
  return out.subarray(0, filled);
}
