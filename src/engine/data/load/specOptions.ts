/** Loose options of every format (what a command line or a form collects), resolved by detect.ts. */
import type { GoogleOptions } from '../readers/google.ts';
import type { Unit } from '../units/units.ts';
import type { RepeatRule } from '../samples/repeats.ts';

/** Every format's options in one loose bag (what a command line or a form collects). */
export interface SpecOptions {
  readonly unit?: Unit;
  readonly scale?: number;
  readonly capacity?: number;
  readonly clamp?: boolean;
  readonly skipBadLines?: boolean;
  /** Formats with timestamps: a repeated timestamp of a series merged (default) or refused. */
  readonly duplicates?: RepeatRule;
  readonly maxTasks?: number;
  readonly firstSampleColumn?: number;
  readonly timeColumns?: number;
  readonly idColumn?: string | number;
  readonly valueColumn?: string | number;
  readonly avgColumn?: string | number;
  readonly scaleColumn?: string | number;
  /** Long CSV: the timestamp column (seconds), for time-aligned replay. */
  readonly timeColumn?: string | number;
  readonly filters?: GoogleOptions['filters'];
  readonly sample?: GoogleOptions['sample'];
  readonly kind?: 'samples' | 'realizations';
  /** Cores of the reference machine (cores units, Alibaba, Azure V2, Bitbrains). */
  readonly coresPerMachine?: number;
  /** Prometheus: the label naming a task. */
  readonly idLabel?: string;
}
