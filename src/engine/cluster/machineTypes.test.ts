import { describe, expect, it } from 'vitest';
import {
  HARMONY_TYPES,
  machinePower,
  machineTypesFromJson,
  machineTypesFromLink,
  machineTypesToJson,
  machineTypesToLink,
} from './machineTypes.ts';
import { marginalEnergyPerUnit } from './pack.ts';

describe('machine types', () => {
  it('HARMONY Table II normalised to 48 cores and 64 GB', () => {
    expect(HARMONY_TYPES.map((t) => t.count)).toEqual([7000, 1500, 1000, 500]);
    expect(HARMONY_TYPES[1].capacity).toEqual([0.25, 0.5]);
    expect(HARMONY_TYPES[2].capacity).toEqual([0.5, 0.25]);
  });
  it('round-trip through JSON and through a link', () => {
    const custom = [
      ...HARMONY_TYPES,
      { name: 'big|odd~name', capacity: [2, 1.5], count: null, idleWatts: 1, peakWatts: 2 },
    ];
    expect(machineTypesFromJson(machineTypesToJson(custom), 2)).toEqual(custom);
    expect(machineTypesFromLink(machineTypesToLink(custom), 2)).toEqual(custom);
  });
  it('names the bad field', () => {
    expect(() =>
      machineTypesFromJson(
        '{"types":[{"name":"a","capacity":[1,0],"count":1,"idleWatts":1,"peakWatts":2}]}',
        2,
        'x.json',
      ),
    ).toThrow(/x\.json: machine type 1 "a": capacity\[1\] = 0/);
    expect(() =>
      machineTypesFromJson(
        '{"types":[{"name":"a","capacity":[1,1],"count":1,"idleWatts":5,"peakWatts":2}]}',
        2,
      ),
    ).toThrow(/peakWatts/);
    expect(() => machineTypesFromJson('nope', 2, 'y.json')).toThrow(/y\.json: not JSON/);
    expect(() => machineTypesFromLink('a~1~1~2', 2)).toThrow(/expected 6 fields/);
  });
  it('power is linear in CPU utilization, capped at 1', () => {
    const t = HARMONY_TYPES[3];
    expect(machinePower(t, 0)).toBe(t.idleWatts);
    expect(machinePower(t, 0.5)).toBe((t.idleWatts + t.peakWatts) / 2);
    expect(machinePower(t, 3)).toBe(t.peakWatts);
  });
  it('a CPU-heavy task prefers the CPU-heavy type by marginal energy (the paper’s 0.2-CPU example)', () => {
    const costs = HARMONY_TYPES.map((t) => marginalEnergyPerUnit(t, [0.2, 0.05]));
    const fits = HARMONY_TYPES.map((t) => t.capacity[0] >= 0.2);
    const best = costs.reduce((b, c, m) => (fits[m] && (b < 0 || c < costs[b]) ? m : b), -1);
    expect(HARMONY_TYPES[best].name).toBe('HP DL385 G7');
  });
});
