import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWideCsv } from '../data/readers/wide.ts';
import { gaussianOverflow } from '../fit/gpa.ts';
import { dataPath } from '../../ingest/testing.ts';
import { createPolicy, type StepInput } from './policies.ts';
import { ffd } from './repack.ts';
import { plannedSizes, simulateResize } from './simulate.ts';
import { workloadFromSamples } from './workloads.ts';

function planetlabDay(vms: number) {
  const samples = parseWideCsv(
    readFileSync(dataPath('planetlab-cloudsim/planetlab_20110303.csv')),
    'planetlab_20110303.csv',
    { scale: 0.25, unit: 'percent', maxTasks: vms },
  );
  return workloadFromSamples('planetlab-day', samples);
}

/** Each slot's VMs, sorted, from a policy's machineOf. */
function machinesOf(
  policy: { activeCount(): number; machineOf(vm: number): number },
  vms: number[],
) {
  const out: number[][] = Array.from({ length: policy.activeCount() }, () => []);
  for (const x of vms) out[policy.machineOf(x)].push(x);
  return out.map((m) => m.sort((a, b) => a - b));
}

describe('periodic repack', () => {
  it('repacks every step exactly as a fresh FFD would (order reused across steps)', () => {
    const arb = fc.array(
      fc.array(fc.oneof(fc.constant(NaN), fc.double({ min: 0, max: 1, noNaN: true })), {
        minLength: 12,
        maxLength: 12,
      }),
      { minLength: 2, maxLength: 8 },
    );
    fc.assert(
      fc.property(arb, (steps) => {
        const n = 12;
        const policy = createPolicy({ kind: 'repack', every: 1 }, n);
        const size = new Float64Array(n).fill(NaN);
        steps.forEach((row, k) => {
          const departures: number[] = [];
          const changes: number[] = [];
          const arrivals: number[] = [];
          row.forEach((s, i) => {
            const was = !Number.isNaN(size[i]);
            const is = !Number.isNaN(s);
            if (was && !is) departures.push(i);
            else if (is && !was) arrivals.push(i);
            else if (is) changes.push(i);
            size[i] = s;
          });
          policy.step({ step: k, departures, changes, arrivals, size });
          const present = row.flatMap((s, i) => (Number.isNaN(s) ? [] : [i]));
          if (k === 0) return;
          const expected = ffd(present, size).map((b) => b.slice().sort((a, c) => a - c));
          expect(machinesOf(policy, present)).toEqual(expected);
          expect(policy.stepMigrations).toBeLessThanOrEqual(policy.stepMigrationsUnmatched);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('with the GPA packer, every repacked machine passes GPA(ρ) on the window μ, σ (real data)', () => {
    const w = planetlabDay(150);
    const predictor = { kind: 'stochastic', window: 8, z: 0 } as const;
    const planned = plannedSizes(w, predictor);
    const rho = 0.05;
    const policy = createPolicy({ kind: 'repack', every: 6, gpa: { rho } }, 150);
    const size = new Float64Array(150);
    const mu = new Float64Array(150);
    const sigma = new Float64Array(150);
    const all = Array.from({ length: 150 }, (_, i) => i);
    let checked = 0;
    for (let k = 0; k < 60; k++) {
      for (const i of all) {
        size[i] = planned.sizes[i][k];
        mu[i] = planned.mu![i][k];
        sigma[i] = planned.sigma![i][k];
      }
      const input: StepInput = {
        step: k,
        departures: [],
        changes: k === 0 ? [] : all,
        arrivals: k === 0 ? all : [],
        size,
        gpa: { mu, sigma, z: 0 },
      };
      policy.step(input);
      if (k === 0 || k % 6 !== 0) continue;
      for (const m of machinesOf(policy, all)) {
        if (m.length < 2) continue;
        let mean = 0;
        let variance = 0;
        for (const x of m) {
          mean += mu[x];
          variance += sigma[x] ** 2;
        }
        expect(gaussianOverflow(mean, variance, 1)).toBeLessThanOrEqual(rho);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('the GPA repack packs tighter than FFD on e = μ + 2σ and asks for the stochastic predictor', () => {
    const w = planetlabDay(150);
    const gpaRun = simulateResize(w, {
      policy: { kind: 'repack', every: 12, gpa: { rho: 0.02 } },
      predictor: { kind: 'stochastic', window: 8, z: 2 },
    }).totals;
    const ffdRun = simulateResize(w, {
      policy: { kind: 'repack', every: 12 },
      predictor: { kind: 'stochastic', window: 8, z: 2 },
    }).totals;
    expect(gpaRun.machine_hours).toBeLessThan(ffdRun.machine_hours);
    expect(() =>
      simulateResize(w, {
        policy: { kind: 'repack', every: 12, gpa: { rho: 0.02 } },
        predictor: { kind: 'last' },
      }),
    ).toThrow(/stochastic/);
    expect(() => createPolicy({ kind: 'repack', every: 2, gpa: { rho: 2 } }, 3)).toThrow(/ρ/);
  });
});
