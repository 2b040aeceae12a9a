import type { Machines } from './machines.ts';

/** Picks the machine for a task given its slack on each open machine; −1 opens a new one. */
export type Chooser = (
  machines: Machines,
  slackOn: (machine: number) => number,
  slacks: Float64Array | null,
) => number;
