/** The paper lab's number parameters declared once, with the page's name and the command's flag. */
import { numberRange } from '../ranges.ts';

const count = (name: string, min: number, max: number, flag: string) =>
  numberRange(name, name, { min, max, integer: true, flag });

/** Fig. 5: the tasks N' in the random sum, and which sum is drawn. */
export const FIG5_TASKS = count("N'", 1, 100_000, 'fig5-n');
export const FIG5_EXAMPLE = count('example sum', 0, 1_000_000, 'fig5-example');
/** §3.4: samples per window Δ (two at least, for a deviation). */
export const PAPER_WINDOW = count('window Δ', 2, 10_000, 'window');
/** Instances K of the paper's packing figures. */
export const PAPER_INSTANCES = count('paper instances K', 1, 500, 'instances');
/** Table 1 / Fig. 6 (and `calibrate`): sums of N tasks drawn per N. */
export const PAPER_SUMS = count('sums per N', 1, 100_000, 'sums');
/** `paper --synthetic N`: the synthetic Google-like workload's tasks, and its seed. */
export const SYNTHETIC_TASKS = count('synthetic tasks', 1, 100_000, 'synthetic');
export const SYNTHETIC_SEED = count('synthetic seed', 0, Number.MAX_SAFE_INTEGER, 'synthetic-seed');
