import { describe, expect, it } from 'vitest';
import type { PackRequest } from '../../protocol/api.ts';
import { IDLE, INTERACTIVE, type Slot, type WorkerPort } from './poolParts.ts';
import { TaskQueue } from './poolQueue.ts';
import { warmOtherWorkers } from './poolWarm.ts';

function slotsOf(n: number): Slot[] {
  return Array.from(
    { length: n },
    (_, index) => ({ index, busy: false, failed: null, port: {} as WorkerPort }) as Slot,
  );
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

const request: PackRequest = {
  tasks: 10,
  instance: 0,
  seed: 1,
  params: {
    packer: 'bf',
    fit: { kind: 'gpa', rho: 0.01 },
    capacity: 1,
    clairvoyance: 1,
    source: 'inst',
    rebalance: 5,
  },
};

describe('statistics warmed ahead on the other workers', () => {
  it('after a pack, every other live worker warms them once per instance, split and test, unannounced', async () => {
    const slots = slotsOf(3);
    slots[2].failed = new Error('given up');
    let announced = 0;
    const queue = new TaskQueue(
      slots,
      () => false,
      () => announced++,
    );
    const warmed: number[] = [];
    const call = <T>(slot: Slot) => (warmed.push(slot.index), Promise.resolve() as Promise<T>);
    const warm = (served: number, r: PackRequest) =>
      warmOtherWorkers({ queue, call }, slots, slots[served], 7, r);

    warm(0, request);
    await settle();
    expect(warmed).toEqual([1]);
    // Slot 0 holds them (it packed), slot 1 now too; another ρ reads the same statistics.
    warm(1, request);
    warm(0, { ...request, params: { ...request.params, fit: { kind: 'gpa', rho: 0.2 } } });
    await settle();
    expect(warmed).toEqual([1]);
    // Another instance, split or test family reads other statistics.
    warm(0, { ...request, instance: 1 });
    warm(0, { ...request, params: { ...request.params, clairvoyance: 0.5 } });
    warm(0, { ...request, params: { ...request.params, fit: { kind: 'perc', p: 95 } } });
    await settle();
    expect(warmed).toEqual([1, 1, 1, 1]);
    // A replacement worker starts cold.
    slots[1].port = {} as WorkerPort;
    warm(0, request);
    await settle();
    expect(warmed).toEqual([1, 1, 1, 1, 1]);
    expect(announced).toBe(0);
  });

  it('a pinned task waits for its own worker while another is free, behind interactive work', async () => {
    const slots = slotsOf(2);
    const queue = new TaskQueue(slots, () => false);
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof deferred>>();
    const task = (name: string) => (slot: Slot) => {
      started.push(`${name}@${slot.index}`);
      const gate = deferred();
      gates.set(name, gate);
      return gate.promise;
    };
    void queue.enqueue(task('a'), INTERACTIVE);
    void queue.enqueue(task('b'), INTERACTIVE);
    void queue.enqueue(task('warm'), IDLE, { affinity: 1, pinned: true });
    void queue.enqueue(task('c'), INTERACTIVE);
    expect(started).toEqual(['a@0', 'b@1']);
    gates.get('a')!.resolve();
    await settle();
    expect(started).toEqual(['a@0', 'b@1', 'c@0']);
    gates.get('c')!.resolve();
    await settle();
    expect(started).toEqual(['a@0', 'b@1', 'c@0']);
    gates.get('b')!.resolve();
    await settle();
    expect(started).toEqual(['a@0', 'b@1', 'c@0', 'warm@1']);
  });
});
