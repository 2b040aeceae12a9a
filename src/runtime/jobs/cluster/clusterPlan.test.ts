import { afterAll, describe, expect, it } from 'vitest';
import { loadShared } from '../../../cli/commands/cluster/clusterData.ts';
import { HARMONY_TYPES } from '../../../engine/cluster/machineTypes.ts';
import { periodLoads } from '../../../engine/cluster/periodDemand.ts';
import { allenCunneenDelay } from '../../../engine/cluster/queue.ts';
import { provision } from '../../../engine/cluster/provisionRun.ts';
import { provisionInput } from '../../../engine/cluster/periodDemand.ts';
import { createInlineRunner } from '../../inlineRunner.ts';
import { loadLpSolver } from '../../lp.ts';
import { clusterClasses, type ClusterClassesSpec } from './clusterPlan.ts';

const runner = createInlineRunner();
afterAll(() => runner.dispose());

async function classesSpec(): Promise<ClusterClassesSpec> {
  return {
    samples: await loadShared('bitbrains-rnd'),
    realizations: 200,
    seed: 5,
    k: 4,
    kMax: 6,
    features: 'usage',
    eps: 0.01,
    split: 'union',
    packer: 'ff',
    types: HARMONY_TYPES,
    open: 'order',
    clairvoyance: 1,
    periods: 6,
    cv2: 1,
    targetDelay: 0.05,
  };
}

describe('the Cluster view jobs on Bitbrains (CPU and memory)', () => {
  it('classes job: per period, the fewest containers meeting the target delay', async () => {
    const spec = await classesSpec();
    const { analysis, plan } = clusterClasses.run(null, spec, 0, () => {});
    expect(analysis.elbow.length).toBe(spec.kMax);
    expect(plan.containers.length).toBe(spec.periods);
    for (const row of plan.containers)
      row.forEach((n, c) => {
        const a = plan.arrivals[plan.containers.indexOf(row)][c];
        if (a === 0) return expect(n).toBe(0);
        expect(allenCunneenDelay(n, a, 1, spec.cv2)).toBeLessThanOrEqual(spec.targetDelay);
        if (n > 1)
          expect(allenCunneenDelay(n - 1, a, 1, spec.cv2)).toBeGreaterThan(spec.targetDelay);
      });
    // The periods' loads add up to every task's mean use per period, whatever its class.
    const loads = periodLoads(spec.samples, analysis.clustering.labels, spec.k, spec.periods);
    const total = loads.reduce((s, byR) => s + byR[0].reduce((a, b) => a + b, 0), 0);
    const direct = spec.samples.samples[0].reduce((s, x) => {
      let sum = 0;
      for (let t = 0; t < spec.periods; t++) {
        const a = Math.floor((t * x.length) / spec.periods);
        const b = Math.floor(((t + 1) * x.length) / spec.periods);
        sum += x.subarray(a, b).reduce((u, v) => u + v, 0) / (b - a);
      }
      return s + sum;
    }, 0);
    expect(total).toBeCloseTo(direct, 9);
  });

  it('provisioning job: awaited by the runner, the engine loop with HiGHS', async () => {
    const spec = await classesSpec();
    const [{ plan }] = await runner.runJob(null, 'clusterClasses', spec);
    const [out] = await runner.runJob(null, 'clusterProvision', {
      types: HARMONY_TYPES,
      sizes: plan.sizes,
      containers: plan.containers,
    });
    const direct = provision(
      await loadLpSolver(),
      provisionInput(HARMONY_TYPES, plan.sizes),
      plan.containers,
    );
    expect(out.result).toEqual(direct);
    expect(out.result.relax.length).toBe(spec.periods);
    expect(out.lpMs).toBeGreaterThan(0);
  });

  it('LP timing job: one time per repeat', async () => {
    const [out] = await runner.runJob(null, 'lpTiming', {
      types: HARMONY_TYPES,
      classes: 20,
      repeats: 3,
    });
    expect(out.times.length).toBe(3);
    expect(out.times.every((t) => t > 0)).toBe(true);
  });
});
