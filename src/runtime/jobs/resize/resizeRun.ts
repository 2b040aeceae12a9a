/**
 * One resizing run with its per-step series (SPEC §13), for the Resize view: a single unit, so the
 * page stays responsive while a long trace (PlanetLab's ten days) runs in a worker.
 */
import { simulateResize, type ResizeConfig, type ResizeResult } from '../../../engine/index.ts';
import { defineJob } from '../job.ts';
import { unpackWorkload, type PackedWorkload } from './resize.ts';

interface ResizeRunSpec {
  readonly workload: PackedWorkload;
  readonly config: ResizeConfig;
}

export const resizeRun = defineJob({
  needsPool: false,
  units: (): number[] => [0],
  run(_ctx, spec: ResizeRunSpec, _unit: number, checkpoint): ResizeResult {
    checkpoint();
    return simulateResize(unpackWorkload(spec.workload), { ...spec.config, series: true });
  },
});
