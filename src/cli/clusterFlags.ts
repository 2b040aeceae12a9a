/**
 * The flags every command on a cluster's history shares (`assess`, `advise`, `replay`,
 * `rightsize`), declared once here so that each has one spelling, one unit and one meaning: the
 * node (`--cores-per-machine`, `--capacity`), the pods kept (`--namespace`, `--selector`), the
 * learned and judged parts (`--learn`, `--judge`), the SLO (`--target`) and the settings file
 * (`--settings`, default `./slopack.json`). The connection's flags are `promOptions`' and `--step`
 * is `STEP_OPTION`, shared the same way.
 */
import { CAPACITY } from '../engine/index.ts';
import { SLO_TARGET } from '../engine/schedulers/index.ts';
import { MEMORY_GIB_PER_CORE } from '../engine/rightsize/index.ts';
import { parseMemory } from '../ingest/prometheusCluster.ts';
import {
  flagWordedRangeOption,
  rangeOption,
  UsageError,
  type OptionSpec,
  type Options,
} from './args.ts';
import { CORES_PER_MACHINE } from './ranges.ts';

const SLO_DEFAULT = 0.01;

export const CORES_OPTION = rangeOption(
  CORES_PER_MACHINE,
  'cores of a node, every node one size; the unit of requests (default with --prometheus: kube_node_status_allocatable or machine_cpu_cores); also --unit cores, Alibaba, Azure V2, Bitbrains',
);

/** The learned and judged parts of a time-aligned history (engine/replay timeSplit). */
export const splitOptions = {
  learn: {
    kind: 'string',
    help: 'the learned part: fractions a:b of the instants or days:d1-d2 (aligned and blocks)',
  },
  judge: { kind: 'string', help: 'the judged part (default: every instant after --learn)' },
} as const satisfies Record<string, OptionSpec>;

export const clusterOptions = {
  'cores-per-machine': CORES_OPTION,
  capacity: rangeOption(
    CAPACITY,
    'node capacity c in machine units (a machine: --cores-per-machine cores; default 1)',
  ),
  namespace: { kind: 'string', help: 'only the pods of this namespace' },
  selector: {
    kind: 'string',
    help: 'only the pods whose labels match every matcher (app=web,tier!=db; kube_pod_labels with --prometheus, else the series’ own labels)',
  },
  ...splitOptions,
  target: flagWordedRangeOption(
    SLO_TARGET,
    'the SLO q*: a node is over it when its share of judged instants above its capacity exceeds q*',
    SLO_DEFAULT,
  ),
  settings: {
    kind: 'string',
    help: 'a JSON file of flags (connection, node, namespace…) read before the command line, which overrides it (default: ./slopack.json when there is one)',
  },
} as const satisfies Record<string, OptionSpec>;

/**
 * A node's memory, declared once for the commands that size or pack memory (`rightsize`,
 * `cluster`): with `--prometheus` it replaces the server's allocatable memory; with files, whose
 * memory is in machine units, it is the bytes one machine holds (default 4 GiB a core, × the cores
 * of a machine, one when not given: docs/rightsize.md says why).
 */
export const MEMORY_OPTION = {
  kind: 'string',
  help: `memory of a node (bytes, or 64Gi, 512Mi, 64G): with --prometheus instead of its allocatable memory; with files the bytes of one machine unit of memory (default ${MEMORY_GIB_PER_CORE}Gi a core)`,
} as const satisfies OptionSpec;

export const memoryOptions = { 'memory-per-machine': MEMORY_OPTION } as const;

/** `--memory-per-machine` in bytes, or undefined when not given; a bad value is named. */
export function memoryPerMachine(o: Options): number | undefined {
  const text = o['memory-per-machine'] as string | undefined;
  if (text === undefined) return undefined;
  const bytes = parseMemory(text);
  if (!(bytes > 0 && Number.isFinite(bytes)))
    throw new UsageError(
      `--memory-per-machine "${text}": expected bytes or a size such as 64Gi, 512Mi, 64G, above 0`,
    );
  return bytes;
}
