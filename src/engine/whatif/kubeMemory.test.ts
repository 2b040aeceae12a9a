/**
 * kube-default on CPU and memory requests: hand-worked cases where memory, not CPU, decides the
 * node (fit.go's filter, the weighted score, the autoscaler), and an independent emulation of the
 * upstream arithmetic on random clusters.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matrixFrom } from '../matrix.ts';
import { kubeDefault, matrixColumns, runWhatIf, type WhatIfInput } from './index.ts';

/** A replay input over pods × instants usage rows (machine units, 1000 m each). */
function input(rows: number[][], options: Partial<WhatIfInput> = {}): WhatIfInput {
  const T = rows[0].length;
  return {
    ids: rows.map((_, p) => `p${p}`),
    usage: matrixColumns(matrixFrom(rows.length, T, Float32Array.from(rows.flat()))),
    step: 300,
    milliPerUnit: 1000,
    first: new Int32Array(rows.length),
    last: new Int32Array(rows.length).fill(T - 1),
    nodes: [],
    newNodeCapacity: 1,
    placement: new Int32Array(rows.length).fill(-1),
    requests: null,
    recreations: [],
    judged: { start: 0, end: T },
    ...options,
  };
}

/** The node name of each pod's first residence. */
function firstNodes(r: ReturnType<typeof runWhatIf>): string[] {
  return r.residences.map((list) => r.nodes[list[0].node].name);
}

const GB = 1e9;

