/**
 * `correlate`: how much the tasks of a dataset move together, measured on its time-aligned
 * matrix — the pairwise correlation distribution (within and across the groups the ids name), and,
 * for a packing, each machine's var(total) / Σ var(task).
 */
import {
  WorkloadStats,
  groupsFromIds,
  identityRows,
  pairwiseCorrelation,
  parseFit,
  runPacking,
  varianceRatio,
  type Distribution,
} from '../../engine/index.ts';
import { UsageError, rangeOption } from '../args.ts';
import { SEED } from '../../engine/ranges.ts';
import { MAX_PAIRS } from '../ranges.ts';
import { asUsage, packOptions, type Command } from './command.ts';
import { dataOptions } from '../io.ts';
import { loadReplay, replayJson, replayOptions } from './replayData.ts';

function round(d: Distribution | null): Record<string, unknown> | null {
  if (!d) return null;
  const r = (v: number) => Number(v.toFixed(4));
  return { pairs: d.pairs, mean: r(d.mean), q05_25_50_75_95: d.quantiles.map(r) };
}

export const correlate: Command = {
  usage:
    'npm run cli -- correlate --data FILE [--mode aligned] [--group-by auto|job|label:NAME] [--fit gpa:0.01 …]',
  summary:
    'Correlation on the time-aligned data: pairwise correlations (sampled when large; within vs across groups), and per machine of a packing var(total) / Σ var(task) (1 = independent).',
  options: {
    ...dataOptions,
    data: { ...dataOptions.data, required: true },
    ...replayOptions,
    mode: { ...replayOptions.mode, default: 'aligned', choices: ['aligned'] },
    'group-by': {
      kind: 'string',
      help: 'groups from the ids: auto, job, label:NAME',
      default: 'auto',
    },
    'max-pairs': rangeOption(MAX_PAIRS, 'pairs beyond which pairs are sampled', 200000),
    seed: rangeOption(SEED, 'seed of the sampled pairs', 1),
    ...packOptions,
    'no-pack': { kind: 'flag', help: 'only the pairwise correlations' },
  },
  async run(o, out) {
    const r = await loadReplay(o, 0, o.seed as number);
    const m = r.aligned.inst;
    const groups = asUsage(() => groupsFromIds(r.aligned.ids, o['group-by'] as string));
    if (o['group-by'] !== 'auto' && !groups)
      throw new UsageError(`--group-by ${String(o['group-by'])}: the ids name no groups`);
    const pairs = pairwiseCorrelation(m, {
      groups,
      maxPairs: o['max-pairs'] as number,
      seed: o.seed as number,
    });
    const result: Record<string, unknown> = {
      alignment: replayJson(r),
      tasks: pairs.tasks,
      columns: pairs.columns,
      pairs_total: pairs.totalPairs,
      pairs_sampled: pairs.sampled,
      constant_tasks: pairs.constantTasks,
      correlation: round(pairs.all),
      groups: pairs.groups,
      within_groups: round(pairs.withinGroups),
      across_groups: round(pairs.acrossGroups),
    };
    if (!o['no-pack']) {
      const params = asUsage(() => ({
        packer: o.algo as 'bf',
        fit: parseFit(o.fit as string),
        capacity: o.capacity as number,
        clairvoyance: o.clairvoyance as number,
        source: 'inst' as const,
        rebalance: o.rebalance as number,
      }));
      const stats = new WorkloadStats({ inst: r.inst, avg: null });
      const rows = identityRows(r.inst.rows);
      const packed = asUsage(() => runPacking(stats, rows, params));
      const ratios = packed.machines.map((mc) => varianceRatio(r.inst, mc.tasks));
      const finite = ratios.filter(Number.isFinite).sort((a, b) => a - b);
      result.packing = {
        fit: o.fit,
        machines: packed.mAbs,
        variance_ratio: {
          median: finite[Math.floor(finite.length / 2)] ?? null,
          max: finite.at(-1) ?? null,
          per_machine: ratios.map((v) => Number(v.toFixed(3))),
        },
      };
    }
    out(JSON.stringify(result));
  },
};
