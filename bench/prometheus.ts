/**
 * Reading a local Prometheus against reading the same answers from exported files, in the same run,
 * on the command line's path (the CLI's `--prometheus` vs `--data`) and in the page (the From
 * Prometheus panel vs uploading the files, prometheusPage.ts): a history of PROM_BENCH_PODS pods
 * (default 500) over PROM_BENCH_DAYS days (default 7) at a 60 s step, backfilled with promtool
 * (only the container counters the default query reads, scraped every 60 s).
 * Each CLI read runs in a child process (promReadChild.ts), so its memory is its own: bytes per
 * sample kept = (peak RSS − the child's RSS after start-up) / samples kept, beside the file read's;
 * the page's main-thread JS heap grown by each read, per sample kept. The history's TSDB is cached
 * by its options (startPrometheus `cache`). PROM_BENCH_PAGE=0 leaves the page out.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CPU_QUERY, splitRange } from '../src/engine/index.ts';
import { HISTORY_START, startPrometheus } from '../src/cli/testing/prometheus.ts';
import type { BenchFigure, BenchSuite } from './figure.ts';
import { pageReads } from './prometheusPage.ts';

interface ChildRead {
  readonly startRss: number;
  readonly peakRss: number;
  readonly kept: number;
  readonly seconds: number;
}

/** One read by `loadFromOptions(options)` in a fresh Node process (promReadChild.ts). */
function childRead(options: Record<string, string | number>): Promise<ChildRead> {
  const script = join(import.meta.dirname, 'promReadChild.ts');
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', script, JSON.stringify(options)],
      { maxBuffer: 1 << 20 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`the read's child failed: ${stderr || error.message}`));
        else resolve(JSON.parse(stdout.trim().split('\n').pop()!) as ChildRead);
      },
    ),
  );
}

const perSample = (r: ChildRead) => (r.peakRss - r.startRss) / r.kept;
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

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
      const live = await childRead({ prometheus: prom.url, ...range, 'memory-budget': 0 });
      const file = await childRead({
        data: files.join(','),
        format: 'prometheus',
        'cores-per-machine': 32,
        'memory-budget': 0,
      });
      const kept = live.kept;
      const figures: BenchFigure[] = [
        {
          name: `CLI read, ${pods} pods × ${days} d at 60 s`,
          value: live.seconds,
          unit: 's',
          baseline: file.seconds,
          ratio: file.seconds / live.seconds,
          note: `from ${files.length} exported file(s) as baseline, each read in a process of its own`,
        },
        {
          name: `CLI read's memory per sample kept, ${pods} pods × ${days} d`,
          value: perSample(live),
          unit: 'B',
          baseline: perSample(file),
          ratio: perSample(file) / perSample(live),
          note: `(peak RSS − RSS after start-up) / samples kept: ${mib(live.peakRss - live.startRss)} MiB for ${kept.toLocaleString('en')} samples (the file read: ${mib(file.peakRss - file.startRss)} MiB for ${file.kept.toLocaleString('en')})`,
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
          note: `the same ${files.length} answer(s) uploaded as files as baseline (the live read also judges the placement)`,
        });
        const heapPerSample = (grown: number) => (grown * 2 ** 20) / kept;
        figures.push({
          name: `page read's main-thread heap per sample kept, ${pods} pods × ${days} d`,
          value: heapPerSample(page.liveHeapMiB - page.startHeapMiB),
          unit: 'B',
          baseline: heapPerSample(page.fileHeapMiB - page.fileStartHeapMiB),
          ratio:
            (page.fileHeapMiB - page.fileStartHeapMiB) / (page.liveHeapMiB - page.startHeapMiB),
          note: `JS heap (performance.memory) after the read less the page's before it: ${(page.liveHeapMiB - page.startHeapMiB).toFixed(0)} MiB live, ${(page.fileHeapMiB - page.fileStartHeapMiB).toFixed(0)} MiB from the uploaded files`,
        });
      }
      return figures;
    } finally {
      await prom.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
