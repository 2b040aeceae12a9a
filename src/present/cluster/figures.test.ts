import { describe, expect, it } from 'vitest';
import { HARMONY_TYPES } from '../../engine/cluster/machineTypes.ts';
import type { MultiMeasure } from '../../engine/cluster/measure.ts';
import type { PeriodOutcome, ProvisionResult } from '../../engine/cluster/provisionRun.ts';
import { figureSnapshot } from '../../../scripts/figureSnapshot.ts';
import {
  elbowSpec,
  fitMachinesSpec,
  machineBarsSpec,
  provisionEnergySpec,
  provisionMachinesSpec,
  type MachineBar,
} from './plots.ts';

const types = HARMONY_TYPES.slice(0, 3);
const bars: MachineBar[] = [0, 1, 2, 3, 4].flatMap((j) =>
  ['CPU', 'memory'].map((resource, d) => ({
    machine: j + 1,
    type: types[j % types.length].name,
    resource,
    mean: 0.4 + 0.1 * j - 0.05 * d,
    p99: 0.7 + 0.08 * j - 0.1 * d,
    tasks: 3 + j,
  })),
);
const measure = (machinesByType: number[], qAny: number): MultiMeasure => ({
  machines: machinesByType.reduce((a, b) => a + b, 0),
  machinesByType,
  qByResource: [qAny, qAny / 2],
  qAny,
  meanPower: 1000,
  energy: 1e5,
  stranded: [0.1, 0.2],
  overflows: [],
  evaluated: 1000,
});
const period = (machines: number[], energy: number, switching: number): PeriodOutcome => ({
  machines,
  placed: machines,
  unplaced: 0,
  energy,
  switching,
});
const provision: ProvisionResult = {
  relax: [period([2, 1, 0], 900, 0), period([3, 1, 1], 1300, 40), period([1, 1, 0], 600, 10)],
  baseline: [period([3, 0, 0], 1100, 0), period([5, 0, 0], 1800, 60), period([2, 0, 0], 700, 30)],
  fractional: [],
};

describe('Cluster figures as SVG snapshots', () => {
  it('a bar per machine and resource', async () => {
    await expect(figureSnapshot(machineBarsSpec(bars, types))).toMatchFileSnapshot(
      '__snapshots__/machineBars.svg',
    );
  });

  it('machines by type per fit test', async () => {
    const spec = fitMachinesSpec(
      ['gpa:0.01', 'max'],
      [measure([3, 1, 0], 0.0042), measure([1, 2, 2], 0)],
      types,
    );
    await expect(figureSnapshot(spec)).toMatchFileSnapshot('__snapshots__/fitMachines.svg');
  });

  it('the k-means elbow', async () => {
    await expect(figureSnapshot(elbowSpec([40, 22, 13, 10, 8.5, 7.8], 3))).toMatchFileSnapshot(
      '__snapshots__/elbow.svg',
    );
  });

  it('the provisioning timeline: machines and energy per period', async () => {
    await expect(figureSnapshot(provisionMachinesSpec(provision, types))).toMatchFileSnapshot(
      '__snapshots__/provisionMachines.svg',
    );
    await expect(figureSnapshot(provisionEnergySpec(provision))).toMatchFileSnapshot(
      '__snapshots__/provisionEnergy.svg',
    );
  });
});
