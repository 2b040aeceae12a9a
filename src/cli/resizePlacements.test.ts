import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  VisbpPolicy,
  createPolicy,
  exceeds,
  plannedSizes,
  stepEvents,
  stepMajor,
} from '../engine/index.ts';
import { loadResizeWorkload } from './commands/resize/resizeData.ts';
import { main } from './main.ts';

const PLANETLAB = '../shared/data/planetlab-cloudsim/planetlab_20110303.csv';
const dir = mkdtempSync(join(tmpdir(), 'slopack-placements-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function resize(...args: string[]): Promise<Record<string, number>> {
  const lines: string[] = [];
  const code = await main(['resize', ...args, '--json'], (l) => lines.push(l));
  expect(code).toBe(0);
  return JSON.parse(lines.join('\n')) as Record<string, number>;
}

interface Placement {
  step: number;
  vm: string;
  machine: number;
  predicted: number;
  actual: number;
}

/** The placements CSV read back with a plain split (VM ids of this trace hold no comma or quote). */
function readPlacements(file: string): Placement[] {
  const [header, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
  expect(header).toBe('step,vm,machine,predicted_size,actual_usage');
  return lines.map((line) => {
    const [step, vm, machine, predicted, actual] = line.split(',');
    return {
      step: Number(step),
      vm,
      machine: Number(machine),
      predicted: Number(predicted),
      actual: Number(actual),
    };
  });
}

describe('resize --placements on the PlanetLab day (288 steps)', () => {
  it('with the oracle predictor, VISBP has no hot spot (machines filled to exactly 1 are full, not over)', async () => {
    const r = await resize(
      ...['--vms', PLANETLAB, '--policy', 'visbp', '--predictor', 'oracle'],
      ...['--scale', '0.5', '--max-vms', '200'],
    );
    expect(r.steps).toBe(288);
    expect(r.hot_spot_steps).toBe(0);
    expect(r.invariant_violations).toBe(0);
  });

  for (const policy of ['visbp', 'repack:12', 'hotspot']) {
    it(`${policy}: every VM at every step, no machine over capacity, migrations as reported`, async () => {
      const file = join(dir, `${policy.replace(':', '-')}.csv`);
      const r = await resize(
        ...['--vms', PLANETLAB, '--policy', policy, '--predictor', 'fusd'],
        ...['--scale', '0.5', '--max-vms', '200', '--placements', file],
      );
      const rows = readPlacements(file);
      expect(r.steps).toBe(288);
      const vms = new Set(rows.map((p) => p.vm));
      expect(vms.size).toBe(r.vm_count);
      const byStep = new Map<number, Placement[]>();
      for (const p of rows) byStep.set(p.step, [...(byStep.get(p.step) ?? []), p]);
      expect([...byStep.keys()]).toEqual(Array.from({ length: 288 }, (_, k) => k));
      let migrated = 0;
      let machineSteps = 0;
      let hot = 0;
      let previous = new Map<string, number>();
      const repackEvery = policy.startsWith('repack:') ? Number(policy.slice(7)) : 0;
      for (const [k, at] of byStep) {
        expect(new Set(at.map((p) => p.vm)).size).toBe(at.length);
        expect(at.length).toBe(vms.size);
        const predicted = new Map<number, number>();
        const actual = new Map<number, number>();
        for (const p of at) {
          predicted.set(p.machine, (predicted.get(p.machine) ?? 0) + p.predicted);
          actual.set(p.machine, (actual.get(p.machine) ?? 0) + p.actual);
          const before = previous.get(p.vm);
          if (before !== undefined && before !== p.machine) migrated++;
        }
        // VISBP and the hot-spot policy keep every machine's predicted total within capacity at
        // every step; periodic repacking only at its repacking steps (sizes grow in between).
        if (repackEvery === 0 || (k > 0 && k % repackEvery === 0))
          for (const total of predicted.values()) expect(exceeds(total, 1)).toBe(false);
        for (const total of actual.values()) if (exceeds(total, 1)) hot++;
        machineSteps += predicted.size;
        previous = new Map(at.map((p) => [p.vm, p.machine]));
      }
      expect(machineSteps).toBe(r.active_steps);
      expect(hot).toBe(r.hot_spot_steps);
      expect(migrated).toBe(r.migrated_vms);
      expect(migrated).toBeLessThanOrEqual(r.migrations);
      if (policy !== 'visbp') expect(migrated).toBe(r.migrations);
    }, 60_000);
  }

  it('VISBP: reported migrations are every item movement; the file shows each VM’s net move per step', async () => {
    const w = await loadResizeWorkload(PLANETLAB, { scale: 0.5, maxVms: 200 });
    const planned = plannedSizes(w, { kind: 'oracle' });
    const policy = createPolicy({ kind: 'visbp' }, w.usage.length) as VisbpPolicy;
    policy.packer.recordMoves(true);
    const n = w.usage.length;
    const size = new Float64Array(n).fill(NaN);
    const present = new Uint8Array(n);
    const ev = { departures: [] as number[], changes: [] as number[], arrivals: [] as number[] };
    const byStep = stepMajor(planned.sizes, w.steps);
    const before = new Float64Array(n).fill(-1);
    let recorded = 0;
    let reported = 0;
    let net = 0;
    let unrecorded = 0;
    for (let k = 0; k < w.steps; k++) {
      stepEvents(byStep, k, size, present, ev);
      policy.step({ step: k, ...ev, size });
      const moved = new Map<number, number>();
      for (const m of policy.packer.takeRecordedMoves())
        for (const x of m.items) moved.set(x, (moved.get(x) ?? 0) + 1);
      for (const c of moved.values()) recorded += c;
      reported += policy.stepMigrations;
      for (let i = 0; i < n; i++) {
        const id = present[i] ? policy.machineIdOf(i) : -1;
        if (id >= 0 && before[i] >= 0 && id !== before[i]) net++;
        if (id >= 0 && before[i] >= 0 && id !== before[i] && !moved.has(i)) unrecorded++;
        before[i] = id;
      }
    }
    const r = await resize(
      ...['--vms', PLANETLAB, '--policy', 'visbp', '--predictor', 'oracle'],
      ...['--scale', '0.5', '--max-vms', '200'],
    );
    expect(recorded).toBe(reported);
    expect(reported).toBe(r.migrations);
    expect(net).toBe(r.migrated_vms);
    // No VM changes machine without a recorded movement; the rest of the gap is VMs moved twice.
    expect(unrecorded).toBe(0);
    expect(net).toBeLessThan(reported);
  }, 60_000);
});
