import type { Machines } from './machines.ts';

/**
 * Picks the machine for a task given its slack on each open machine; −1 opens a new one. A chooser
 * may pass the slack it needs beaten (Best Fit's best so far): a slack ≥ it may then come back as any
 * value ≥ it (`MachineState.slackBelow`).
 */
export type Chooser = (
  machines: Machines,
  slackOn: (machine: number, above?: number) => number,
  slacks: Float64Array | null,
) => number;
