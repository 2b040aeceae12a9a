/** A packing's decisions, step by step, for step-through views and lessons. */
export type PackStep =
  | {
      readonly kind: 'place';
      readonly task: number;
      /** Slack of the task on each machine open before the step (≥ 0: fits). */
      readonly slacks: Float64Array;
      readonly machine: number;
      readonly opened: boolean;
      readonly oversized: boolean;
    }
  | {
      readonly kind: 'rebalance';
      readonly task: number;
      readonly from: number;
      readonly to: number;
      readonly slack: number;
      readonly moved: boolean;
    };

export type PackTrace = PackStep[];
