/**
 * The page's streamed read of a live source (sourceStream.ts) against a real Prometheus (Debian's,
 * backfilled with Bitbrains VMs from ../shared/data): it equals the whole read of the same answers
 * saved as files (samples, timestamps, report, hash and assessment) and the read of the range asked
 * for one chunk after the other, holds at most two answers at a time (the next one asked for while
 * one is read), reads them in range order whichever answers first, and a cancel aborts both
 * requests in flight; a failing chunk is named with the server's own words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CPU_QUERY,
  rangeUrl,
  seriesAt,
  sourceChunks,
  splitRange,
  type LoadResult,
  type PromSource,
} from '../engine/index.ts';
import {
  HISTORY_START,
  startPrometheus,
  type RunningPrometheus,
} from '../cli/testing/prometheus.ts';
import { sha256Hex } from './api.ts';
import { assessSeries, collectSeries } from './assessSource.ts';
import { loadDataset } from './load.ts';
import { clusterFacts, sourceSpec, type Fetcher } from './prometheusSource.ts';
import { streamSource } from './sourceStream.ts';
import { bytesInput } from './stream.ts';
import { isCancelled } from '../protocol/cancel.ts';

const DAY = 86400;
const NODE_CORES = 8;
let prom: RunningPrometheus;

beforeAll(async () => {
  prom = await startPrometheus({
    pods: 12,
    nodes: 3,
    nodeCores: NODE_CORES,
    seconds: DAY,
    scrape: 30,
  });
}, 240_000);

afterAll(async () => {
  await prom?.stop();
});

/**
 * A fetch that counts the range answers alive (asked for, body not yet read to its end or
 * cancelled) and keeps a copy of each answer's bytes for the whole read the test compares with.
 */
