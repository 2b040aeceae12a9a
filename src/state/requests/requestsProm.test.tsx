/**
 * The Requests view on data read from a live Prometheus (Debian's, started here on a backfilled
 * history of pods named as Deployment and StatefulSet replicas): the slice reads the pods' working
 * set beside the CPU with `rightsize --prometheus`'s query and node memory, and every strategy's
 * memory request per workload equals the command's on the same server; a server without the
 * working set gives CPU requests alone, as the command does.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { DEFAULT_CPU_QUERY, LIVE_SOURCE_FORMAT, type PromSource } from '../../engine/index.ts';
import { createIngestApi } from '../../ingest/api.ts';
import { sourceSpec } from '../../ingest/prometheusSource.ts';
import { inProcess } from '../../cli/testing/run.ts';
import {
  HISTORY_START,
  startPrometheus,
  type RunningPrometheus,
} from '../../cli/testing/prometheus.ts';
import { createInlineRunner } from '../../runtime/inlineRunner.ts';
import { RequestsSizing } from '../../ui/requests/RequestsView.tsx';
import { toDataset } from '../common/sources/datasets.ts';
import { DEFAULT_REQUESTS } from './params.ts';
import { refreshRequests, requestsRuns, requestsSource } from './runs.ts';

const HOURS = 12 * 3600;
const CORES = 4;
const STEP = 300;
const runner = createInlineRunner();
let prom: RunningPrometheus;
let bare: RunningPrometheus;

beforeAll(async () => {
  [prom, bare] = await Promise.all([
    startPrometheus({
      pods: 10,
      nodes: 3,
      nodeCores: CORES,
      seconds: HOURS,
      scrape: 60,
      workloads: true,
      nodeMemoryBytes: 64 * 2 ** 30,
    }),
    startPrometheus({
      pods: 4,
      nodes: 2,
      nodeCores: CORES,
      seconds: 3 * 3600,
      scrape: 60,
      cpuOnly: true,
    }),
  ]);
}, 300_000);

afterAll(async () => {
  runner.dispose();
  await Promise.all([prom?.stop(), bare?.stop()]);
});

const sourceOf = (url: string, seconds: number): PromSource => ({
  url,
  query: DEFAULT_CPU_QUERY,
  start: HISTORY_START + 600,
  end: HISTORY_START + seconds,
  step: STEP,
});

/** The page's read of `source` (the ingestion worker's API, run here), sized by the Requests slice. */
async function sizedOnPage(source: PromSource) {
  const loaded = await createIngestApi().loadSource(1, source, {}, sourceSpec(source, CORES), null);
  const dataset = toDataset(`prom-key ${source.url}`, source.url, loaded);
  const view = requestsSource({
    params: {
      dataset: 'upload',
      prom: source,
      upload: {
        format: LIVE_SOURCE_FORMAT,
        options: {
          query: source.query,
          rangeStart: source.start,
          rangeEnd: source.end,
          step: source.step,
        },
      },
    },
    data: { status: 'ready', key: null, dataset, progress: null, error: null },
  } as Parameters<typeof requestsSource>[0]);
  if (view.kind !== 'loaded') throw new Error(`expected the loaded data, got ${view.kind}`);
  expect(view.data.source).toBe(source);
  await refreshRequests(runner, DEFAULT_REQUESTS, false, view.data);
  const sizing = requestsRuns.getState().sizing;
  expect(sizing.status, sizing.error ?? '').toBe('ready');
  return sizing.result!.value;
}

interface CliReport {
  learned: { start: number; end: number };
  memory_unit?: string;
  workloads: { name: string; memory_requests?: Record<string, number | null> }[];
}

async function cli(source: PromSource, learned: { start: number; end: number }, instants: number) {
  const r = await inProcess(
    'rightsize',
    '--prometheus',
    source.url,
    '--start',
    String(source.start),
    '--end',
    String(source.end),
    '--step',
    String(STEP),
    '--learn',
    `${learned.start / instants}:${learned.end / instants}`,
    '--json',
  );
  expect(r.status, r.stderr).toBe(0);
  return { report: JSON.parse(r.stdout) as CliReport, stderr: r.stderr };
}

describe('the Requests view on a Prometheus read', () => {
  it('sizes memory from the working set, each strategy’s request equal to rightsize --prometheus', async () => {
    const source = sourceOf(prom.url, HOURS);
    const out = await sizedOnPage(source);
    expect(out.memory?.bytes).toBe(true);
    const instants = out.judged.end;
    const { report } = await cli(source, out.learned, instants);
    expect(report.learned).toEqual(out.learned);
    expect(report.memory_unit).toBe('bytes');
    const cliByName = new Map(report.workloads.map((w) => [w.name, w.memory_requests!]));
    expect(out.workloads.map((w) => w.name).sort()).toEqual([...cliByName.keys()].sort());
    let compared = 0;
    for (const o of out.memory!.outcomes)
      out.workloads.forEach((w, k) => {
        const want = cliByName.get(w.name)![o.strategy];
        const got = o.requests[k];
        expect(Number.isNaN(got) ? null : Math.ceil(got), `${o.strategy} ${w.name}`).toBe(want);
        if (want !== null) compared++;
      });
    expect(compared).toBeGreaterThanOrEqual(3 * 3);
    // Memory judged on the nodes (64 GiB each): every strategy's memory columns are filled.
    for (const o of out.result.outcomes)
      if (o.strategy !== 'today') expect(o.memory, o.strategy).not.toBeNull();

    const s = { ...DEFAULT_REQUESTS, strategy: 'vpa' as const };
    const html = renderToStaticMarkup(<RequestsSizing out={out} s={s} name="your data" />);
    expect(html).not.toContain('data-testid="rq-memory"');
    expect(html).toMatch(/<th scope="col">memory worst q \(fresh\)<\/th>/);
    expect(html).toMatch(/memory request \(MiB\)/);
    const yaml = /<pre[^>]*>([\s\S]*?)<\/pre>/.exec(html)![1].replace(/&#x27;/g, "'");
    type Pod = { containers: { resources: { requests: { memory?: string } } }[] };
    const patches = parseAllDocuments(yaml).map(
      (d) =>
        d.toJS() as {
          kind: string;
          metadata: { name: string };
          spec: Pod & { template?: { spec: Pod } };
        },
    );
    const vpa = out.memory!.outcomes.find((o) => o.strategy === 'vpa')!;
    expect(patches).toHaveLength(out.workloads.length);
    patches.forEach((p, k) => {
      const pod = p.kind === 'Pod' ? p.spec : p.spec.template!.spec;
      expect(pod.containers[0].resources.requests.memory, p.metadata.name).toBe(
        `${Math.ceil(vpa.requests[k] / 2 ** 20)}Mi`,
      );
    });
  }, 240_000);

  it('without the working set on the server, gives CPU requests alone, as the command does', async () => {
    const source = sourceOf(bare.url, 3 * 3600);
    const out = await sizedOnPage(source);
    expect(out.memory).toBeNull();
    expect(out.result.outcomes.every((o) => o.memory === null)).toBe(true);
    const html = renderToStaticMarkup(<RequestsSizing out={out} s={DEFAULT_REQUESTS} name="x" />);
    expect(html.match(/no memory request is given here/g)).toHaveLength(1);
    expect(html).not.toMatch(/memory worst q/);
    const { report, stderr } = await cli(source, out.learned, out.judged.end);
    expect(report.memory_unit).toBeUndefined();
    expect(stderr).toMatch(/holds no memory for these pods/);
  }, 240_000);
});
