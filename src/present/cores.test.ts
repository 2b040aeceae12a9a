import { describe, expect, it } from 'vitest';
import { capacityText, coresPerMachineOf, nodesJson, nodesText } from './cores.ts';

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
});