describe('kube-default on CPU and memory requests', () => {
  const nodes = [
    { name: 'a', capacity: 1 },
    { name: 'b', capacity: 1 },
  ];
  /** p0 on a, p1 on b, then p2 scheduled; memory in GB, nodes of 16 GB. */
  const three = (cpu: number[], memoryGB: number[] | null) =>
    input(
      cpu.map((v) => [v]),
      {
        nodes,
        requests: Float64Array.from(cpu),
        placement: Int32Array.from([0, 1, -1]),
        memory: memoryGB && {
          requests: Float64Array.from(memoryGB),
          allocatable: 16,
          bytesPerUnit: GB,
        },
      },
    );

  it('filters a node whose memory requests leave too little, though its CPU fits', () => {
    // p2 asks 100 m and 4 GB. CPU alone: a (200 m requested after it) scores 80, b (900 m) 10 → a.
    // a's bound memory requests leave 16 − 13 = 3 GB < 4 GB: fit.go filters it → b. Unfiltered, a
    // would still win the score: (80 + 0) / 2 = 40 against b's (10 + (16 − 5)·100/16) / 2 = 39.
    expect(firstNodes(runWhatIf(three([0.1, 0.8, 0.1], null), kubeDefault()))[2]).toBe('a');
    expect(firstNodes(runWhatIf(three([0.1, 0.8, 0.1], [13, 1, 4]), kubeDefault()))[2]).toBe('b');
  });

  it('scores memory beside CPU with weights 1 and 1, in integers', () => {
    // p2 asks 100 m and 2 GB. a: CPU (1000 − 300)·100/1000 = 70, memory (16 − 12)·100/16 = 25,
    // (70 + 25) / 2 = 47; b: CPU (1000 − 500)·100/1000 = 50, memory (16 − 4)·100/16 = 75,
    // (50 + 75) / 2 = 62 → b, where CPU alone gives a (70 against 50).
    expect(firstNodes(runWhatIf(three([0.2, 0.4, 0.1], null), kubeDefault()))[2]).toBe('a');
    expect(firstNodes(runWhatIf(three([0.2, 0.4, 0.1], [10, 2, 2]), kubeDefault()))[2]).toBe('b');
    // MostAllocated: a (30 + 75) / 2 = 52, b (50 + 25) / 2 = 37 → a.
    const most = runWhatIf(three([0.2, 0.4, 0.1], [10, 2, 2]), kubeDefault('MostAllocated'));
    expect(firstNodes(most)[2]).toBe('a');
  });

  it('adds a node when memory fills the cluster, and leaves a pod larger than a node unschedulable', () => {
    const rows = [[0.1], [0.1], [0.1]];
    const r = runWhatIf(
      input(rows, {
        requests: Float64Array.from([0.1, 0.1, 0.1]),
        memory: { requests: Float64Array.from([10, 10, 17]), allocatable: 16, bytesPerUnit: GB },
      }),
      kubeDefault(),
    );
    // 10 GB on node-0 leaves 6 GB: the second pod's 10 GB needs node-1; 17 GB exceeds any node.
    expect(r.residences.map((list) => list.map((x) => r.nodes[x.node].name))).toEqual([
      ['node-0'],
      ['node-1'],
      [],
    ]);
    expect(r.unschedulable).toEqual(['p2']);
    expect(r.nodesAdded).toBe(2);
  });

  it('equals an independent kube-scheduler on CPU and memory, random clusters', () => {
    const DEFAULT_CPU = 100;
    const DEFAULT_MEMORY = 200 * 1024 * 1024;
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.integer({ min: 0, max: 1200 }), fc.integer({ min: 0, max: 6 * 2 ** 30 })),
          { minLength: 1, maxLength: 30 },
        ),
        fc.integer({ min: 500, max: 3000 }),
        fc.integer({ min: 2 ** 30, max: 16 * 2 ** 30 }),
        fc.boolean(),
        (pods, cpuCapacity, memoryCapacity, least) => {
          // Written out: per node its requested and non-zero requested sums, per resource.
          const nodes: { cpu: number; cpuNZ: number; mem: number; memNZ: number }[] = [];
          const perResource = (requested: number, capacity: number) => {
            if (least)
              return requested > capacity
                ? 0
                : Math.floor(((capacity - requested) * 100) / capacity);
            return Math.floor((Math.min(requested, capacity) * 100) / capacity);
          };
          const choose = (cpu: number, mem: number) => {
            let best = -1;
            let bestScore = -1;
            nodes.forEach((n, k) => {
              if (cpu > 0 && cpu > cpuCapacity - n.cpu) return;
              if (mem > 0 && mem > memoryCapacity - n.mem) return;
              const c = perResource(n.cpuNZ + (cpu || DEFAULT_CPU), cpuCapacity);
              const m = perResource(n.memNZ + (mem || DEFAULT_MEMORY), memoryCapacity);
              const score = Math.floor((c + m) / 2);
              // node-0, node-1, …: names in creation order sort as their indices up to node-9,
              // and past it by bytes; compare the names themselves.
              if (score > bestScore || (score === bestScore && `node-${k}` < `node-${best}`)) {
                best = k;
                bestScore = score;
              }
            });
            return best;
          };
          const expected = pods.map(([cpu, mem]) => {
            let n = choose(cpu, mem);
            if (n < 0 && cpu <= cpuCapacity && mem <= memoryCapacity) {
              nodes.push({ cpu: 0, cpuNZ: 0, mem: 0, memNZ: 0 });
              n = choose(cpu, mem);
            }
            if (n < 0) return '-';
            nodes[n].cpu += cpu;
            nodes[n].cpuNZ += cpu || DEFAULT_CPU;
            nodes[n].mem += mem;
            nodes[n].memNZ += mem || DEFAULT_MEMORY;
            return `node-${n}`;
          });
          const r = runWhatIf(
            input(
              pods.map(() => [0]),
              {
                milliPerUnit: cpuCapacity,
                requests: Float64Array.from(pods, ([cpu]) => cpu / cpuCapacity),
                memory: {
                  requests: Float64Array.from(pods, ([, mem]) => mem / memoryCapacity),
                  allocatable: 1,
                  bytesPerUnit: memoryCapacity,
                },
              },
            ),
            kubeDefault(least ? 'LeastAllocated' : 'MostAllocated'),
          );
          const got = r.residences.map((list) => (list.length ? r.nodes[list[0].node].name : '-'));
          expect(got).toEqual(expected);
        },
      ),
      { seed: 47, numRuns: 300 },
    );
  });
});
