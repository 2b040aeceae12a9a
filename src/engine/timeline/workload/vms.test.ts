import { describe, expect, it } from 'vitest';
import { vmArrivals } from './vms.ts';

describe('VMs over time', () => {
  it('puts a VM-day at its day’s start, in calendar days from the first day', () => {
    const a = vmArrivals(['20110303:a', '20110306:b', '20110303:c', '20110401:d', '20120301:e']);
    expect(Array.from(a)).toEqual([0, 3, 0, 29, 364].map((d) => d * 86_400));
    expect(Array.from(vmArrivals(['vm1', 'vm2']))).toEqual([0, 0]);
    expect(() => vmArrivals(['20110303:a', 'vm2'])).toThrow(/vm2/);
  });
});
