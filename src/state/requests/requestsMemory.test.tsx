/**
 * The Requests view's memory, over the inline runner, on the bundled Google 2011 jobs whose memory
 * file comes beside the CPU one (the first 80 jobs of the real files, read by the real loader): the
 * run reads both files, and the per-workload table, the side-by-side table and the YAML patches
 * carry every strategy's memory request, equal to the engine's on the same memory samples (aligned
 * and matched here, not by the job) and, for krr, to a direct count (the learned peak × 1.15). A
 * history without memory says so once and writes no memory.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { alignSamples } from '../../engine/index.ts';
import { memoryRequests, type MemoryOutcome } from '../../engine/rightsize/index.ts';
import type { LoadedData } from '../../ingest/api.ts';
import { loadDataset } from '../../ingest/load.ts';
import { dataInput } from '../../ingest/testing.ts';
import type { FileIngest } from '../../runtime/ingestion/ingestClient.ts';
import { createInlineRunner } from '../../runtime/inlineRunner.ts';
import type { RightsizeOut } from '../../runtime/jobs/index.ts';
import { RequestsSizing } from '../../ui/requests/RequestsView.tsx';
import { DEFAULT_REQUESTS, type RequestsSettings } from './params.ts';
import { refreshRequests, requestsRuns, setRequestsIngest } from './runs.ts';

const runner = createInlineRunner();
afterAll(() => runner.dispose());

const JOBS = 80;
const reads: string[] = [];
const served = new Map<string, LoadedData>();
setRequestsIngest({
  async loadFile(file, spec, onProgress, signal) {
    reads.push(file);
    const loaded = await loadDataset(
      [await dataInput(file)],
      { ...spec, maxTasks: JOBS } as Parameters<typeof loadDataset>[1],
      { signal, onProgress },
    );
    served.set(file, { ...loaded, preset: null, hash: null } as LoadedData);
    return served.get(file)!;
  },
  loadPreset: () => Promise.reject(new Error('no presets here')),
  loadFiles: () => Promise.reject(new Error('no files here')),
  previewFiles: () => Promise.reject(new Error('no previews here')),
} satisfies FileIngest);

async function sized(s: RequestsSettings): Promise<RightsizeOut> {
  await refreshRequests(runner, s);
  const sizing = requestsRuns.getState().sizing;
  expect(sizing.status, sizing.error ?? '').toBe('ready');
  return sizing.result!.value;
}

const GiB = 2 ** 30;
type Containers = { containers: { resources: { requests: { cpu: string; memory?: string } } }[] };
type Patch = { metadata: { name: string }; spec: Containers & { template?: { spec: Containers } } };
const requestsOf = (d: Patch) => (d.spec.template?.spec ?? d.spec).containers[0].resources.requests;

function view(out: RightsizeOut, s: RequestsSettings) {
  const html = renderToStaticMarkup(<RequestsSizing out={out} s={s} name="the bundled history" />)
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
  const yaml = /<pre[^>]*>([\s\S]*?)<\/pre>/.exec(html)![1];
  const table = (id: string) =>
    [
      ...new RegExp(`data-testid="${id}".*?<tbody>(.*?)</tbody>`)
        .exec(html)![1]
        .matchAll(/<tr>(.*?)<\/tr>/g),
    ].map((r) => [...r[1].matchAll(/<t[hd]>(.*?)<\/t[hd]>/g)].map((c) => c[1]));
  const head = (id: string) =>
    [
      ...new RegExp(`data-testid="${id}".*?<thead>(.*?)</thead>`)
        .exec(html)![1]
        .matchAll(/<th[^>]*>(.*?)<\/th>/g),
    ].map((c) => c[1]);
  return {
    html,
    yaml,
    table,
    head,
    patches: parseAllDocuments(yaml).map((d) => d.toJS() as Patch),
  };
}

describe('the Requests view’s memory on a bundled history with a memory file', () => {
  const s: RequestsSettings = { ...DEFAULT_REQUESTS, history: 'google-gcd-jobs', strategy: 'krr' };
  let out: RightsizeOut;
  let engine: MemoryOutcome[];

  it('reads the memory file beside the CPU one and sizes memory as the engine does on the same samples', async () => {
    out = await sized(s);
    expect(reads).toEqual([
      'google-2011-gcd-vms/gcd_vms_cpu_pct_wide.csv',
      'google-2011-gcd-vms/gcd_vms_mem_pct_wide.csv.gz',
    ]);
    expect(out.memory).not.toBeNull();
    const [cpu, memory] = reads.map((f) => {
      const d = served.get(f)!;
      if (d.kind !== 'samples') throw new Error(`${f}: not samples`);
      return alignSamples(d.samples, {});
    });
    const a = memory;
    const rowOf = new Map(a.ids.map((id, p) => [id, p]));
    const step = out.step;
    const { start, end } = out.learned;
    const learned = (p: number) => {
      const row = rowOf.get(cpu.ids[p])!;
      const v: number[] = [];
      const t: number[] = [];
      for (let k = start; k < end; k++) {
        const x = a.inst.data[row * a.inst.cols + k];
        if (Number.isFinite(x)) {
          v.push(x);
          t.push(k * step);
        }
      }
      return { v: Float64Array.from(v), t: Float64Array.from(t) };
    };
    const cpuRow = (k: number) => out.workloads[k].pods.map((p) => learned(p));
    engine = memoryRequests(
      out.workloads.length,
      (k) => ({ pods: cpuRow(k).map((x) => x.v), times: cpuRow(k).map((x) => x.t) }),
      DEFAULT_REQUESTS.memory * 2 ** 30,
      Float64Array.from({ length: end - start }, (_, k) => (start + k) * step),
      step,
    );
    expect(out.memory!.outcomes.map((o) => o.strategy)).toEqual(['slopack', 'krr', 'vpa']);
    out.memory!.outcomes.forEach((o, i) =>
      o.requests.forEach((v, k) =>
        expect(v, `${o.strategy} ${k}`).toBeCloseTo(engine[i].requests[k], 12),
      ),
    );
    const krr = engine[1].requests;
    out.workloads.forEach((w, k) => {
      const peak = Math.max(...w.pods.flatMap((p) => Array.from(learned(p).v)));
      expect(krr[k]).toBeCloseTo(peak * 1.15, 12);
    });
    const judged = out.result.outcomes.find((o) => o.strategy === 'krr')!.memory!;
    expect(judged.replays.length).toBe(2);
    expect(judged.exceed).not.toBeNull();
  });

  it('shows each workload’s memory beside its CPU, memory in the side-by-side table and in the YAML', () => {
    const v = view(out, s);
    expect(v.html).not.toContain('data-testid="rq-memory"');
    const head = v.head('rq-workloads');
    const rows = v.table('rq-workloads');
    expect(rows).toHaveLength(Math.min(out.workloads.length, 200));
    for (const [i, o] of engine.entries()) {
      const col = head.indexOf(`${o.strategy} memory`);
      expect(col, head.join('|')).toBeGreaterThan(head.indexOf(o.strategy));
      rows.forEach((row, k) =>
        expect(Number(row[col])).toBeCloseTo(Math.round(engine[i].requests[k] * 1e6) / 1e6, 9),
      );
    }
    expect(v.head('rq-comparison')).toContain('memory: samples over request');
    expect(v.table('rq-comparison')).toHaveLength(3);
    expect(v.yaml).toContain('one machine read as 4096Mi');
    expect(v.patches).toHaveLength(out.workloads.length);
    v.patches.forEach((d, k) => {
      expect(d.metadata.name).toBe(out.workloads[k].name);
      expect(requestsOf(d).memory).toBe(
        `${Math.max(1, Math.ceil((engine[1].requests[k] * 4 * GiB) / 2 ** 20))}Mi`,
      );
    });
  });

  it('says once that a history without memory carries none, and writes no memory', async () => {
    const azure = await sized({ ...DEFAULT_REQUESTS, history: 'azure-v1', learn: 0.02 });
    expect(azure.memory).toBeNull();
    const v = view(azure, { ...DEFAULT_REQUESTS, history: 'azure-v1' });
    expect(v.html.match(/data-testid="rq-memory"/g)).toHaveLength(1);
    expect(v.head('rq-workloads').some((h) => h.includes('memory'))).toBe(false);
    for (const d of v.patches) expect(requestsOf(d).memory).toBeUndefined();
  });
});
