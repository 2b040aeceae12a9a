/**
 * A real Prometheus for tests and benches (Debian's package, `scripts/ensurePrometheus.mjs`): a
 * history written as OpenMetrics from the Bitbrains VMs of `../shared/data` (each VM a pod on a
 * node, its CPU as the cAdvisor counter `container_cpu_usage_seconds_total` for the container and
 * for the pod's own cgroup `container=""`, its memory as `container_memory_working_set_bytes`, plus
 * `kube_pod_container_resource_requests` and `kube_node_status_allocatable`), backfilled with
 * `promtool tsdb create-blocks-from openmetrics` into a scratch folder, then served on 127.0.0.1
 * with an empty scrape configuration. `stop()` ends the server and removes the folder.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  existsSync,
  mkdtempSync,
  openSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { dataPath } from '../../ingest/testing.ts';

const PROMETHEUS = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';
const PROMTOOL = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';

interface HistoryOptions {
  /** Bitbrains VMs (1-based ids from 1) read as pods. */
  readonly pods: number;
  readonly nodes: number;
  /** Allocatable cores of every node. */
  readonly nodeCores: number;
  /** Seconds of history, from the trace's first full day (2013-07-01 00:00 UTC). */
  readonly seconds: number;
  /** Seconds between two scrapes. */
  readonly scrape: number;
  /** Where the history starts (unix s; default the trace's own 2013-07-01), e.g. a day before now. */
  readonly start?: number;
  /** Allocatable memory of every node in bytes (kube_node_status_allocatable); absent: not exported. */
  readonly nodeMemoryBytes?: number;
  /**
   * Only what the default CPU query reads (the containers' counters, requests and allocatable): no
   * pod-level cgroup series and no memory, for benches whose history would otherwise be gigabytes.
   */
  readonly cpuOnly?: boolean;
  /**
   * Pods named as controllers name them, with `kube_pod_owner` and `kube_pod_labels` (label_app):
   * replicas of Deployments and StatefulSets, one owned through a ReplicaSet only, one bare pod.
   */
  readonly workloads?: boolean;
}

export const HISTORY_START = 1372636800;

/** A pod's name, namespace and node, by its VM's 0-based position. */
function podOf(i: number, nodes: number): { namespace: string; pod: string; node: string } {
  const namespace = i % 3 === 0 ? 'analytics' : 'web';
  return {
    namespace,
    pod: `${namespace}-${String(i + 1).padStart(3, '0')}`,
    node: `node-${(i % nodes) + 1}`,
  };
}

/** With `workloads`: pod i's name, its owner and its app label (see HistoryOptions). */
function workloadPodOf(
  i: number,
  pods: number,
): { pod: string; owner: { kind: string; name: string } | null; app: string } {
  const suffix = (k: number) =>
    Array.from({ length: 5 }, (_, j) => 'bcdfghjklmnpqrstvwxz'[(k * 7 + j * 3) % 20]).join('');
  if (i === pods - 1) return { pod: 'standalone', owner: null, app: 'standalone' };
  if (i % 3 === 0)
    return {
      pod: `web-7d4b9c8f6-${suffix(i)}`,
      owner: { kind: 'ReplicaSet', name: 'web-7d4b9c8f6' },
      app: 'web',
    };
  if (i % 3 === 1)
    return { pod: `db-${(i - 1) / 3}`, owner: { kind: 'StatefulSet', name: 'db' }, app: 'db' };
  return {
    pod: `cache-${i}`,
    owner: { kind: 'ReplicaSet', name: 'cache-5c9d8f7b6' },
    app: 'cache',
  };
}

const basePodOf = podOf;

type VmRow = { t: number; cores: number; mem: number };

/**
 * Cores used by the first `count` VMs that live through the history's first day (so the fixture's
 * coverage is known), as (time, cores, memory bytes) rows sorted by time, VMs by id. The trace lists
 * its VMs in blocks by id, so the reading stops at the last VM needed (most of the 63 MB is not
 * decompressed for a few pods).
 */
