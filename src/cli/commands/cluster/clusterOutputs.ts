/** `cluster --placements` (where each task went) and `cluster --provision` (CBS-RELAX per period). */
import type { ClassAnalysis } from '../../../engine/cluster/index.ts';
import { multiSizes, type MultiFitSpec } from '../../../engine/cluster/index.ts';
import type { MachineType } from '../../../engine/cluster/index.ts';
import {
  periodPlan,
  provisionInput,
  type PeriodPlanParams,
} from '../../../engine/cluster/index.ts';
import { provision, type PeriodOutcome } from '../../../engine/cluster/index.ts';
import { resourceStats, type ClusterResult } from '../../../engine/cluster/index.ts';
import type { MultiSamples, MultiWorkload } from '../../../engine/cluster/index.ts';
import { toCsv } from '../../../present/csv.ts';
import { loadLpSolver } from '../../../runtime/lp.ts';
import { asUsage } from '../command.ts';
import { writeOutput } from '../../files.ts';

/**
 * One line per placed task: its machine (opening order), the machine's type and, per resource, the
 * size the packer summed (the fit's estimate) and the task's mean actual usage over the evaluated
 * columns. Oversized or unplaced tasks have no line.
 */
export function clusterPlacements(
  file: string,
  w: MultiWorkload,
  rows: Int32Array,
  r: ClusterResult,
  fit: MultiFitSpec,
  types: readonly MachineType[],
): void {
  const sizes = multiSizes(fit, resourceStats(w, r.split), rows, w.requests).size;
  const { evaluateStart: from, evaluateEnd: to } = r.split;
  const meanUsage = (res: number, task: number) => {
    const { data, cols } = w.matrices[res];
    let s = 0;
    for (let c = from; c < to; c++) s += data[task * cols + c];
    return s / (to - from);
  };
  const lines: Record<string, unknown>[] = [];
  r.packing.machines.forEach((tasks, machine) => {
    for (const k of tasks) {
      const line: Record<string, unknown> = {
        task: w.ids[rows[k]],
        machine,
        type: types[r.packing.machineType[machine]].name,
      };
      w.resources.forEach((res, d) => {
        line[`${res}_size`] = sizes[d][k];
        line[`${res}_usage`] = meanUsage(d, rows[k]);
      });
      lines.push(line);
    }
  });
  writeOutput(file, toCsv(lines));
}

const outcomeJson = (o: PeriodOutcome, types: readonly MachineType[]) => ({
  machines: Object.fromEntries(types.map((t, m) => [t.name, o.machines[m]])),
  placed: o.placed,
  unplaced: o.unplaced,
  energy: o.energy,
  switching: o.switching,
});

/**
 * The class plan (container sizes and counts per period, M/G/c) and CBS-RELAX per period: the LP's
 * fractional machines per type and containers per type and class, then its First Fit rounding,
 * beside the baseline (every class on the largest type).
 */
export async function provisionJson(
  samples: MultiSamples,
  a: ClassAnalysis,
  types: readonly MachineType[],
  p: PeriodPlanParams,
): Promise<Record<string, unknown>> {
  const plan = asUsage(() => periodPlan(samples, a.clustering.labels, a.classes, p));
  const input = provisionInput(types, plan.sizes);
  const solver = await loadLpSolver();
  const result = asUsage(() =>
    provision(solver, input, plan.containers, { keepAssignments: true }),
  );
  return {
    k: a.clustering.k,
    container_sizes: plan.sizes,
    periods: plan.containers.map((containers, t) => ({
      period: t + 1,
      offered_load: plan.arrivals[t],
      containers,
      lp: {
        machines: Object.fromEntries(types.map((ty, m) => [ty.name, result.fractional[t][m]])),
        containers: Object.fromEntries(
          types.map((ty, m) => [ty.name, Array.from(result.assignments![t][m])]),
        ),
        objective: result.objectives![t],
      },
      rounded: outcomeJson(result.relax[t], types),
      baseline: outcomeJson(result.baseline[t], types),
    })),
  };
}
