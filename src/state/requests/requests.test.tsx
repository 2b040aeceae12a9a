/**
 * The Requests view on the user's data, over the inline runner: 60 real PlanetLab VMs read by the
 * real loader, as an upload gives them. The run sizes them and never reads a bundled history; krr's
 * requests and the share of judged samples over them equal a direct count on the aligned history
 * (the p95 by sorting, Prometheus' interpolation); the view shows the side-by-side table first and
 * YAML patches, one per workload, naming the data.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { alignSamples } from '../../engine/index.ts';
import { loadDataset } from '../../ingest/load.ts';
import { dataInput } from '../../ingest/testing.ts';
import type { FileIngest } from '../../runtime/ingestion/ingestClient.ts';
import { createInlineRunner } from '../../runtime/inlineRunner.ts';
import type { RightsizeOut } from '../../runtime/jobs/index.ts';
import { RequestsSizing } from '../../ui/requests/RequestsView.tsx';
import { toDataset, type Dataset } from '../common/sources/datasets.ts';
import type { ExplorerState } from '../common/store/store.ts';
import { STRATEGIES } from '../../engine/rightsize/index.ts';
import { DEFAULT_REQUESTS, YAML_STRATEGIES } from './params.ts';
import {
  refreshRequests,
  requestsRuns,
  requestsSource,
  setRequestsIngest,
  sizingKey,
} from './runs.ts';

const runner = createInlineRunner();
afterAll(() => runner.dispose());

const bundledReads: string[] = [];
setRequestsIngest({
  loadFile: (file) => {
    bundledReads.push(file);
    return Promise.reject(new Error(`a bundled history was read: ${file}`));
  },
  loadPreset: () => Promise.reject(new Error('no presets here')),
  loadFiles: () => Promise.reject(new Error('no files here')),
  previewFiles: () => Promise.reject(new Error('no previews here')),
} satisfies FileIngest);

const VMS = 60;

async function uploaded(): Promise<Dataset> {
  const file = 'planetlab-cloudsim/planetlab_20110303.csv';
  const loaded = await loadDataset([await dataInput(file)], {
    format: 'wide',
    scale: 0.25,
    maxTasks: VMS,
  });
  return toDataset('upload-key', 'planetlab_20110303.csv', {
    ...loaded,
    preset: null,
    hash: 'h',
  } as Parameters<typeof toDataset>[2]);
}

const state = (dataset: string, data: Partial<ExplorerState['data']>) =>
  ({
    params: { dataset },
    data: { status: 'ready', key: null, dataset: null, progress: null, error: null, ...data },
  }) as Parameters<typeof requestsSource>[0];

/** Prometheus' φ-quantile of `xs` (linear interpolation between the sorted samples). */
function quantile(xs: number[], phi: number): number {
  const s = [...xs].sort((a, b) => a - b);
  const h = (s.length - 1) * phi;
  const lo = Math.floor(h);
  return s[lo] + (h - lo) * ((s[Math.min(lo + 1, s.length - 1)] ?? s[lo]) - s[lo]);
}

