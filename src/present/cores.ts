/**
 * Machine units said in cores and nodes, for data that came in cores (the cores of the reference
 * machine known: `--unit cores` with its core count, Prometheus, Alibaba, Azure V2, Bitbrains). One
 * presenter for every view and the command line. A usage u (machine units) is u × cores-per-machine
 * cores, a capacity c is a node of c × cores-per-machine cores, m machines are m such nodes. Only at
 * task size 1: a task size other than 1 rescales the tasks, and their cores are no longer the data's.
 */
import { formatCount, formatFixed, formatNumber } from './format.ts';

/** The loader options a load kept (the link's `o.*`), as far as cores are concerned. */
export interface CoreOptions {
  readonly unit?: string;
  readonly capacity?: number;
  readonly coresPerMachine?: number;
}

/** Cores of the reference machine of a load, or null when its data did not come in cores. */
export function coresPerMachineOf(
  options: CoreOptions | null | undefined,
  scale: number,
): number | null {
  if (!options || scale !== 1) return null;
  const cores =
    options.coresPerMachine ?? (options.unit === 'cores' ? options.capacity : undefined);
  return cores !== undefined && cores > 0 && Number.isFinite(cores) ? cores : null;
}

/** Cores of the reference machine of a load made with `spec` (its options and task size). */
export function coresOfSpec(spec: CoreOptions & { readonly scale?: number }): number | null {
  return coresPerMachineOf(spec, spec.scale ?? 1);
}

/** Cores of `share` machine units, e.g. "12.5 cores". */
function coresText(share: number, coresPerMachine: number): string {
  return `${formatNumber(share * coresPerMachine)} cores`;
}

/** A capacity in cores, e.g. "c = 1: nodes of 8 cores". */
export function capacityText(capacity: number, coresPerMachine: number | null): string {
  if (coresPerMachine === null) return `c = ${formatNumber(capacity)}`;
  return `c = ${formatNumber(capacity)}: nodes of ${coresText(capacity, coresPerMachine)}`;
}

/** Machines as nodes and cores, e.g. "41 nodes of 8 cores, 328 cores"; null without cores. */
export function nodesText(
  machines: number,
  capacity: number,
  coresPerMachine: number | null,
): string | null {
  if (coresPerMachine === null) return null;
  const node = capacity * coresPerMachine;
  return `${formatCount(machines)} node${machines === 1 ? '' : 's'} of ${formatNumber(node)} cores, ${coresText(machines * capacity, coresPerMachine)}`;
}

/** The same in JSON (the command line's outputs; a mean count stays fractional): null without cores. */
export function nodesJson(
  machines: number,
  capacity: number,
  coresPerMachine: number | null,
): { cores_per_machine: number; node_cores: number; nodes: number; cores: number } | null {
  if (coresPerMachine === null) return null;
  return {
    cores_per_machine: coresPerMachine,
    node_cores: capacity * coresPerMachine,
    nodes: machines,
    cores: machines * capacity * coresPerMachine,
  };
}

/** "machines" or "nodes": what a view calls its bins, the data's cores known or not. */
export function machineNoun(coresPerMachine: number | null, count = 2): string {
  const noun = coresPerMachine === null ? 'machine' : 'node';
  return count === 1 ? noun : `${noun}s`;
}

/** A usage in machine units with its cores beside it, e.g. "0.62 (4.96 cores)", or alone without. */
export function usageText(share: number, coresPerMachine: number | null): string {
  if (coresPerMachine === null) return formatNumber(share);
  return `${formatNumber(share)} (${coresText(share, coresPerMachine)})`;
}

/** A utilisation of a node of `nodeCores` cores, e.g. "73.2 % (46.8 cores)". */
export function utilisationText(fraction: number, nodeCores: number): string {
  return `${formatFixed(fraction * 100, 1)} % (${formatNumber(fraction * nodeCores)} cores)`;
}
