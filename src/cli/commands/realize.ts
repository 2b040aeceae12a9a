/** The command line's commands over the engine (SPEC §11). */
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import {
  matrixFrom,
  realize,
  sliceTasks,
  taskCount,
  type RealizationMatrix,
} from '../../engine/index.ts';
import { UsageError, type Options } from '../args.ts';
import { asUsage, type Command } from './command.ts';
import { dataOptions, loadFromOptions, writeMatrix } from '../io.ts';
import { loadReplay, replayJson, replayOptions, type RealizationMode } from './replayData.ts';

export const realizeCommand: Command = {
  usage: 'npm run cli -- realize --data FILE --realizations R --seed S --out-inst X.npy [options]',
  summary:
    'Realization matrices from per-task samples in any format (SPEC §2, §10): R independent draws with replacement per task (the paper’s), the time-aligned instants (--mode aligned: column t is one instant for every task), or a joint block bootstrap of them (--mode blocks --block B).',
  options: {
    ...dataOptions,
    data: { ...dataOptions.data, required: true },
    fraction: {
      kind: 'flag',
      help: 'values are fractions of a machine, not percent (= --unit fraction)',
    },
    tasks: { kind: 'integer', help: 'keep the first N tasks (default: all)' },
    realizations: { kind: 'integer', help: 'realizations per task R', default: 10000 },
    seed: { kind: 'integer', help: 'random seed', default: 1 },
    'out-inst': { kind: 'string', help: 'where to write the inst matrix', required: true },
    'out-avg': { kind: 'string', help: 'where to write the avg matrix (sources with avg only)' },
    ...replayOptions,
    'out-judge': { kind: 'string', help: 'with --learn: where to write the judged part (inst)' },
    'out-ids': { kind: 'string', help: 'aligned and blocks: where to write the task ids (JSON)' },
  },
  async run(o, out) {
    if ((o.mode as RealizationMode) !== 'independent') return realizeAligned(o, out);
    for (const k of ['learn', 'judge', 'out-judge', 'block', 'out-ids'])
      if (o[k] !== undefined) throw new UsageError(`--${k} is for --mode aligned or blocks`);
    const loaded = await loadFromOptions(o);
    if (loaded.kind !== 'samples')
      throw new UsageError(`--data ${o.data} is already a realization matrix; pack it directly`);
    const samples = loaded.samples;
    const n = (o.tasks as number | undefined) ?? taskCount(samples.inst);
    if (n < 1 || n > taskCount(samples.inst))
      throw new UsageError(`invalid --tasks ${n}: the file has ${taskCount(samples.inst)} tasks`);
    const R = o.realizations as number;
    if (R < 1) throw new UsageError(`invalid --realizations ${R}`);
    const kept = {
      ids: samples.ids.slice(0, n),
      inst: sliceTasks(samples.inst, 0, n),
      avg: samples.avg && sliceTasks(samples.avg, 0, n),
    };
    const m = asUsage(() => realize(kept, R, o.seed as number, false));
    writeMatrix(o['out-inst'] as string, m.inst);
    if (o['out-avg']) {
      if (!m.avg)
        throw new UsageError(`--out-avg: ${basename(o.data as string)} has no avg series`);
      writeMatrix(o['out-avg'] as string, m.avg);
    }
    out(
      JSON.stringify({
        tasks: n,
        realizations: R,
        seed: o.seed,
        inst: o['out-inst'],
        avg: o['out-avg'] ?? null,
      }),
    );
  },
};

async function realizeAligned(o: Options, out: (line: string) => void): Promise<void> {
  const R = o.realizations as number;
  const r = await loadReplay(o, R, o.seed as number);
  const n = (o.tasks as number | undefined) ?? r.inst.rows;
  if (n < 1 || n > r.inst.rows)
    throw new UsageError(`invalid --tasks ${n}: the aligned data have ${r.inst.rows} tasks`);
  const first = (m: RealizationMatrix) =>
    n === m.rows ? m : matrixFrom(n, m.cols, m.data.slice(0, n * m.cols));
  writeMatrix(o['out-inst'] as string, first(r.inst));
  if (o['out-avg']) {
    if (!r.avg) throw new UsageError(`--out-avg: ${basename(o.data as string)} has no avg series`);
    writeMatrix(o['out-avg'] as string, first(r.avg));
  }
  if (o['out-judge']) {
    if (!r.judge) throw new UsageError('--out-judge needs --learn');
    writeMatrix(o['out-judge'] as string, first(r.judge.inst));
  }
  if (o['out-ids'])
    writeFileSync(o['out-ids'] as string, JSON.stringify(r.aligned.ids.slice(0, n)));
  out(
    JSON.stringify({
      mode: o.mode,
      tasks: n,
      realizations: r.inst.cols,
      ...(o.mode === 'blocks' ? { block: o.block, seed: o.seed } : {}),
      judged_columns: r.judge ? r.judge.inst.cols : null,
      inst: o['out-inst'],
      avg: o['out-avg'] ?? null,
      judge: o['out-judge'] ?? null,
      alignment: replayJson(r),
    }),
  );
}