async function bitbrainsVms(count: number, cap: number): Promise<VmRow[][]> {
  const input = createReadStream(dataPath('bitbrains-rnd/rnd_2013-7_vms1-100_cpu_mem.csv.gz'));
  const lines = createInterface({ input: input.pipe(createGunzip()), crlfDelay: Infinity });
  const out: VmRow[][] = [];
  let id = 0;
  let rows: VmRow[] = [];
  const endVm = () => {
    rows.sort((a, b) => a.t - b.t);
    if (rows.length > 0 && rows[0].t <= HISTORY_START && rows.at(-1)!.t >= HISTORY_START + 86400)
      out.push(rows);
    rows = [];
  };
  let header = true;
  for await (const line of lines) {
    if (header) {
      header = false;
      continue;
    }
    const f = line.split(',');
    const vm = Number(f[0]);
    const cores = Number(f[2]);
    if (!(vm >= 1) || !(cores > 0)) continue;
    if (vm !== id) {
      if (vm < id) throw new Error(`the Bitbrains trace lists VM ${vm} after VM ${id}`);
      endVm();
      if (out.length === count) break;
      id = vm;
    }
    // A container cannot use more than its node's cores (a VM of the trace may have had more).
    const used = Math.min(Number(f[4]) / (Number(f[3]) / cores), cap);
    if (!Number.isFinite(used)) continue;
    rows.push({ t: Number(f[1]), cores: used, mem: Number(f[7]) * 1024 });
  }
  if (out.length < count) endVm();
  input.destroy();
  return out;
}

/**
 * OpenMetrics files, one per day of the history: promtool's backfill reads its whole input once per
 * two-hour block, so one file for a week of 500 pods would take it tens of minutes; a day per file
 * keeps it linear. Each file has every family's TYPE line and ends with `# EOF`.
 */
class DayFiles {
  private readonly fds: number[] = [];
  private readonly bufs: string[] = [];
  private readonly families: string[] = [];
  samples = 0;

  constructor(
    private readonly base: string,
    private readonly start: number,
  ) {}

  get paths(): string[] {
    return this.fds.map((_, d) => `${this.base}.${d}.om`);
  }

  private day(d: number): void {
    while (this.fds.length <= d) {
      this.fds.push(openSync(`${this.base}.${this.fds.length}.om`, 'w'));
      this.bufs.push(this.families.join(''));
    }
  }

  family(line: string): void {
    this.families.push(line);
    for (let d = 0; d < this.bufs.length; d++) this.bufs[d] += line;
  }

  put(line: string, t: number): void {
    const d = Math.floor((t - this.start) / 86400);
    this.day(d);
    this.bufs[d] += line;
    this.samples++;
    // Written synchronously in 1 MiB pieces: a stream's queue outgrows memory on bench sizes.
    if (this.bufs[d].length > 1 << 20) {
      writeSync(this.fds[d], this.bufs[d]);
      this.bufs[d] = '';
    }
  }

  close(): void {
    this.fds.forEach((fd, d) => {
      writeSync(fd, this.bufs[d] + '# EOF\n');
      closeSync(fd);
    });
  }
}

