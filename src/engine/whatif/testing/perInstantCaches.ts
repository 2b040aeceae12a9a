/**
 * The check every load-aware scheduler's per-instant cache passes: on random clusters it places
 * every pod where the same scheduler reading every node afresh at every arrival does.
 */
import { expect } from 'vitest';
import { matrixFrom } from '../../matrix.ts';
import {
  matrixColumns,
  recreations,
  runWhatIf,
  type ClusterView,
  type OnlineScheduler,
  type WhatIfInput,
} from '../index.ts';

/** The shape of a random cluster: its sizes, the data's step and the generator's seed. */
interface RandomCluster {
  readonly pods: number;
  readonly nodes: number;
  readonly instants: number;
  readonly seed: number;
  readonly step: number;
}

/**
 * The scheduler without its caches: its view gives every node a new version at every read, so
 * nothing kept for a node's version is ever used again.
 */
function uncached(inner: OnlineScheduler): OnlineScheduler {
  let reads = 0;
  return {
    ...inner,
    place(pod, view) {
      const fresh: ClusterView = {
        t: view.t,
        step: view.step,
        nodeCount: view.nodeCount,
        node: (n) => ({ ...view.node(n), version: -1 - reads++ }),
        nodeUsageMilli: (n, u) => view.nodeUsageMilli(n, u),
        podUsageMilli: (p, u) => view.podUsageMilli(p, u),
        assignedSince: (n, since) => view.assignedSince(n, since),
        requestMilli: (p) => view.requestMilli(p),
        memoryRequestBytes: (p) => view.memoryRequestBytes(p),
      };
      return inner.place(pod, fresh);
    },
  };
}

/**
 * A cluster drawn from `c.seed`: usage up to 0.4 of a machine, pods arriving in the first half and
 * leaving at random, a fifth without a request, about 30 % already placed, half restarted once,
 * nodes of 0.5–1.5 machines named out of order.
 */
export function randomCluster(c: RandomCluster): WhatIfInput {
  let state = c.seed + 1;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
  const data = Float32Array.from({ length: c.pods * c.instants }, () => 0.4 * next());
  const first = Int32Array.from({ length: c.pods }, () => Math.floor(next() * (c.instants / 2)));
  const last = Int32Array.from(first, (f) => f + Math.floor(next() * (c.instants - f)));
  const requests = Float64Array.from({ length: c.pods }, () => (next() < 0.2 ? 0 : 0.3 * next()));
  const placement = Int32Array.from({ length: c.pods }, () =>
    next() < 0.3 ? Math.floor(next() * c.nodes) : -1,
  );
  return {
    ids: Array.from({ length: c.pods }, (_, p) => `p${p}`),
    usage: matrixColumns(matrixFrom(c.pods, c.instants, data)),
    step: c.step,
    milliPerUnit: 1000,
    first,
    last,
    nodes: Array.from({ length: c.nodes }, (_, n) => ({
      name: `n${(7 * n) % c.nodes}`,
      capacity: 0.5 + next(),
    })),
    newNodeCapacity: 1,
    placement,
    requests,
    recreations: recreations(
      { kind: 'restart', share: 0.5 },
      first,
      last,
      c.instants,
      c.step,
      c.seed,
    ),
    judged: { start: 0, end: c.instants },
  };
}

/** The scheduler `make` builds places, names and judges every node as its uncached self does. */
export function expectCachesInvisible(input: WhatIfInput, make: () => OnlineScheduler): void {
  const kept = runWhatIf(input, make());
  const fresh = runWhatIf(input, uncached(make()));
  expect(kept.residences).toEqual(fresh.residences);
  expect(kept.nodes.map((n) => n.name)).toEqual(fresh.nodes.map((n) => n.name));
  expect(kept.nodes.map((n) => n.q)).toEqual(fresh.nodes.map((n) => n.q));
}
