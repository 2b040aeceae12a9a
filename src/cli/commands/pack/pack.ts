/** The command line's commands over the engine (SPEC §11). */
import {
  WorkloadStats,
  addMachineLoads,
  addToSide,
  checkPacker,
  differsBy,
  driftOf,
  driftSide,
  emptySide,
  identityRows,
  judgeMachines,
  machineOfRows,
  machinePeaks,
  parseFit,
  runPacking,
  runPackingStreamed,
  type PackParams,
  type PackResult,
  type RealizationMatrix,
  type Source,
} from '../../../engine/index.ts';
import { UsageError, type Options } from '../../args.ts';
import { asUsage, packOptions, type Command } from '../command.ts';
import { matrixRowBlocks, readMatrix } from '../../io.ts';
import { checkSameTasks, readTaskIds } from '../../taskIds.ts';
import { driftJson, driftLine } from '../driftOut.ts';
import { formatFixed } from '../../../present/format.ts';
import { fitWithGroups, groupOptions, sloJson, sloOf, sloOptions, sloTarget } from './packSlo.ts';
import { writeOutput } from '../../files.ts';

/**
 * The packing of every row of --inst: streamed block by block where the fit test needs only the
 * tasks' moments (the matrix is never held whole), else read into memory.
 */
function packFile(o: Options, params: PackParams): { result: PackResult; rows: Int32Array } {
  const blocks = o.avg || params.source !== 'inst' ? null : matrixRowBlocks(o.inst as string);
  if (blocks) {
    const fit = asUsage(() => fitWithGroups(o, params.fit, blocks.rows));
    const result = asUsage(() => runPackingStreamed(blocks, params, fit));
    if (result) return { result, rows: identityRows(blocks.rows) };
  }
  const inst = readMatrix(o.inst as string);
  const avg = o.avg ? readMatrix(o.avg as string) : null;
  const stats = asUsage(() => new WorkloadStats({ inst, avg }));
  const rows = identityRows(inst.rows);
  const fit = asUsage(() => fitWithGroups(o, params.fit, inst.rows));
  return { result: asUsage(() => runPacking(stats, rows, params, undefined, fit)), rows };
}

/**
 * The drift alarm of `E` against the packed matrix at `path` (read block by block), and each
 * machine's judged peak over its packed peak, minus 1.
 */
function driftOfEval(path: string, E: RealizationMatrix, machines: readonly Int32Array[]) {
  const blocks = matrixRowBlocks(path);
  const machineOf = machineOfRows(machines, E.rows);
  const each = (visit: (first: number, block: RealizationMatrix) => void) => {
    if (blocks) blocks.forEachBlock(visit);
    else visit(0, readMatrix(path));
  };
  let learn = null as ReturnType<typeof emptySide> | null;
  let loads = new Float64Array(0);
  let cols = 0;
  each((first, block) => {
    if (!learn) {
      cols = block.cols;
      learn = emptySide(E.rows, cols);
      loads = new Float64Array(machines.length * cols);
    }
    addToSide(learn, first, block);
    addMachineLoads(loads, machineOf, first, block);
  });
  const judgedLoads = new Float64Array(machines.length * E.cols);
  addMachineLoads(judgedLoads, machineOf, 0, E);
  const before = machinePeaks(loads, cols);
  const rise = machinePeaks(judgedLoads, E.cols).map((p, j) => p / before[j] - 1);
  return { drift: driftOf(learn!, driftSide(E), null), rise };
}

/** The peer's JSON: m_abs, m_norm, m, q, moves, machines [{tasks, q}], plus extra keys. */
export function peerJson(r: PackResult, rows: Int32Array): Record<string, unknown> {
  return {
    m_abs: r.mAbs,
    m_norm: r.mNorm,
    m: r.m,
    q: r.q,
    moves: r.moves,
    machines: r.machines.map((mc) => ({ tasks: Array.from(mc.tasks, (t) => rows[t]), q: mc.q })),
    oversized: r.oversized.map((t) => rows[t]),
    evaluated_columns: r.evaluated,
  };
}

export const pack: Command = {
  usage: 'npm run cli -- pack --inst X.npy [--avg Y.npy] [options]',
  summary:
    'Packs the tasks of a realization matrix (rows in order) and prints the result as JSON, with the SLO per machine (slo); --eval judges the packing on another matrix of the same tasks (eval).',
  options: {
    inst: { kind: 'string', help: 'inst realization matrix (N, R) .npy', required: true },
    avg: { kind: 'string', help: 'avg realization matrix (N, R) .npy' },
    ...packOptions,
    eval: {
      kind: 'string',
      help: 'judge the packing on this (N, E) matrix of the same tasks (e.g. the judged part of a split in time)',
    },
    ...sloOptions,
    ...groupOptions,
    out: { kind: 'string', help: 'write the JSON here instead of stdout' },
  },
  run(o, out) {
    const params = asUsage(() => ({
      packer: checkPacker(o.algo as string),
      fit: parseFit(o.fit as string),
      capacity: o.capacity as number,
      clairvoyance: o.clairvoyance as number,
      source: o.source as Source,
      rebalance: o.rebalance as number,
    }));
    if (params.source === 'avg' && !o.avg) throw new UsageError('--source avg needs --avg');
    const { result, rows } = packFile(o, params);
    const target = asUsage(() => sloTarget(o, params.fit));
    const head: Record<string, unknown> = {};
    const json = peerJson(result, rows);
    json.slo = sloJson(
      sloOf(
        result.machines.map((mc) => mc.overflows),
        result.evaluated,
        target,
      ),
    );
    if (o.eval) {
      const E = readMatrix(o.eval as string);
      const unchecked = checkSameTasks(
        { path: o.inst as string, rows: rows.length },
        { path: o.eval as string, rows: E.rows },
      );
      if (unchecked) process.stderr.write(`${unchecked}\n`);
      const machines = result.machines.map((mc) => Int32Array.from(mc.tasks, (t) => rows[t]));
      const judged = asUsage(() => judgeMachines(machines, E, params.capacity, target));
      const { drift, rise } = driftOfEval(o.inst as string, E, machines);
      const ids = readTaskIds(o.inst as string, E.rows);
      json.eval = sloJson(judged);
      head.q_eval = judged.mean;
      head.q_eval_worst = judged.worst;
      head.q_eval_columns = judged.columns;
      head.q_eval_note = `q judged on --eval (${judged.columns} columns); "q" below is measured on the packed matrix itself`;
      head.drift = driftJson(drift, ids, rise);
      const driftWarning = driftLine('pack', drift, ids, rise);
      if (driftWarning) process.stderr.write(`${driftWarning}\n`);
      if (differsBy(judged.mean, result.q))
        process.stderr.write(
          `pack: judged on ${String(o.eval)}, q is ${formatFixed(judged.mean, 4)} (worst machine ${formatFixed(judged.worst, 4)}), against ${formatFixed(result.q, 4)} on the packed matrix itself: more than 2× apart, so the packed matrix does not foresee the judged one; read q_eval\n`,
        );
    }
    const text = JSON.stringify({ ...head, ...json });
    if (o.out) writeOutput(o.out as string, text);
    else out(text);
  },
};
