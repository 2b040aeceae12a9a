/** The command line's commands over the engine (SPEC §11). */
import { basename } from 'node:path';
import { realize, sliceTasks, taskCount } from '../../engine/index.ts';
import { UsageError } from '../args.ts';
import { asUsage, type Command } from './command.ts';
import { dataOptions, loadFromOptions, writeMatrix } from '../io.ts';

export const realizeCommand: Command = {
  usage: 'npm run cli -- realize --data FILE --realizations R --seed S --out-inst X.npy [options]',
  summary:
    'Draws realization matrices from per-task samples in any format (SPEC §2, §10): R draws with replacement per task.',
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
  },
  async run(o, out) {
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