/** Writes the history as OpenMetrics files (`base`.0.om, one a day); their paths and sample count. */
async function writeHistory(
  base: string,
  o: HistoryOptions,
): Promise<{ files: string[]; samples: number }> {
  const podOf = (i: number, nodes: number) => {
    const p = basePodOf(i, nodes);
    return o.workloads ? { ...p, namespace: 'shop', pod: workloadPodOf(i, o.pods).pod } : p;
  };
  const distinct = await bitbrainsVms(o.pods, o.nodeCores * 0.95);
  // More pods than VMs (benches): the VMs again, in order.
  const vms = Array.from({ length: o.pods }, (_, i) => distinct[i % distinct.length]);
  const out = new DayFiles(base, HISTORY_START);
  const put = (line: string, t: number) => out.put(line, t);
  const scrapes = Math.floor(o.seconds / o.scrape) + 1;
  const shift = Math.round((o.start ?? HISTORY_START) - HISTORY_START);
  // A VM's usage at time t: its last reading at or before t (a step function), as cAdvisor sees it.
  const usage = (rows: { t: number; cores: number; mem: number }[]) => {
    let k = 0;
    return (t: number) => {
      while (k + 1 < rows.length && rows[k + 1].t <= t) k++;
      return rows[k];
    };
  };
  out.family('# TYPE container_cpu_usage_seconds_total unknown\n');
  vms.forEach((rows, i) => {
    const { namespace, pod, node } = podOf(i, o.nodes);
    for (const container of o.cpuOnly ? ['app'] : ['app', '']) {
      const labels = `namespace="${namespace}",pod="${pod}",node="${node}",container="${container}",image="${container ? 'registry.local/app:1' : ''}"`;
      const at = usage(rows);
      let total = 0;
      for (let s = 0; s < scrapes; s++) {
        const t = HISTORY_START + s * o.scrape;
        if (s > 0) total += at(t - o.scrape).cores * o.scrape;
        put(`container_cpu_usage_seconds_total{${labels}} ${total.toFixed(3)} ${t + shift}\n`, t);
      }
    }
  });
  out.family('# TYPE container_memory_working_set_bytes gauge\n');
  if (!o.cpuOnly)
    vms.forEach((rows, i) => {
      const { namespace, pod, node } = podOf(i, o.nodes);
      const at = usage(rows);
      const labels = `namespace="${namespace}",pod="${pod}",node="${node}",container="app",image="registry.local/app:1"`;
      for (let s = 0; s < scrapes; s++) {
        const t = HISTORY_START + s * o.scrape;
        put(
          `container_memory_working_set_bytes{${labels}} ${Math.round(at(t).mem)} ${t + shift}\n`,
          t,
        );
      }
    });
  // Requests and allocatable every 5 minutes (kube-state-metrics' values hardly change).
  out.family('# TYPE kube_pod_container_resource_requests gauge\n');
  vms.forEach((rows, i) => {
    const { namespace, pod, node } = podOf(i, o.nodes);
    const mean = rows.slice(0, 288).reduce((a, r) => a + r.cores, 0) / Math.min(288, rows.length);
    const labels = `namespace="${namespace}",pod="${pod}",node="${node}",container="app",resource="cpu",unit="core"`;
    for (let t = HISTORY_START; t <= HISTORY_START + o.seconds; t += 300)
      put(
        `kube_pod_container_resource_requests{${labels}} ${Math.max(0.1, mean).toFixed(2)} ${t + shift}\n`,
        t,
      );
  });
  if (o.workloads) {
    const every = (line: (i: number) => string) =>
      vms.forEach((_, i) => {
        for (let t = HISTORY_START; t <= HISTORY_START + o.seconds; t += 300)
          put(`${line(i)} 1 ${t + shift}\n`, t);
      });
    out.family('# TYPE kube_pod_owner gauge\n');
    every((i) => {
      const { pod, owner } = workloadPodOf(i, o.pods);
      return `kube_pod_owner{namespace="shop",pod="${pod}",owner_kind="${owner?.kind ?? '<none>'}",owner_name="${owner?.name ?? '<none>'}"}`;
    });
    out.family('# TYPE kube_pod_labels gauge\n');
    every((i) => {
      const { pod, app } = workloadPodOf(i, o.pods);
      return `kube_pod_labels{namespace="shop",pod="${pod}",label_app="${app}"}`;
    });
  }
  out.family('# TYPE kube_node_status_allocatable gauge\n');
  for (let n = 0; n < o.nodes; n++)
    for (let t = HISTORY_START; t <= HISTORY_START + o.seconds; t += 300)
      put(
        `kube_node_status_allocatable{node="node-${n + 1}",resource="cpu",unit="core"} ${o.nodeCores} ${t + shift}\n`,
        t,
      );
  if (o.nodeMemoryBytes !== undefined)
    for (let n = 0; n < o.nodes; n++)
      for (let t = HISTORY_START; t <= HISTORY_START + o.seconds; t += 300)
        put(
          `kube_node_status_allocatable{node="node-${n + 1}",resource="memory",unit="byte"} ${o.nodeMemoryBytes} ${t + shift}\n`,
          t,
        );
  out.close();
  return { files: out.paths, samples: out.samples };
}

/** A free port in [from, to] on 127.0.0.1. */
export async function freePort(from: number, to: number): Promise<number> {
  for (let p = from; p <= to; p++) {
    const free = await new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(false));
      s.listen(p, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return p;
  }
  throw new Error(`no free port in ${from}–${to}`);
}

