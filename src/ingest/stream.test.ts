import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DataError, type LoadSpec } from '../engine/index.ts';
import { isCancelled } from '../protocol/cancel.ts';
import { loadDataset } from './load.ts';
import {
  bytesInput,
  head,
  streamInput,
  urlInput,
  type InputFile,
  type Progress,
} from './stream.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const WIDE: LoadSpec = { format: 'wide', unit: 'percent', scale: 0.25 };

function wideText(rows: number, cols: number, prefix = 'vm'): string {
  const header = ['id', ...Array.from({ length: cols }, (_, t) => `t${t}`)].join(',');
  const lines = [header];
  for (let r = 0; r < rows; r++)
    lines.push(
      [`${prefix}${r}`, ...Array.from({ length: cols }, (_, t) => (r * 7 + t * 3) % 100)].join(','),
    );
  return lines.join('\n') + '\n';
}

/** A stream that serves `bytes` in chunks of `chunk`, counting what was pulled and whether it was cancelled. */
function chunked(bytes: Uint8Array, chunk: number) {
  const state = { pulled: 0, cancelled: false };
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      if (at >= bytes.length) return c.close();
      c.enqueue(bytes.slice(at, at + chunk));
      state.pulled += Math.min(chunk, bytes.length - at);
      at += chunk;
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

describe('the streaming layer', () => {
  it('gunzips by magic bytes, whatever the name, and gives the same dataset as the plain file', async () => {
    const text = enc(wideText(50, 288));
    const plain = await loadDataset([bytesInput('a.csv', text)], WIDE);
    const gz = await loadDataset([bytesInput('a.csv', gzipSync(text))], WIDE);
    if (plain.kind !== 'samples' || gz.kind !== 'samples') throw new Error('samples');
    expect(gz.samples).toEqual(plain.samples);
    expect(gz.report.files[0].bytes).toBe(text.length);
  });

  it('a truncated gzip: DataError naming the file and the line reached', async () => {
    const gz = gzipSync(enc(wideText(2000, 50)));
    const cut = gz.subarray(0, Math.floor(gz.length * 0.6));
    const e = await loadDataset([bytesInput('cut.csv.gz', cut)], WIDE).catch((x) => x);
    expect(e).toBeInstanceOf(DataError);
    expect(e.message).toMatch(
      /^cut\.csv\.gz, line \d+: cannot decompress gzip \(truncated or corrupt file\)/,
    );
    expect(e.line).toBeGreaterThan(100);
  });

  it('gzip with junk after it, and a corrupt gzip header', async () => {
    const junk = new Uint8Array([...gzipSync(enc(wideText(5, 3))), ...enc('junk')]);
    await expect(loadDataset([bytesInput('j.csv.gz', junk)], WIDE)).rejects.toThrow(
      /j\.csv\.gz, line \d+: cannot decompress gzip/,
    );
    const bad = new Uint8Array([0x1f, 0x8b, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    await expect(loadDataset([bytesInput('b.gz', bad)], WIDE)).rejects.toThrow(
      /b\.gz, line 1: cannot decompress gzip/,
    );
  });

  it('reports progress per file: bytes read rise to the size, the last report says done', async () => {
    const a = enc(wideText(300, 100));
    const b = gzipSync(enc(wideText(200, 100, 'other')));
    const seen: Progress[] = [];
    const sized = (name: string, bytes: Uint8Array): InputFile => ({
      name,
      size: bytes.length,
      open: () => chunked(bytes, 1000).stream,
    });
    await loadDataset([sized('a.csv', a), sized('b.csv.gz', b)], WIDE, {
      onProgress: (p) => seen.push(p),
      progressEvery: 4096,
    });
    const forA = seen.filter((p) => p.file === 'a.csv');
    const forB = seen.filter((p) => p.file === 'b.csv.gz');
    expect(forA.length).toBeGreaterThan(3);
    expect(forA.at(-1)).toMatchObject({
      done: true,
      bytesRead: a.length,
      size: a.length,
      fileIndex: 0,
      files: 2,
    });
    expect(forB.at(-1)).toMatchObject({ done: true, bytesRead: b.length, fileIndex: 1 });
    for (const list of [forA, forB])
      for (let i = 1; i < list.length; i++)
        expect(list[i].bytesParsed).toBeGreaterThanOrEqual(list[i - 1].bytesParsed);
  });

  it('cancel: rejects with an AbortError and cancels the source stream', async () => {
    let next = 0;
    const rows = () => enc(Array.from({ length: 8192 }, () => `v${next++},1,2,3\n`).join(''));
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(enc('id,t0,t1,t2\n'));
      },
      pull(c) {
        c.enqueue(rows());
      },
      cancel() {
        cancelled = true;
      },
    });
    const abort = new AbortController();
    const e = await loadDataset([streamInput('endless.csv', endless)], WIDE, {
      signal: abort.signal,
      progressEvery: 1 << 16,
      onProgress: (p) => {
        if (p.bytesParsed > 1 << 20) abort.abort();
      },
    }).catch((x) => x);
    expect(isCancelled(e)).toBe(true);
    expect(e).not.toBeInstanceOf(DataError);
    expect(cancelled).toBe(true);
  });

  it('an already aborted signal opens nothing', async () => {
    let opened = 0;
    const input: InputFile = {
      name: 'x.csv',
      open: () => {
        opened++;
        return chunked(enc(wideText(10, 10)), 16).stream;
      },
    };
    const abort = new AbortController();
    abort.abort();
    const e = await loadDataset([input], WIDE, { signal: abort.signal }).catch((x) => x);
    expect(isCancelled(e)).toBe(true);
    expect(opened).toBe(0);
  });

  it('a bad line cancels the source instead of reading the rest of the file', async () => {
    const text = enc('id,t0\na,1\nb,oops\n' + 'c,2\n'.repeat(500000));
    const { stream, state } = chunked(text, 1024);
    await expect(loadDataset([streamInput('bad.csv', stream)], WIDE)).rejects.toThrow(
      /bad\.csv, line 3: "oops" in column t0 is not a number/,
    );
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(text.length / 100);
  });

  it('a huge file streams in bounded memory: 1 GiB of rows, keeping 100 tasks', async () => {
    const rows = enc(wideText(4000, 40).split('\n').slice(1).join('\n'));
    const chunk = rows.subarray(0, rows.lastIndexOf(10) + 1);
    const repeats = Math.ceil((1 << 30) / chunk.length);
    let served = 0;
    const huge = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(enc(wideText(0, 40)));
      },
      pull(c) {
        if (served === repeats) return c.close();
        served++;
        c.enqueue(chunk);
      },
    });
    const used = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const before = used();
    let peak = before;
    const r = await loadDataset(
      [streamInput('huge.csv', huge)],
      { ...WIDE, maxTasks: 100 },
      {
        progressEvery: 64 << 20,
        onProgress: () => {
          peak = Math.max(peak, used());
        },
      },
    );
    const total = repeats * chunk.length;
    expect(total).toBeGreaterThanOrEqual(1 << 30);
    expect(r.report.files[0].bytes).toBe(total + enc(wideText(0, 40)).length);
    expect(r.report.tasksRead).toBe(repeats * 4000);
    expect(r.report.tasksKept).toBe(100);
    // Memory grows by what is kept, not by the gigabyte that went through.
    expect(peak - before).toBeLessThan(256 << 20);
  });

  it('an empty file, plain or gzipped, auto-detected or not: "empty file"', async () => {
    for (const bytes of [new Uint8Array(0), new Uint8Array(gzipSync(new Uint8Array(0)))])
      for (const spec of [WIDE, { format: 'auto' } as const])
        await expect(loadDataset([bytesInput('e.csv', bytes)], spec)).rejects.toThrow(
          /^e\.csv: empty file$/,
        );
  });

  it('a source that fails while reading: DataError naming the file', async () => {
    const failing: InputFile = {
      name: 'net.csv',
      open: () =>
        new ReadableStream<Uint8Array>({
          pull(c) {
            c.error(new TypeError('network error'));
          },
        }),
    };
    await expect(loadDataset([failing], WIDE)).rejects.toThrow(
      /^net\.csv: read failed: network error$/,
    );
  });

  it('head() reads the first bytes only, decompressed', async () => {
    const text = enc(wideText(3000, 20));
    const h = await head(bytesInput('x.csv.gz', gzipSync(text)), 100);
    expect(Array.from(h)).toEqual(Array.from(text.subarray(0, 100)));
  });

  it('urlInput: an HTTP error is a DataError naming the file', async () => {
    const fetcher = async () => new Response('nope', { status: 404, statusText: 'Not Found' });
    await expect(
      loadDataset([urlInput('/data/x/missing.csv', undefined, fetcher)], WIDE),
    ).rejects.toThrow(/missing\.csv: cannot fetch \/data\/x\/missing\.csv: HTTP 404 Not Found/);
    const ok = async () => new Response(wideText(3, 4));
    const r = await loadDataset([urlInput('/data/x/ok.csv', undefined, ok)], WIDE);
    expect(r.report.tasksKept).toBe(3);
  });

  it('urlInput: progress counts against the response’s length once its headers are in', async () => {
    const body = enc(wideText(2000, 50));
    const fetcher = async () =>
      new Response(body as BodyInit, { headers: { 'content-length': String(body.length) } });
    const seen: Progress[] = [];
    await loadDataset([urlInput('/data/x/big.csv', undefined, fetcher)], WIDE, {
      onProgress: (p) => seen.push(p),
      progressEvery: 1 << 16,
    });
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.every((p) => p.size === body.length)).toBe(true);
    expect(seen.at(-1)).toMatchObject({ bytesRead: body.length, done: true });
  });

  it('property: random or mutated bytes, plain or gzipped, any chunking: DataError or a dataset, never another error', async () => {
    const base = enc(wideText(6, 5));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 300 }),
          fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })).map(([at, v]) => {
            const b = base.slice();
            b[at % b.length] = v;
            return b;
          }),
        ),
        fc.boolean(),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 64 }),
        fc.constantFrom<LoadSpec | { format: 'auto' }>(
          WIDE,
          { format: 'auto' },
          { format: 'google', filters: { minRecords: 1 } },
        ),
        async (bytes, gzip, cut, chunk, spec) => {
          let data: Uint8Array = gzip ? gzipSync(bytes) : bytes;
          if (gzip && cut) data = data.subarray(0, Math.max(0, data.length - cut));
          const input: InputFile = { name: 'p.csv', open: () => chunked(data, chunk).stream };
          try {
            await loadDataset([input], spec);
            return true;
          } catch (e) {
            return e instanceof DataError;
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
