import { describe, expect, it } from 'vitest';
import {
  capacityText,
  coresPerMachineOf,
  machineNoun,
  nodesJson,
  nodesText,
  usageText,
  utilisationText,
} from './cores.ts';
import { tradeoffPoints, tradeoffSpec } from './tradeoff/tradeoffPlots.ts';
import type { SweepRow } from '../engine/index.ts';

describe('machine units in cores and nodes', () => {
  it('knows the cores of data that came in cores, only at task size 1', () => {
    expect(coresPerMachineOf({ unit: 'cores', capacity: 8 }, 1)).toBe(8);
    expect(coresPerMachineOf({ unit: 'percent', coresPerMachine: 16 }, 1)).toBe(16);
    expect(coresPerMachineOf({ unit: 'percent' }, 1)).toBeNull();
    expect(coresPerMachineOf({ unit: 'absolute', capacity: 83200 }, 1)).toBeNull();
    expect(coresPerMachineOf({ unit: 'cores', capacity: 8 }, 0.25)).toBeNull();
    expect(coresPerMachineOf(null, 1)).toBeNull();
  });

  it('says machines as nodes of the capacity’s cores', () => {
    expect(nodesText(41, 1, 8)).toBe('41 nodes of 8 cores, 328 cores');
    expect(nodesText(1, 1.5, 8)).toBe('1 node of 12 cores, 12 cores');
    expect(nodesText(41, 1, null)).toBeNull();
    expect(capacityText(1, 8)).toBe('c = 1: nodes of 8 cores');
    expect(capacityText(1, null)).toBe('c = 1');
    expect(nodesJson(3, 2, 4)).toEqual({
      cores_per_machine: 4,
      node_cores: 8,
      nodes: 3,
      cores: 24,
    });
  });

  it('says usages and utilisations in cores beside the machine units', () => {
    expect(usageText(0.62, 8)).toBe('0.62 (4.96 cores)');
    expect(usageText(0.62, null)).toBe('0.62');
    expect(utilisationText(0.732, 64)).toBe('73.2 % (46.85 cores)');
    expect(machineNoun(8)).toBe('nodes');
    expect(machineNoun(null, 1)).toBe('machine');
    expect(nodesJson(40.5, 1, 16)).toMatchObject({ nodes: 40.5, cores: 648 });
  });

  it('names the trade-off plot’s machines as nodes of the data’s cores', () => {
    const row = (mAbs: number, q: number) =>
      ({
        instance: 0,
        params: { fit: { kind: 'gpa', rho: 0.01 }, packer: 'bf', capacity: 2 },
        mAbs,
        mNorm: 40,
        m: mAbs / 40,
        q,
      }) as unknown as SweepRow;
    const points = tradeoffPoints([row(41, 0.01), row(43, 0.02)], 1000, {
      kind: 'gpa',
      rho: 0.01,
    });
    expect(points[0].mAbs).toBe(42);
    const spec = tradeoffSpec(points, 1000, 720, [], { capacity: 2, coresPerMachine: 8 });
    expect(spec.x?.label).toBe('nodes used m = m_abs / m_norm (c = 2: nodes of 16 cores) →');
    const plain = tradeoffSpec(points, 1000);
    expect(plain.x?.label).toBe('machines used m = m_abs / m_norm →');
  });
});
