/**
 * A job's units on the pool: one control block for cancel and progress, units queued at batch
 * priority wherever a worker is free, outputs in unit order.
 */
import type { Remote } from 'comlink';
import type { WorkerApi } from '../../protocol/api.ts';
import { CANCEL, JOB_DONE, JOB_STATE, JOB_WORDS, MAX_JOBS, RUN } from '../../protocol/layout.ts';
import { BATCH, type Slot } from './poolParts.ts';
import type { TaskQueue } from './poolQueue.ts';
import { CancelledError, type Progress, type RunOptions } from '../runner.ts';

/** What running units needs of the pool. */
export interface UnitHost {
  readonly queue: TaskQueue;
  /** Free control blocks (job numbers). */
  readonly freeJobs: number[];
  /** The control words (null without shared memory). */
  readonly words: Int32Array | null;
  readonly progressInterval: number;
  call<T>(slot: Slot, f: (api: Remote<WorkerApi>) => Promise<T>): Promise<T>;
}

/**
 * Runs units as one job: queued at batch priority, one control block for cancel and progress
 * (shared words, polled; else counted here), outputs in unit order. The first failure cancels the
 * rest and rejects.
 */
export function runUnits<U, O>(
  pool: UnitHost,
  name: string,
  units: readonly U[],
  weight: (unit: U) => number,
  call: (api: Remote<WorkerApi>, unit: U, job: number) => Promise<O> | O,
  options?: RunOptions,
): Promise<O[]> {
  if (options?.signal?.aborted) return Promise.reject(new CancelledError());
  if (units.length === 0) return Promise.resolve([]);
  const job = pool.freeJobs.pop();
  if (job === undefined) return Promise.reject(new Error(`more than ${MAX_JOBS} jobs at once`));
  const words = pool.words;
  if (words) {
    Atomics.store(words, job * JOB_WORDS + JOB_STATE, RUN);
    Atomics.store(words, job * JOB_WORDS + JOB_DONE, 0);
  }
  const total = units.reduce((sum, u) => sum + weight(u), 0);
  const outputs: O[] = new Array(units.length);
  let finished = 0;
  let finishedUnits = 0;
  let reported = -1;
  const report = (counted: number) => {
    // A unit run again after its worker was lost counts its runs twice in the shared word.
    const done = Math.min(counted, total);
    if (done !== reported) options?.onProgress?.({ done, total } satisfies Progress);
    reported = done;
  };
  const poll =
    words && options?.onProgress
      ? setInterval(
          () => report(Atomics.load(words, job * JOB_WORDS + JOB_DONE)),
          pool.progressInterval ?? 100,
        )
      : null;
  let settled = 0;
  let outcome: { error: unknown } | null = null;
  return new Promise<O[]>((resolve, reject) => {
    const finish = (error: unknown | null) => {
      if (outcome) return;
      outcome = { error };
      if (poll) clearInterval(poll);
      options?.signal?.removeEventListener('abort', onAbort);
      if (error) {
        if (words) Atomics.store(words, job * JOB_WORDS + JOB_STATE, CANCEL);
        pool.queue.dropQueued(job, error);
        reject(error);
      } else {
        report(total);
        resolve(outputs);
      }
    };
    const onAbort = () => finish(new CancelledError());
    options?.signal?.addEventListener('abort', onAbort);
    units.forEach((unit, i) => {
      pool.queue
        .enqueue((slot) => pool.call(slot, (api) => Promise.resolve(call(api, unit, job))), BATCH, {
          job,
          name,
        })
        .then(
          (got) => {
            outputs[i] = got as O;
            finished += weight(unit);
            if (!words) report(finished);
            if (++finishedUnits === units.length) finish(null);
          },
          (e) => finish(e),
        )
        .finally(() => {
          // The control block is reused only once no unit of this job can still read it.
          if (++settled === units.length) pool.freeJobs.push(job);
        });
    });
  });
}
