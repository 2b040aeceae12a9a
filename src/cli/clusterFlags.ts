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
import { flagWordedRangeOption, rangeOption, type OptionSpec } from './args.ts';
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
