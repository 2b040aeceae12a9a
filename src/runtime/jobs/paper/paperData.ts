/**
 * The paper lab's data figures (GPA paper §3, SPEC §9) as jobs over task ranges: Fig. 1, the
 * per-task moments of Figs. 2–3, the histograms of Fig. 4 (then k-means, one unit) and §3.4's KS
 * test. Samples travel in the spec (packed, shared where possible); task i's randomness comes from
 * its own stream, so any split gives the engine's numbers.
 */
import {
  fig1Chunk,
  histogramsChunk,
  kmeans,
  momentsChunk,
  timeInvarianceChunk,
  type Fig1Partial,
  type Histograms,
  type KmeansResult,
  type MomentsPartial,
  type RunControl,
  type TimeInvariancePartial,
} from '../../../engine/index.ts';
import { defineJob } from '../job.ts';
import { samplesInRange, taskRanges, type PackedSamples } from './paperSamples.ts';

/** Tasks per unit: small enough for progress and cancel, large enough to cost little to send. */
export const TASKS_PER_UNIT = 512;

interface Range {
  readonly start: number;
  readonly end: number;
}

const ranges = (spec: { samples: PackedSamples }): Range[] =>
  taskRanges(spec.samples.tasks, TASKS_PER_UNIT);
const tasksIn = (u: Range) => Math.max(1, u.end - u.start);
const control = (checkpoint: () => void): RunControl => ({ onProgress: () => checkpoint() });

interface Fig1JobSpec {
  readonly samples: PackedSamples;
  readonly seed: number;
  readonly ks?: readonly number[];
}

export const paperFig1 = defineJob({
  needsPool: false,
  units: (spec: Fig1JobSpec) => ranges(spec),
  run(_ctx, spec: Fig1JobSpec, u: Range, checkpoint): Fig1Partial {
    const samples = samplesInRange(spec.samples, u.start, u.end);
    return fig1Chunk(
      samples,
      { seed: spec.seed, ks: spec.ks },
      u.start,
      u.end,
      control(checkpoint),
    );
  },
  weight: tasksIn,
});

interface SamplesJobSpec {
  readonly samples: PackedSamples;
}

export const paperMoments = defineJob({
  needsPool: false,
  units: ranges,
  run(_ctx, spec: SamplesJobSpec, u: Range, checkpoint): MomentsPartial {
    checkpoint();
    return momentsChunk(samplesInRange(spec.samples, u.start, u.end), u.start, u.end);
  },
  weight: tasksIn,
});

export const paperHistograms = defineJob({
  needsPool: false,
  units: ranges,
  run(_ctx, spec: SamplesJobSpec, u: Range, checkpoint): Histograms {
    checkpoint();
    return histogramsChunk(samplesInRange(spec.samples, u.start, u.end).inst, u.start, u.end);
  },
  weight: tasksIn,
});

interface KmeansJobSpec {
  readonly histograms: Histograms;
  readonly k: number;
  readonly seed: number;
}

export const paperKmeans = defineJob({
  needsPool: false,
  units: () => [0],
  run(_ctx, spec: KmeansJobSpec, _unit: number, checkpoint): KmeansResult {
    return kmeans(spec.histograms, { k: spec.k, seed: spec.seed }, control(checkpoint));
  },
});

interface TimeInvarianceJobSpec {
  readonly samples: PackedSamples;
  readonly seed: number;
  readonly window: number;
  readonly series: 'inst' | 'avg';
}

export const paperTimeInvariance = defineJob({
  needsPool: false,
  units: (spec: TimeInvarianceJobSpec) => ranges(spec),
  run(_ctx, spec: TimeInvarianceJobSpec, u: Range, checkpoint): TimeInvariancePartial {
    return timeInvarianceChunk(
      samplesInRange(spec.samples, u.start, u.end),
      { seed: spec.seed, window: spec.window, series: spec.series },
      u.start,
      u.end,
      control(checkpoint),
    );
  },
  weight: tasksIn,
});
