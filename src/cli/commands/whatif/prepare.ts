/**
 * The cluster a replay starts from, read from the command line as `replay` and `advise` read it:
 * the history aligned, its step and units, the starting nodes, the placement and the requests.
 */
import { basename } from 'node:path';
import {
  ASSUMED_REQUEST_PERCENTILE,
  matrixColumns,
  type ReplayBase,
  labelPlacement,
  type StartNode,
} from '../../../engine/whatif/index.ts';
import { UsageError, type Options } from '../../args.ts';
import { readText } from '../../io.ts';
import { loadReplay, type Replay } from '../replayData.ts';
import { readPlacement, readRequests } from './inputs.ts';
import { exportedRequests, nodeCapacityOf } from './promCluster.ts';

const DEFAULT_STEP = 300;

export interface Prepared {
  readonly replay: Replay;
  readonly step: number;
  readonly capacity: number;
  readonly milliPerUnit: number;
  readonly nodes: StartNode[];
  readonly placement: Int32Array;
  readonly requests: Float64Array | null;
  readonly judged: { start: number; end: number };
  readonly notes: string[];
}

function startNodes(
  placed: readonly string[],
  count: number | undefined,
  capacity: number,
  capacityOf: (node: string) => number = () => capacity,
): StartNode[] {
  const names = [...placed];
  if (count !== undefined && count < names.length)
    throw new UsageError(`--nodes ${count}: the placement already names ${names.length} nodes`);
  const taken = new Set(names);
  for (let k = 0; count !== undefined && names.length < count; k++)
    if (!taken.has(`node-${k}`)) names.push(`node-${k}`);
  return names.map((name, k) => ({
    name,
    capacity: k < placed.length ? capacityOf(name) : capacity,
  }));
}

function checkUnits(o: Options): void {
  if (o['cores-per-machine'] !== undefined && o.capacity !== undefined)
    throw new UsageError(
      'give --cores-per-machine C (nodes of C cores) or --capacity c (nodes of c machine units), not both',
    );
}

/** The history of `--data`/`--prometheus` and the cluster it starts from. */
export async function prepare(o: Options, useLabels = true): Promise<Prepared> {
  checkUnits(o);
  return prepareFrom(await loadReplay(o, 0, (o.seed as number) ?? 1), o, useLabels);
}

/** The placement: the CSV's, else (from Prometheus, unless `fresh`) the series' node labels. */
function placementOf(
  replay: Replay,
  o: Options,
  useLabels: boolean,
  notes: string[],
): Map<string, string> | null {
  const ids = replay.aligned.ids;
  if (o.placement) {
    const file = o.placement as string;
    return readPlacement(readText(file), basename(file), new Map(ids.map((id, p) => [id, p])));
  }
  if (!replay.cluster || !useLabels) return null;
  const map = labelPlacement(ids);
  if (map)
    notes.push(
      `placement from the series' node label: ${map.size} pods on ${new Set(map.values()).size} nodes`,
    );
  else
    notes.push(
      "some series carry no node label: the replay starts from an empty cluster (keep node in the query's by (…), or give --placement)",
    );
  return map;
}

/** Requests: the CSV's, else those Prometheus exports, else null (assumed). */
function requestsOf(
  replay: Replay,
  o: Options,
  cores: number | null,
  notes: string[],
): Float64Array | null {
  const ids = replay.aligned.ids;
  if (o.requests)
    return readRequests(readText(o.requests as string), basename(o.requests as string), ids, cores);
  const exported =
    replay.cluster && cores !== null ? exportedRequests(ids, replay.cluster, cores) : null;
  if (exported) {
    notes.push(
      `requests from kube_pod_container_resource_requests{resource="cpu"}${exported.missing ? ` (${exported.missing} pods export none: scheduled as pods without a request)` : ''}`,
    );
    return exported.requests;
  }
  notes.push(
    `requests assumed: a pod created at instant t requests the p${ASSUMED_REQUEST_PERCENTILE} of its own usage before t (none when it has no earlier sample); --requests pod_cpu.csv gives them`,
  );
  return null;
}

/**
 * The cluster the options describe on a history already loaded. `useLabels`: a Prometheus
 * history's node labels are its starting placement (not for `fresh`, an empty cluster).
 */
export function prepareFrom(replay: Replay, o: Options, useLabels = true): Prepared {
  checkUnits(o);
  const notes: string[] = [];
  const step = replay.aligned.report.step ?? (o.step as number | undefined) ?? DEFAULT_STEP;
  if (replay.aligned.report.step === null && o.step === undefined)
    notes.push(
      `the data carry no timestamps: each instant is read as ${DEFAULT_STEP} s (--step tells another)`,
    );
  const cores = replay.coresPerMachine ?? null;
  const capacity = (o.capacity as number | undefined) ?? 1;
  const milliPerUnit = 1000 * (cores ?? 1);
  if (cores === null)
    notes.push('the data are not in cores: one machine unit is read as one core (1000 m)');
  const ids = replay.aligned.ids;
  const index = new Map(ids.map((id, p) => [id, p]));
  const placement = new Int32Array(ids.length).fill(-1);
  const map = placementOf(replay, o, useLabels, notes);
  const placedNodes = map ? [...new Set(map.values())] : [];
  if (map) {
    const nodeIndex = new Map(placedNodes.map((n, k) => [n, k]));
    for (const [pod, node] of map) placement[index.get(pod)!] = nodeIndex.get(node)!;
  }
  const facts = replay.cluster;
  const perNode =
    facts &&
    cores !== null &&
    o['cores-per-machine'] === undefined &&
    Object.keys(facts.nodeCores).length > 0;
  const placedBy = new Map([...(map ?? [])].map(([pod, node]) => [node, pod]));
  const capacityOf = perNode ? nodeCapacityOf(facts, cores, placedBy) : undefined;
  if (perNode)
    notes.push(
      `node capacity from ${facts.coresFrom}; a node the autoscaler adds has the most common size, ${cores} cores`,
    );
  const nodes = startNodes(placedNodes, o.nodes as number | undefined, capacity, capacityOf);
  const requests = requestsOf(replay, o, cores, notes);
  const columns = replay.aligned.inst.cols;
  const judged = replay.split
    ? { start: replay.split.judge.start, end: replay.split.judge.end }
    : { start: 0, end: columns };
  return { replay, step, capacity, milliPerUnit, nodes, placement, requests, judged, notes };
}

/** Each pod's first and last instant on the aligned grid. */
export function podSpans(p: Prepared): { first: Int32Array; last: Int32Array } {
  const { ids, spans } = p.replay.aligned;
  const first = new Int32Array(ids.length);
  const last = new Int32Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    first[i] = spans[2 * i];
    last[i] = spans[2 * i + 1];
  }
  return { first, last };
}

/** The replay engine's view of a prepared cluster (for tuning by replay). */
export function replayBase(p: Prepared): ReplayBase {
  const inst = p.replay.aligned.inst;
  return {
    ids: p.replay.aligned.ids,
    columns: () => matrixColumns(inst),
    step: p.step,
    milliPerUnit: p.milliPerUnit,
    ...podSpans(p),
    nodes: p.nodes,
    newNodeCapacity: p.capacity,
    placement: p.placement,
    requests: p.requests,
  };
}