export interface RunningPrometheus {
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  stop(): Promise<void>;
}

/**
 * Backfills `history` into the TSDB folder `data`, a day's OpenMetrics file at a time, in blocks of
 * up to a day (promtool's default two-hour blocks multiply the blocks the server opens on a week).
 */
async function backfill(history: HistoryOptions, scratch: string, data: string): Promise<void> {
  const { files } = await writeHistory(join(scratch, 'history'), history);
  for (const om of files) {
    execFileSync(
      PROMTOOL,
      ['tsdb', 'create-blocks-from', 'openmetrics', '--max-block-duration=24h', om, data],
      { stdio: 'pipe' },
    );
    rmSync(om);
  }
}

/** Bumped when writeHistory writes other samples for the same options (a cached TSDB is then stale). */
const HISTORY_VERSION = 1;

/**
 * Where a cached history's TSDB lives: the system's temp folder, keyed by the history's options, kept
 * after `stop()` so that a second run (the benches) starts the server on it at once.
 */
function cachedTsdb(history: HistoryOptions): string {
  const key = createHash('sha256')
    .update(JSON.stringify({ HISTORY_VERSION, ...history }))
    .digest('hex')
    .slice(0, 16);
  return join(tmpdir(), `slopack-prom-tsdb-${key}`);
}

/**
 * Backfills `history` and starts Prometheus on it; the caller must `stop()` it (even on failure).
 * `cache`: the TSDB is kept by the history's options and reused by the next start (benches only:
 * the server writes into it, so two at once on one history would contend for its lock).
 */
export async function startPrometheus(
  history: HistoryOptions,
  o: { ports?: [number, number]; corsOrigin?: string; retention?: string; cache?: boolean } = {},
): Promise<RunningPrometheus> {
  const dir = mkdtempSync(join(tmpdir(), 'slopack-prom-'));
  const data = o.cache ? cachedTsdb(history) : join(dir, 'data');
  const complete = `${data}.complete`;
  let child: ChildProcess | null = null;
  const stop = async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (!existsSync(complete)) {
      rmSync(data, { recursive: true, force: true });
      await backfill(history, dir, data);
      writeFileSync(complete, '');
    }
    writeFileSync(
      join(dir, 'prometheus.yml'),
      'global:\n  scrape_interval: 1m\nscrape_configs: []\n',
    );
    const [from, to] = o.ports ?? [19090, 19099];
    // A port found free can be taken before the server binds it (test files and suites run side
    // by side): the server then exits saying so, and the next free port is tried.
    for (let attempt = 0; ; attempt++) {
      const port = await freePort(from, to);
      child = spawn(
        PROMETHEUS,
        [
          `--config.file=${join(dir, 'prometheus.yml')}`,
          `--storage.tsdb.path=${data}`,
          `--storage.tsdb.retention.time=${o.retention ?? '100y'}`,
          `--web.listen-address=127.0.0.1:${port}`,
          `--web.cors.origin=${o.corsOrigin ?? '.*'}`,
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      const url = `http://127.0.0.1:${port}`;
      const ready = await whenReady(child, url, data);
      if (ready === true) return { url, port, dir, stop };
      if (!/address already in use/.test(ready) || attempt >= 5) throw new Error(ready);
    }
  } catch (e) {
    await stop();
    throw e;
  }
}

/**
 * Waits for `child` to answer ready at `url`: `true`, or why it did not. The answer must name its
 * TSDB folder `data`: another test's server on the port this one failed to bind answers too.
 */
async function whenReady(child: ChildProcess, url: string, data: string): Promise<true | string> {
  let log = '';
  child.stderr!.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) {
      await new Promise((r) => setImmediate(r));
      return `prometheus exited (${child.exitCode}): ${log}`;
    }
    const ready = await fetch(`${url}/-/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready && (await tsdbPath(url)) === data) return true;
    if (i > 600) return `prometheus did not get ready in 60 s: ${log}`;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function tsdbPath(url: string): Promise<string | undefined> {
  try {
    const flags = (await (await fetch(`${url}/api/v1/status/flags`)).json()) as {
      data?: Record<string, string>;
    };
    return flags.data?.['storage.tsdb.path'];
  } catch {
    return undefined;
  }
}
