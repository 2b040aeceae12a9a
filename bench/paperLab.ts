/**
 * The whole paper lab: every table and figure of the GPA paper on the default dataset
 * (the PlanetLab day, 1,052 VMs at scale 0.25) at the paper's sizes — R = 10,000, K = 50 instances
 * of 1,000 tasks, 10,000 sums per N — in the command line (Node worker pool) and in headless
 * Chromium (the browser's worker pool, cross-origin isolated). Goal: ≤ 20 s in Chromium on this
 * 2-core machine. The browser figure's baseline is the command line's time in the same run; both
 * report CPU time (the command line's process, Chromium's processes) and the load average beside
 * the wall time (the machine is shared), and the browser's numbers must equal the command line's.
 * PAPER_LAB_BENCH=small runs small sizes (R = 1,000, K = 3, 200 sums) while developing.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseWideCsv } from '../src/engine/index.ts';
import { createNodeRunner } from '../src/cli/pool/nodePool.ts';
import {
  FIGURE_IDS,
  PAPER_LAB_SIZES,
  runPaperLab,
  type LabParams,
} from '../src/runtime/lab/paperLab.ts';
import { openBrowser } from './browser.ts';
import { descendantsCpuMs } from './processCpu.ts';
import type { BenchFigure, BenchSuite } from './figure.ts';

const PLANETLAB = resolve(
  import.meta.dirname,
  '../public/data/planetlab-cloudsim/planetlab_20110303.csv',
);
const small = process.env.PAPER_LAB_BENCH === 'small';
const REALIZATIONS = small ? 1000 : 10_000;
const PARAMS: LabParams = {
  seed: 1,
  tasks: PAPER_LAB_SIZES.tasks,
  instances: small ? 3 : PAPER_LAB_SIZES.instances,
  sums: small ? 200 : PAPER_LAB_SIZES.sums,
  packer: 'bf',
  fig5N: 50,
  fig5Example: 0,
  window: 12,
};

const plain = (v: unknown) =>
  JSON.stringify(v, (_k, x) =>
    ArrayBuffer.isView(x) ? Array.from(x as unknown as ArrayLike<number>) : x,
  );

type Page = typeof import('./paperLabPage.ts');

export const paperLab: BenchSuite = {
  name: 'paperLab',
  description: `the whole paper lab on the PlanetLab day at ${small ? 'small' : "the paper's"} sizes: command line and Chromium`,
  async run(): Promise<BenchFigure[]> {
    const samples = parseWideCsv(readFileSync(PLANETLAB, 'utf8'), 'planetlab_20110303.csv', {
      scale: 0.25,
      percent: true,
    });
    const runner = createNodeRunner({ workers: 2 });
    let node: {
      ms: number;
      cpu: number;
      perFigure: Map<string, number>;
      results: string;
      load: number[];
    };
    try {
      const load0 = loadavg()[0];
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const outcome = await runPaperLab({
        samples,
        realizations: REALIZATIONS,
        params: PARAMS,
        figures: FIGURE_IDS,
        runner,
      });
      const c = process.cpuUsage(c0);
      node = {
        ms: performance.now() - t0,
        cpu: (c.user + c.system) / 1000,
        perFigure: outcome.ms,
        results: plain(Object.fromEntries(outcome.results)),
        load: [load0, loadavg()[0]],
      };
    } finally {
      runner.dispose();
    }
    // The dev server may reload the page (a file changed by someone else, a dependency optimized
    // late): the page's run is lost then, so it is run once more in a new session.
    const inBrowser = async () => {
      const session = await openBrowser();
      try {
        const cpu0 = descendantsCpuMs();
        const load0 = loadavg()[0];
        const r = await session.run<Awaited<ReturnType<Page['run']>>>('/bench/paperLabPage.ts', {
          params: PARAMS,
          realizations: REALIZATIONS,
        });
        return { ...r, cpu: descendantsCpuMs() - cpu0, load: [load0, loadavg()[0]] };
      } finally {
        await session.close();
      }
    };
    let page: Awaited<ReturnType<typeof inBrowser>>;
    try {
      page = await inBrowser();
    } catch (e) {
      if (!/context was destroyed|navigat/i.test(String(e))) throw e;
      page = await inBrowser();
    }
    // V8's Math.exp/log/pow differ in the last bits between Node 20 and Chromium: the A² medians
    // and Fig. 5's density curve can differ there; every other number is bit-identical.
    const rounded = (json: string) =>
      JSON.stringify(JSON.parse(json), (_k, x) =>
        typeof x === 'number' ? Number(x.toPrecision(12)) : x,
      );
    const same =
      page.results === node.results
        ? 'bit-identical'
        : rounded(page.results) === rounded(node.results)
          ? 'identical to 12 significant digits (not bit-identical: V8 Math.exp/log differ)'
          : 'DIFFERENT';
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const parts = [...node.perFigure.entries()].map(([id, ms]) => `${id} ${s(ms)}`).join(', ');
    const pageParts = Object.entries(page.perFigure)
      .map(([id, ms]) => `${id} ${s(ms)}`)
      .join(', ');
    const load = (l: number[]) => `load average ${l[0].toFixed(1)} → ${l[1].toFixed(1)}`;
    return [
      {
        name: `paper lab, command line: all ${FIGURE_IDS.length} figures (2 workers)`,
        value: node.ms / 1000,
        unit: 's',
        baseline: null,
        ratio: null,
        note: `CPU ${s(node.cpu)} (all threads); ${load(node.load)}; ${parts}`,
      },
      {
        name: `paper lab, Chromium: all ${FIGURE_IDS.length} figures (${page.workers} workers)`,
        value: page.ms / 1000,
        unit: 's',
        baseline: node.ms / 1000,
        ratio: node.ms / page.ms,
        note: `baseline: the command line in this run; Chromium CPU ${s(page.cpu)} (all its processes); ${load(page.load)}; shared memory ${page.shared}; numbers vs the command line: ${same}; goal ≤ 20 s; ${pageParts}`,
      },
    ];
  },
};