describe('the Requests view on the data loaded', () => {
  let ds: Dataset;
  let out: RightsizeOut;
  const s = { ...DEFAULT_REQUESTS, strategy: 'krr' as const };

  it('sizes the loaded data and reads no bundled history', async () => {
    ds = await uploaded();
    const source = requestsSource(state('upload', { dataset: ds }));
    expect(source.kind).toBe('loaded');
    const data = source.kind === 'loaded' ? source.data : null;
    await refreshRequests(runner, s, false, data);
    const sizing = requestsRuns.getState().sizing;
    expect(sizing.status, sizing.error ?? '').toBe('ready');
    expect(sizing.result!.key).toBe(sizingKey(s, data));
    expect(sizingKey(s, data)).not.toBe(sizingKey(s));
    expect(bundledReads).toEqual([]);
    out = sizing.result!.value;
    expect(out.pods).toBe(VMS);
    expect(out.learned).toEqual({ start: 0, end: 144 });
    expect(out.judged).toEqual({ start: 144, end: 288 });
    expect(out.result.outcomes.map((o) => o.strategy)).toEqual(['slopack', 'krr', 'vpa']);
  });

  it('gives krr’s p95 and counts the samples over it as a direct count does', () => {
    const a = alignSamples(ds.samples!, ds.align ?? {});
    const { cols, data } = a.inst;
    const krr = out.result.outcomes.find((o) => o.strategy === 'krr')!;
    let above = 0;
    let seen = 0;
    out.workloads.forEach((w, k) => {
      const p95 = Math.max(
        ...w.pods.map((p) =>
          quantile(Array.from(data.subarray(p * cols, p * cols + out.learned.end)), 0.95),
        ),
      );
      expect(krr.requests[k]).toBeCloseTo(Math.max(p95, 0.001), 12);
      for (const p of w.pods)
        for (let t = out.judged.start; t < out.judged.end; t++) {
          seen++;
          if (data[p * cols + t] > krr.requests[k]) above++;
        }
    });
    expect(krr.exceed.overall).toBeCloseTo(above / seen, 12);
    for (const o of out.result.outcomes)
      for (const r of o.replays) {
        expect(r.nodes).toBeGreaterThan(0);
        expect(r.over).toBe(r.perNode.filter((n) => n.q > s.target).length);
      }
  });

  it('shows the side-by-side table first, then per workload, and YAML patches naming the data', () => {
    const name = 'your data, planetlab_20110303.csv';
    const html = renderToStaticMarkup(<RequestsSizing out={out} s={s} name={name} />);
    const comparison = /data-testid="rq-comparison".*?<tbody>(.*?)<\/tbody>/.exec(html)![1];
    expect(comparison.match(/<tr>/g)).toHaveLength(3);
    for (const strategy of ['slopack', 'krr', 'vpa'])
      expect(comparison).toContain(`<th>${strategy}</th>`);
    expect(html.indexOf('rq-comparison')).toBeLessThan(html.indexOf('rq-workloads'));
    const yaml = /<pre[^>]*>([\s\S]*?)<\/pre>/.exec(html)![1].replace(/&#x27;/g, "'");
    expect(yaml).toMatch(/^# krr requests learned on your data, planetlab_20110303.csv/);
    type Containers = { containers: { resources: { requests: { cpu: string } } }[] };
    const docs = parseAllDocuments(yaml).map(
      (d) =>
        d.toJS() as {
          kind: string;
          metadata: { name: string };
          spec: Containers & { template?: { spec: Containers } };
        },
    );
    const krr = out.result.outcomes.find((o) => o.strategy === 'krr')!;
    expect(docs).toHaveLength(out.workloads.length);
    docs.forEach((d, k) => {
      expect(d.metadata.name).toBe(out.workloads[k].name);
      // A bare pod's patch holds its containers under spec, a controller's under its template.
      const pod = d.kind === 'Pod' ? d.spec : d.spec.template!.spec;
      expect(d.kind).toBe(
        out.workloads[k].kind === 'DaemonSet/Job' ? 'DaemonSet' : out.workloads[k].kind,
      );
      const cpu = pod.containers[0].resources.requests.cpu;
      expect(cpu).toBe(`${Math.max(1, Math.ceil(Math.round(krr.requests[k] * 1e6) / 1e3))}m`);
    });
  });

  it('waits while the user’s data load, refuses a matrix, and sizes a bundled history only without them', () => {
    expect(requestsSource(state('upload', { status: 'running' })).kind).toBe('waiting');
    const matrix = { title: 'm.npy', samples: null } as unknown as Dataset;
    expect(requestsSource(state('upload', { dataset: matrix }))).toEqual({
      kind: 'no-series',
      title: 'm.npy',
    });
    expect(requestsSource(state('azure-v1', {})).kind).toBe('bundled');
    expect(YAML_STRATEGIES).toEqual(STRATEGIES);
  });
});
