import type { BenchSuite } from './figure.ts';
import { grid, kernel } from './evaluation.ts';
import { interactive, scale } from './interactive.ts';
import { layout } from './layout.ts';
import { paperLab } from './paperLab.ts';
import { parse } from './parse.ts';
import { startup } from './startup.ts';
import { tune } from './tune.ts';
import { cluster } from './cluster.ts';
import { timeline } from './timeline.ts';
import { resize } from './resize.ts';
import { gpaFit } from './gpaFit.ts';
import { scaleCurve } from './scaleCurve.ts';
import { gridWorkers } from './gridWorkers.ts';
import { drag } from './drag.ts';
import { replay } from './replay.ts';
import { prometheus } from './prometheus.ts';
import { advise } from './advise.ts';
import { schedulersKnob } from './schedulersKnob.ts';
import { whatIfWeek } from './whatIfWeek.ts';
import { whatIfTune } from './whatIfTune.ts';
import { whatIfCell } from './whatIfCell.ts';

/** Every benchmark suite; a new suite adds one line here. */
export const SUITES: BenchSuite[] = [
  layout,
  parse,
  kernel,
  grid,
  interactive,
  scale,
  startup,
  tune,
  paperLab,
  cluster,
  timeline,
  resize,
  gpaFit,
  scaleCurve,
  gridWorkers,
  drag,
  replay,
  prometheus,
  advise,
  schedulersKnob,
  whatIfWeek,
  whatIfTune,
  whatIfCell,
];
