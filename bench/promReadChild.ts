/**
 * One CLI read in a process of its own, for the `prometheus` suite's memory figures: the options of
 * `loadFromOptions` (the CLI's `--prometheus` or `--data`) as JSON in argv[2]; prints one JSON line
 * with the resident memory after start-up (modules loaded, nothing read), the peak resident memory
 * at the end (`process.resourceUsage().maxRSS`), the samples kept and the read's seconds.
 */
import { loadFromOptions } from '../src/cli/io.ts';
import { sampleCount } from '../src/engine/index.ts';

const options = JSON.parse(process.argv[2]) as Record<string, string | number>;
const startRss = process.memoryUsage().rss;
const t0 = performance.now();
const loaded = await loadFromOptions(options);
const seconds = (performance.now() - t0) / 1000;
const kept = loaded.kind === 'samples' ? sampleCount(loaded.samples.inst) : 0;
process.stdout.write(
  `${JSON.stringify({ startRss, peakRss: process.resourceUsage().maxRSS * 1024, kept, seconds })}\n`,
);
