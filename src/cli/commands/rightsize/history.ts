/**
 * `rightsize`'s history: the aligned usage of the pods (files or Prometheus), kept to `--namespace`
 * and `--selector`, with what the cluster says of them (owners, labels, today's requests), grouped
 * into workloads.
 */
import { basename } from 'node:path';
import {
  groupWorkloads,
  podIdentity,
  rightsizeHistory,
  ungroupedNote,
  type Grouping,
  type PodIdentity,
  type RightsizeHistory,
} from '../../../engine/rightsize/index.ts';
import type { Options } from '../../args.ts';
import { accessFromOptions, sourceFromOptions } from '../../promOptions.ts';
import { readText } from '../../io.ts';
import { podKey } from '../podFilter.ts';
import { loadReplay } from '../replayData.ts';
import { readRequests } from '../whatif/inputs.ts';
import { podFacts, rightsizeQuery } from './cluster.ts';

const DEFAULT_STEP = 300;
const DEFAULT_LEARN = '0:0.5';

interface LoadedHistory {
  readonly history: RightsizeHistory;
  readonly grouping: Grouping;
  readonly identities: PodIdentity[];
  /** Today's request per pod (machine units, NaN where unknown), or null. */
  readonly today: Float64Array | null;
  readonly coresPerUnit: number | null;
  readonly learned: { start: number; end: number };
  readonly judged: { start: number; end: number };
  readonly notes: string[];
  readonly source: string;
  /** Unix seconds of the history's time 0 (its `times` count from it). */
  readonly origin: number;
}

export async function loadHistory(o: Options): Promise<LoadedHistory> {
  const notes: string[] = [];
  const source0 = sourceFromOptions(o);
  const load: Options = { ...o, format: o['data-format'], mode: 'aligned' };
  if (source0 && o.query === undefined) load.query = rightsizeQuery(undefined);
  if (!o.learn) {
    load.learn = DEFAULT_LEARN;
    notes.push(
      `--learn not given: requests learned on the first half of the history and judged on the second (--learn ${DEFAULT_LEARN})`,
    );
  }
  const replay = await loadReplay(load, 0, (o.seed as number) ?? 1);
  const source = sourceFromOptions(load);
  const facts = source ? (replay.facts ?? (await podFacts(source, accessFromOptions(o)))) : null;
  const a = replay.aligned;
  const ids = a.ids;
  const who = ids.map(podIdentity);
  if (a.report.step === null && o.step === undefined)
    notes.push(
      `the data carry no timestamps: each instant is read as ${DEFAULT_STEP} s (--step tells another)`,
    );
  const cores = replay.coresPerMachine ?? null;
  const history = rightsizeHistory(a, {
    step: (o.step as number | undefined) ?? DEFAULT_STEP,
    coresPerUnit: cores,
    capacity: (o.capacity as number | undefined) ?? 1,
  });
  const grouping = groupWorkloads(ids, facts?.owners ?? new Map(), who);
  const ungrouped = ungroupedNote(grouping, ids.length);
  if (ungrouped) notes.push(ungrouped);
  let today: Float64Array | null = null;
  if (o.requests) {
    const file = o.requests as string;
    today = readRequests(readText(file), basename(file), ids, cores);
  } else if (facts && facts.requests.size) {
    today = Float64Array.from(who, (w) => {
      const r = facts.requests.get(podKey(w));
      return r === undefined ? NaN : r / (cores ?? 1);
    });
    const missing = today.filter((v) => Number.isNaN(v)).length;
    if (missing)
      notes.push(
        `${missing} of ${ids.length} pods have no kube_pod_container_resource_requests: today's row places them without a request`,
      );
  }
  const split = replay.split!;
  return {
    history,
    grouping,
    identities: who,
    today,
    coresPerUnit: cores,
    learned: { start: split.learn.start, end: split.learn.end },
    judged: { start: split.judge.start, end: split.judge.end },
    notes,
    source: source ? `${source.url} (${source.query})` : String(o.data),
    origin: a.origin,
  };
}

/** Per workload the container its patch names: the series' `container` label, else `--container`, else the workload's name. */
export function containerNames(loaded: LoadedHistory, given: string | undefined): string[] {
  return loaded.grouping.workloads.map((w) => {
    const label = loaded.identities[w.pods[0]].labels.container;
    return label || given || w.name;
  });
}
