/**
 * `cluster --prometheus URL`: CPU and memory of a live source packed on its own nodes. The one
 * machine type is the reference node (the most common node size, in cores and bytes), capacity 1
 * in each resource; machines are nodes, and the output says them in cores and bytes too.
 */
import { nodesJson, nodesText } from '../../../present/cores.ts';
import { formatNumber } from '../../../present/format.ts';
import {
  loadSourceCluster,
  nodeType,
  type PromCluster,
} from '../../../ingest/prometheusCluster.ts';
import { memoryOptions, memoryPerMachine } from '../../clusterFlags.ts';
import { UsageError, rangeOption, type OptionSpec, type Options } from '../../args.ts';
import { CORES_PER_MACHINE } from '../../ranges.ts';
import { promOptions, sourceFromOptions, accessFromOptions } from '../../promOptions.ts';

export const clusterPromOptions = {
  ...promOptions,
  'cores-per-machine': rangeOption(
    CORES_PER_MACHINE,
    'with --prometheus: cores of a node, when the server exports no kube_node_status_allocatable',
  ),
  ...memoryOptions,
  'memory-query': {
    kind: 'string',
    help: 'with --prometheus: PromQL for memory per pod in bytes (default: container_memory_working_set_bytes without the pod cgroup)',
  },
} as const satisfies Record<string, OptionSpec>;

/** The source of the options read as a workload, or null without --prometheus. */
export async function promClusterFrom(
  o: Options,
  resources: readonly string[],
): Promise<PromCluster | null> {
  const source = sourceFromOptions(o);
  if (!source) return null;
  const memory = memoryPerMachine(o);
  try {
    return await loadSourceCluster(source, accessFromOptions(o), {
      resources,
      ...(o['cores-per-machine'] !== undefined
        ? { coresPerMachine: o['cores-per-machine'] as number }
        : {}),
      ...(memory !== undefined ? { memoryPerMachine: memory } : {}),
      ...(o['memory-query'] !== undefined ? { memoryQuery: String(o['memory-query']) } : {}),
      onRetention: (note) => process.stderr.write(`${note}\n`),
    });
  } catch (e) {
    if (e instanceof RangeError) throw new UsageError(e.message);
    throw e;
  }
}

export { nodeType };

/** The reference node and the machines in its units, for JSON (cores by the one presenter). */
export function nodeJson(c: PromCluster, machines: number) {
  return {
    reference_node: {
      cores: c.coresPerMachine,
      ...(c.memoryPerMachine !== null
        ? { memory_bytes: c.memoryPerMachine, memory_from: c.memoryFrom }
        : {}),
    },
    nodes: machines,
    cores: nodesJson(machines, 1, c.coresPerMachine)!.cores,
    ...(c.memoryPerMachine !== null ? { memory_bytes: machines * c.memoryPerMachine } : {}),
  };
}

/** The same in words: "3 nodes of 8 cores, 24 cores, 192 GiB". */
export function nodeLine(c: PromCluster, machines: number): string {
  const mem =
    c.memoryPerMachine === null
      ? ''
      : `, ${formatNumber((machines * c.memoryPerMachine) / 2 ** 30)} GiB`;
  return `${nodesText(machines, 1, c.coresPerMachine)!}${mem}`;
}
