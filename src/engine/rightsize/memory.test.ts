/**
 * Memory requests on histories whose answer is worked out by hand: the VPA's daily peaks weighted
 * by recency, krr's 100-point rule, slopack's walk-forward growth.
 */
import { describe, expect, it } from 'vitest';
import { memoryRequests } from './memory.ts';
import type { WorkloadSamples } from './recommenders.ts';

const STEP = 3600;

/** One pod sampled hourly over `days`, at `level(day)` bytes all day. */
function pod(days: number, level: (day: number) => number): WorkloadSamples {
  const n = days * 24;
  return {
    pods: [Float64Array.from({ length: n }, (_, k) => level(Math.floor(k / 24)))],
    times: [Float64Array.from({ length: n }, (_, k) => k * STEP)],
  };
}

const requestsOf = (w: WorkloadSamples, bytes = 1) => {
  const instants = w.times[0];
  return Object.fromEntries(
    memoryRequests(1, () => w, bytes, instants, STEP).map((o) => [
      o.strategy,
      { request: o.requests[0], why: o.why[0] },
    ]),
  );
};

/** The end of the VPA's bucket holding v (10 MB, 5 % growth): its p90 when all weight is there. */
const bucketEnd = (v: number) => {
  const b = Math.floor(Math.log((v * 0.05) / 1e7 + 1) / Math.log(1.05));
  return (1e7 * (1.05 ** (b + 1) - 1)) / 0.05;
};

describe('memory requests', () => {
  it('the VPA weights the newer day’s peak twice: p90 of 1 GB then 2 GB is 2 GB’s bucket', () => {
    const r = requestsOf(pod(2, (d) => (d === 0 ? 1e9 : 2e9)));
    expect(r.vpa.request).toBe(Math.ceil(bucketEnd(2e9) * 1.15));
    // Three days falling 3, 2, 1 GB: weights 1, 2, 4 of 7; 90 % of 7 is reached only at 3 GB.
    const falling = requestsOf(pod(3, (d) => [3e9, 2e9, 1e9][d]));
    expect(falling.vpa.request).toBe(Math.ceil(bucketEnd(3e9) * 1.15));
    // Ten days at 1 GB then 9 GB on the last: 2^9 of 2^10 - 1 is past 10 %, so p90 is 9 GB's.
    expect(requestsOf(pod(10, (d) => (d === 9 ? 9e9 : 1e9))).vpa.request).toBe(
      Math.ceil(bucketEnd(9e9) * 1.15),
    );
  });

  it('the VPA’s floor is 250 MiB, in bytes and in machine units of a given memory', () => {
    expect(requestsOf(pod(1, () => 1e6)).vpa.request).toBe(250 * 2 ** 20);
    const machine = 64 * 2 ** 30;
    const machines = requestsOf(
      pod(1, () => 0.01),
      machine,
    );
    expect(machines.vpa.request).toBeCloseTo(
      Math.ceil(bucketEnd(0.01 * machine) * 1.15) / machine,
      12,
    );
    expect(
      requestsOf(
        pod(1, () => 1e-6),
        machine,
      ).vpa.request,
    ).toBe((250 * 2 ** 20) / machine);
  });

  it('krr: the peak + 15 %, none under 100 samples', () => {
    expect(requestsOf(pod(5, (d) => 1e9 + d * 1e8)).krr.request).toBeCloseTo(1.4e9 * 1.15, 0);
    const short = requestsOf({
      pods: [new Float64Array(99).fill(1e9)],
      times: [Float64Array.from({ length: 99 }, (_, k) => k * 60)],
    });
    expect(short.krr.request).toBeNaN();
    expect(short.krr.why).toMatch(/99 samples.*needs 100 \(points_required\)/);
  });

  it('slopack: the peak, raised by the largest walk-forward growth', () => {
    expect(requestsOf(pod(4, () => 1e9)).slopack.request).toBe(1e9);
    // Peaks 1, 1.5, 1.5, 1.8 GB: the judged days rose by 50 %, 0 % and 20 % over what came before.
    const rising = requestsOf(pod(4, (d) => [1e9, 1.5e9, 1.5e9, 1.8e9][d]));
    expect(rising.slopack.request).toBeCloseTo(1.8e9 * 1.5, 0);
  });
});
