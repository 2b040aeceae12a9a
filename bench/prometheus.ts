/**
 * Reading a local Prometheus against reading the same answers from exported files, in the same run,
 * on the command line's path (the CLI's `--prometheus` vs `--data`) and in the page (the From
 * Prometheus panel vs uploading the files, prometheusPage.ts): a history of PROM_BENCH_PODS pods
 * (default 500) over PROM_BENCH_DAYS days (default 7) at a 60 s step, backfilled with promtool
 * (only the container counters the default query reads, scraped every 60 s).
 * Heap growth is reported beside the time. PROM_BENCH_PAGE=0 leaves the page out.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CPU_QUERY, sampleCount, splitRange } from '../src/engine/index.ts';
import { loadFromOptions } from '../src/cli/io.ts';
import { HISTORY_START, startPrometheus } from '../src/cli/testing/prometheus.ts';
import type { BenchFigure, BenchSuite } from './figure.ts';
import { pageReads } from './prometheusPage.ts';

export const prometheus: BenchSuite = {
  name: 'prometheus',
  description:
    'a 7-day history of 500 pods at 60 s read from a local Prometheus vs from exported files',
  async run() {
    const pods = Number(process.env.PROM_BENCH_PODS ?? 500);
    const days = Number(process.env.PROM_BENCH_DAYS ?? 7);
    const seconds = days * 86400;
    const prom = await startPrometheus(
      {
        pods,
        nodes: Math.max(1, Math.round(pods / 16)),
        nodeCores: 32,
        seconds,
        // A 60 s scrape under the 5-minute rate window; only the series the default query reads.
        scrape: 60,
        cpuOnly: true,
      },
      { cache: true },
    );
    const dir = mkdtempSync(join(tmpdir(), 'slopack-prom-bench-'));
    try {
      const range = {
        start: String(HISTORY_START),
        end: String(HISTORY_START + seconds),
        step: '60',
      };
      const files: string[] = [];
      for (const [i, c] of splitRange(HISTORY_START, HISTORY_START + seconds, 60).entries()) {
        const p = new URLSearchParams({
          query: DEFAULT_CPU_QUERY,
          start: String(c.start),
          end: String(c.end),
          step: '60',
        });
        const f = join(dir, `chunk-${i + 1}.json`);
        writeFileSync(f, await (await fetch(`${prom.url}/api/v1/query_range?${p}`)).text());
        files.push(f);
      }
      // Peak resident memory of this process so far (Linux), the samples kept being the read's.
      const peakBytes = () =>
        1024 *
        Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
      const timed = async (f: () => Promise<unknown>) => {
        const peak = peakBytes();
        const t0 = performance.now();
        await f();
        return {
          s: (performance.now() - t0) / 1000,
          mib: (peakBytes() - peak) / 2 ** 20,
        };
      };
      let kept = 0;
      const live = await timed(async () => {
        const loaded = await loadFromOptions({
          prometheus: prom.url,
          ...range,
          'memory-budget': 0,
        });
        kept = loaded.kind === 'samples' ? sampleCount(loaded.samples.inst) : 0;
      });
      const file = await timed(() =>
        loadFromOptions({
          data: files.join(','),
          format: 'prometheus',
          'cores-per-machine': 32,
          'memory-budget': 0,
        }),
      );
      const figures: BenchFigure[] = [
        {
          name: `CLI read, ${pods} pods × ${days} d at 60 s`,
          value: live.s,
          unit: 's',
          baseline: file.s,
          ratio: file.s / live.s,
          note: `from ${files.length} exported file(s) as baseline; peak RSS grew ${live.mib.toFixed(0)} MiB for ${kept.toLocaleString('en')} samples kept (${((live.mib * 2 ** 20) / kept).toFixed(1)} bytes a sample; the file read after it, +${file.mib.toFixed(0)} MiB past that peak)`,
        },
      ];
      if (process.env.PROM_BENCH_PAGE !== '0') {
        const page = await pageReads({
          url: prom.url,
          start: HISTORY_START,
          end: HISTORY_START + seconds,
          step: 60,
          cores: 32,
          pods,
          files,
        });
        figures.push({
          name: `page read, ${pods} pods × ${days} d at 60 s`,
          value: page.liveS,
          unit: 's',
          baseline: page.fileS,
          ratio: page.fileS / page.liveS,
          note: `the same ${files.length} answer(s) uploaded as files as baseline (the live read also judges the placement); main-thread heap after: ${page.liveHeapMiB.toFixed(0)} MiB vs ${page.fileHeapMiB.toFixed(0)} MiB`,
        });
      }
      return figures;
    } finally {
      await prom.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
