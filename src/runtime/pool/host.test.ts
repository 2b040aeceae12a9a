import { describe, expect, it } from 'vitest';
import { PAPER_FITS, type SweepSpec } from '../../engine/index.ts';
import type { PackRequest } from '../../protocol/api.ts';
import { CANCEL, CONTROL_BYTES, JOB_DONE, JOB_STATE, JOB_WORDS } from '../../protocol/layout.ts';
import { EngineHost } from './host.ts';
import { CancelledError } from '../runner.ts';
import { planetlabDay } from '../../ingest/testing.ts';

const samples = planetlabDay();
const spec: SweepSpec = {
  seed: 2,
  instances: 2,
  tasks: 200,
  fits: PAPER_FITS,
  packers: ['bf'],
  capacity: 1,
  clairvoyance: 0.5,
  source: 'inst',
  rebalance: 5,
};

function host(control: SharedArrayBuffer | null = null) {
  const h = new EngineHost();
  h.hello(control, 0);
  h.createLocal(1, {
    kind: 'samples',
    inst: samples.inst,
    avg: null,
    realizations: 800,
    seed: 2,
  });
  return h;
}

describe('the worker API across the structured-clone boundary', () => {
  it('gives the same answers to cloned arguments, and its answers survive cloning', () => {
    const direct = host();
    const cloned = host();
    const request: PackRequest = {
      tasks: 200,
      instance: 1,
      seed: 2,
      params: { ...spec, packer: 'bf', fit: { kind: 'gpa', rho: 0.01 } },
    };
    const a = direct.pack(1, request, true);
    const b = structuredClone(cloned.pack(1, structuredClone(request), true));
    expect(b).toEqual(a);
    expect(b.trace!.length).toBeGreaterThanOrEqual(200);
    const rows = structuredClone(Int32Array.from(a.result.machines[0].tasks, (t) => a.rows[t]));
    expect(structuredClone(cloned.machineTotals(1, rows, 0.5))).toEqual(
      direct.machineTotals(1, rows, 0.5),
    );
    const units = [0, 1, 2, 16, 17];
    expect(structuredClone(cloned.sweepUnit(1, structuredClone(spec), units, -1))).toEqual(
      direct.sweepUnit(1, spec, units, -1),
    );
  });

  it('a worker warmed for a packing packs it as a cold one does', () => {
    const request: PackRequest = {
      tasks: 200,
      instance: 3,
      seed: 2,
      params: { ...spec, packer: 'bf', fit: { kind: 'perc', p: 90 } },
    };
    const warmed = host();
    warmed.warm(1, structuredClone(request));
    expect(warmed.pack(1, request, true)).toEqual(host().pack(1, request, true));
    expect(() => warmed.warm(9, request)).toThrow(/pool 9/);
  });

  it('counts progress and stops on a cancel request in its control words', () => {
    const control = new SharedArrayBuffer(CONTROL_BYTES);
    const words = new Int32Array(control);
    const h = host(control);
    const job = 3;
    h.sweepUnit(1, spec, [0, 1, 2], job);
    expect(Atomics.load(words, job * JOB_WORDS + JOB_DONE)).toBe(3);
    Atomics.store(words, job * JOB_WORDS + JOB_STATE, CANCEL);
    expect(() => h.sweepUnit(1, spec, [3, 4], job)).toThrow(CancelledError);
    expect(Atomics.load(words, job * JOB_WORDS + JOB_DONE)).toBe(3);
  });

  it('names what is wrong', () => {
    const h = host();
    expect(() => h.sweepUnit(1, spec, [999], -1)).toThrow('run 999 is outside the grid of 32');
    expect(() => h.pack(2, {} as PackRequest, false)).toThrow('pool 2 is not loaded');
    expect(() => h.machineTotals(1, Int32Array.of(5000), 1)).toThrow('invalid pool row 5000');
  });
});

describe('allocation failures', () => {
  it('say how much memory was asked for', async () => {
    const { allocate } = await import('./host.ts');
    expect(() =>
      allocate(3 * 2 ** 30, () => {
        throw new RangeError('Array buffer allocation failed');
      }),
    ).toThrow(
      'cannot allocate 3072 MiB for the realization matrices (Array buffer allocation failed); try fewer tasks or realizations',
    );
  });
});