function countingFetch() {
  const c = { alive: 0, maxAlive: 0, asked: 0, answers: [] as Uint8Array[] };
  const fetcher: Fetcher = async (url, init) => {
    const res = await fetch(url, init);
    if (!url.includes('/query_range') || !res.body) return res;
    c.asked++;
    c.alive++;
    c.maxAlive = Math.max(c.maxAlive, c.alive);
    const parts: Uint8Array[] = [];
    const reader = res.body.getReader();
    let open = true;
    const close = () => {
      if (open) c.alive--;
      open = false;
    };
    const body = new ReadableStream<Uint8Array>({
      async pull(ctl) {
        const r = await reader.read();
        if (r.done) {
          close();
          const whole = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
          let at = 0;
          for (const p of parts) whole.set(p, (at += p.length) - p.length);
          c.answers.push(whole);
          ctl.close();
        } else {
          parts.push(r.value.slice());
          ctl.enqueue(r.value);
        }
      },
      cancel(reason) {
        close();
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: res.status, headers: res.headers });
  };
  return { c, fetcher };
}

/** Which of the source's chunks a query_range URL asks for (-1: another call). */
function chunkOf(s: PromSource, url: string): number {
  if (!url.includes('/query_range')) return -1;
  const start = Number(new URL(url).searchParams.get('start'));
  return sourceChunks(s).findIndex((c) => c.start === start);
}

function expectSameSamples(a: LoadResult, b: LoadResult, series: number): void {
  if (a.kind !== 'samples' || b.kind !== 'samples') throw new Error('samples expected');
  expect(a.samples.ids).toEqual(b.samples.ids);
  expect(a.samples.ids.length).toBe(series);
  for (let i = 0; i < series; i++) {
    expect(Array.from(seriesAt(a.samples.inst, i))).toEqual(
      Array.from(seriesAt(b.samples.inst, i)),
    );
    expect(Array.from(a.samples.times![i])).toEqual(Array.from(b.samples.times![i]));
  }
}

// 3 s steps over a day: 28,801 instants, three chunks under the 11,000-point cap, read in four.
const source = (): PromSource => ({
  url: prom.url,
  query: DEFAULT_CPU_QUERY,
  start: HISTORY_START,
  end: HISTORY_START + DAY,
  step: 3,
});

describe('a live source streamed chunk by chunk', () => {
  it('equals the whole read of the same answers, holding at most two answers at a time', async () => {
    const { c, fetcher } = countingFetch();
    const s = source();
    const facts = await clusterFacts(s, { fetcher });
    const spec = sourceSpec(s, NODE_CORES);
    const streamed = await streamSource(s, { fetcher }, spec, {
      times: true,
      assess: { facts, options: { slo: 0.01 } },
    });
    const chunks = sourceChunks(s).length;
    expect(chunks).toBe(4);
    expect(c.asked).toBe(chunks);
    expect(c.maxAlive).toBeLessThanOrEqual(2);
    expect(c.alive).toBe(0);

    const files = c.answers.map((bytes, i) => bytesInput(`c${i + 1}.json`, bytes));
    const whole = await loadDataset(files, { ...spec, times: true });
    if (streamed.kind !== 'samples' || whole.kind !== 'samples')
      throw new Error('samples expected');
    expect(streamed.samples.ids).toEqual(whole.samples.ids);
    expect(streamed.samples.ids.length).toBe(12);
    for (let i = 0; i < 12; i++) {
      expect(Array.from(seriesAt(streamed.samples.inst, i))).toEqual(
        Array.from(seriesAt(whole.samples.inst, i)),
      );
      expect(Array.from(streamed.samples.times![i])).toEqual(Array.from(whole.samples.times![i]));
    }
    // Stored alike too (coded where exact, as every load in the page).
    expect(streamed.samples.inst).toEqual(whole.samples.inst);
    expect(streamed.report.notes).toEqual(whole.report.notes);
    expect(streamed.report.filters).toEqual(whole.report.filters);
    expect(streamed.hash).toBe(await sha256Hex(c.answers.map((b) => new Blob([b as BlobPart]))));

    const collected = await collectSeries(files);
    const assessed = assessSeries(collected, facts, { slo: 0.01 });
    expect(streamed.assessError).toBeNull();
    expect(streamed.assessment).toEqual(assessed);
    expect(assessed.nodes.length).toBe(3);
  }, 120_000);

  it('a cancel after the first chunk asks for no chunk but the one ahead and leaves no answer open', async () => {
    const { c, fetcher } = countingFetch();
    const s = source();
    const abort = new AbortController();
    const read = streamSource(
      s,
      { fetcher },
      sourceSpec(s, NODE_CORES),
      { times: true },
      {
        signal: abort.signal,
        onProgress: (p) => {
          if (p.done && p.fileIndex === 0) abort.abort();
        },
      },
    );
    const error = await read.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isCancelled(error)).toBe(true);
    expect(c.asked).toBeLessThanOrEqual(2);
    expect(c.alive).toBe(0);
  }, 120_000);

  it('reads the chunks in range order when the second answers first, as the chunks asked for one by one', async () => {
    const s = source();
    const spec = sourceSpec(s, NODE_CORES);
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((r) => (releaseFirst = r));
    const answered: number[] = [];
    const fetcher: Fetcher = async (url, init) => {
      const res = await fetch(url, init);
      const k = chunkOf(s, url);
      if (k === 0) await firstHeld;
      if (k >= 0) answered.push(k);
      if (k === 1) releaseFirst();
      return res;
    };
    const parsed: number[] = [];
    const streamed = await streamSource(
      s,
      { fetcher },
      spec,
      { times: true },
      { onProgress: (p) => void (p.done && parsed.push(p.fileIndex)) },
    );
    expect(answered.slice(0, 2)).toEqual([1, 0]);
    expect(parsed).toEqual([0, 1, 2, 3]);

    // The same range asked for one query after the other, cut only where the cap forces.
    const sequential: Uint8Array[] = [];
    for (const c of splitRange(s.start, s.end, s.step))
      sequential.push(
        new Uint8Array(await (await fetch(rangeUrl(s.url, s.query, c, s.step))).arrayBuffer()),
      );
    expect(sequential.length).toBe(3);
    // Three answers where the spec names four chunks: each checked against the whole range.
    const whole = { ...spec, times: true };
    delete (whole as { askedRanges?: unknown }).askedRanges;
    const one = await loadDataset(
      sequential.map((b, i) => bytesInput(`s${i + 1}.json`, b)),
      whole,
    );
    expectSameSamples(streamed, one, 12);
  }, 120_000);

  it('a cancel while the second chunk is read aborts it and the one ahead, leaving no answer open', async () => {
    const s = source();
    const { c, fetcher: counting } = countingFetch();
    const signals = new Map<number, AbortSignal>();
    const fetcher: Fetcher = (url, init) => {
      const k = chunkOf(s, url);
      if (k >= 0 && init?.signal) signals.set(k, init.signal);
      return counting(url, init);
    };
    const abort = new AbortController();
    const error = await streamSource(
      s,
      { fetcher },
      sourceSpec(s, NODE_CORES),
      {},
      {
        signal: abort.signal,
        progressEvery: 4096,
        onProgress: (p) => {
          if (p.fileIndex === 1 && !p.done && p.bytesParsed > 0) abort.abort();
        },
      },
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isCancelled(error)).toBe(true);
    expect([...signals.keys()].sort()).toEqual([0, 1, 2]);
    expect(signals.get(1)!.aborted).toBe(true);
    expect(signals.get(2)!.aborted).toBe(true);
    expect(c.alive).toBe(0);
  }, 120_000);

  it("a failing chunk is named, with the range it covers and the server's own words, after the chunks before it", async () => {
    const s = source();
    // The third chunk's query broken on its way to the real server.
    const fetcher: Fetcher = (url, init) =>
      fetch(chunkOf(s, url) === 2 ? url.replace(/query=[^&]*/, 'query=rate(') : url, init);
    const parsed: number[] = [];
    const message = await streamSource(
      s,
      { fetcher },
      sourceSpec(s, NODE_CORES),
      {},
      { onProgress: (p) => void (p.done && parsed.push(p.fileIndex)) },
    ).then(
      () => '',
      (e: unknown) => (e as Error).message,
    );
    expect(message).toMatch(
      /chunk 3 of 4: Prometheus refused the query \(HTTP 400.*\): bad_data: .*parse error.*\(the range 2013-07-01T12:00:06Z to 2013-07-01T18:00:06Z\)/,
    );
    expect(parsed).toEqual([0, 1]);
  }, 120_000);

  it('an empty answer and a series without labels each get their message', async () => {
    const read = (query: string) => {
      const s = { ...source(), step: 60, query };
      return streamSource(s, {}, sourceSpec(s, NODE_CORES), {}).then(
        () => null,
        (e: unknown) => (e as Error).message,
      );
    };
    expect(await read('container_cpu_usage_seconds_total{pod="nobody"}')).toMatch(
      /returned no series between .* check the metric and label names/,
    );
    expect(await read('sum(rate(container_cpu_usage_seconds_total[5m]))')).toMatch(
      /one series without labels .* group it by \(namespace, pod, node\)/,
    );
  }, 120_000);
});
